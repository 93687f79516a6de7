/** Query keys of the Players area: DataTable adds its path, filters, page and sort after them. */
export const playerKeys = {
  /** The search list. */
  list: 'players',
  /** One player's profile, balances and bans. */
  player: (id: string) => ['player', id] as const,
  /** One player's responsible gaming card: limits, breaks, history, markers and contacts. */
  responsibleGaming: (id: string) => ['player-responsible-gaming', id] as const,
  /** One player's timeline (every module's part, newest first). */
  timeline: (id: string) => ['player-timeline', id] as const,
  /** The player page's lists (each DataTable's key starts with one of these). */
  section: (section: PlayerSection) => `player-${section}`,
};

export type PlayerSection =
  | 'ledger'
  | 'bets'
  | 'payments'
  | 'bonuses'
  | 'verifications'
  | 'notes'
  | 'sessions'
  | 'sign-ins';
