/**
 * The notifications contract's plain constants, without zod: the web app's first screen imports these, and
 * the schemas (notifications.ts) only where they are needed.
 */

/** A win is news to its player when it pays at least this many times the round's stake… */
export const NOTABLE_WIN_MULTIPLE = 10;
/** …or at least this much (minor units of a real currency: $100). */
export const NOTABLE_WIN_MINOR = 100_00;
/** Whether a win of `amount` on a round staked `stake` (minor units; 0 when nothing was staked) is news. */
export const isNotableWin = (amount: number, stake: number) =>
  amount >= NOTABLE_WIN_MINOR || (stake > 0 && amount >= stake * NOTABLE_WIN_MULTIPLE);

export const notificationCategories = [
  'SYSTEM',
  'GAME_RESULT',
  'FINANCIAL',
  'ADVERTISING',
  'SECURITY',
] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** Dropdown labels, in the spec's order; All is the empty value. */
export const notificationCategoryLabels: Record<NotificationCategory | '', string> = {
  '': 'All',
  SYSTEM: 'System',
  GAME_RESULT: 'Gaming',
  FINANCIAL: 'Finance',
  ADVERTISING: 'Advertising',
  SECURITY: 'Security',
};

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Unread counts above this read '9+'. */
export const UNREAD_BADGE_CAP = 9;

// ---- Realtime: the notifications channel (socket.io namespace '/notifications', websocket only) ----

export const NOTIFICATIONS_NAMESPACE = '/notifications';
/** socketError statusCode for an expired or missing session: the client refreshes tokens and reconnects. */
export const SOCKET_SESSION_EXPIRED = 4001;
export const SOCKET_TIMEOUT_MS = 5000;
