export {
  countSessionBetText,
  countSessionWinText,
  playedOutLimitText,
  withinPlayTimeText,
} from './play-session-statements.ts';
export {
  countPlayText,
  limitedPlayerText,
  lockLimitedPlayer,
  passedLimitText,
  playWindowsText,
  withinLimitsText,
} from './play-statements.ts';
export type { ResponsibleGamingService } from './service.ts';
export { responsibleGamingStaffRoutes } from './staff-routes.ts';
