import type { StaffPermission } from './staff-permissions.ts';

/**
 * Every back-office endpoint and the permission that opens it: the route half of the role matrix
 * (staff-permissions.ts says which roles hold a permission). The server guards each route under /api/staff
 * with the permission written here, and refuses to start when a registered route is missing from this table
 * or an entry names no registered route; a route file declares no permission of its own. `'signin'` marks the
 * sign-in steps that come before a staff session. docs/roles.md lists, under each permission, the endpoints
 * it opens, and the authorization test walks every entry × role against it.
 */
export const staffRoutePermissions = {
  // Sign-in (before a session), and the own session.
  'POST /api/staff/auth/login': 'signin',
  'POST /api/staff/auth/verify': 'signin',
  'GET /api/staff/auth/me': 'self',
  // Answers `{ me: null }` without a session: it reads the session itself.
  'GET /api/staff/auth/session': 'signin',
  'POST /api/staff/auth/logout': 'self',
  'POST /api/staff/auth/invite/accept': 'signin',

  // Who am I; the staff screen (admins).
  'GET /api/staff/me': 'self',
  // The search box on every page: each group is filled by the permission that opens what it lists.
  'GET /api/staff/search': 'self',
  // Each member's own saved filters of the queues.
  'GET /api/staff/saved-filters': 'self',
  'PUT /api/staff/saved-filters': 'self',
  'DELETE /api/staff/saved-filters/:id': 'self',
  'GET /api/staff/roles': 'staff.manage',
  'POST /api/staff/roles': 'staff.manage',
  'DELETE /api/staff/roles/:userId/:role': 'staff.manage',
  'GET /api/staff/members': 'staff.manage',
  'POST /api/staff/members': 'staff.manage',
  'DELETE /api/staff/members/:userId/second-factor': 'staff.manage',

  // /dashboard
  'GET /api/staff/dashboard': 'dashboard.read',

  // The player page. Identity documents are verifications.review, not players.read.
  'GET /api/staff/players': 'players.read',
  'GET /api/staff/players/:id': 'players.read',
  'GET /api/staff/players/:id/ledger': 'players.read',
  'GET /api/staff/players/:id/bets': 'players.read',
  'GET /api/staff/players/:id/payments': 'players.read',
  'GET /api/staff/players/:id/bonuses': 'players.read',
  'GET /api/staff/players/:id/verifications': 'players.read',
  'GET /api/staff/players/:id/verifications/:sessionId/document': 'verifications.review',
  'GET /api/staff/players/:id/sessions': 'players.read',
  'GET /api/staff/players/:id/sign-ins': 'players.read',
  'GET /api/staff/players/:id/notes': 'players.read',
  'GET /api/staff/players/:id/timeline': 'players.read',
  'POST /api/staff/players/:id/notes': 'players.note',
  'POST /api/staff/players/:id/ban': 'players.ban',
  'POST /api/staff/players/:id/unban': 'players.ban',
  'POST /api/staff/players/:id/sign-out': 'players.signout',
  // The player's live sessions and sign-in factors; four-eyes factor removal (issue 29 point 6).
  'GET /api/staff/players/:id/live-sessions': 'players.read',
  'POST /api/staff/players/:id/live-sessions/end-all': 'players.signout',
  'POST /api/staff/players/:id/live-sessions/:sessionId/end': 'players.signout',
  'GET /api/staff/players/:id/factors': 'players.read',
  'POST /api/staff/players/:id/factor-removals': 'players.factors.request',
  'GET /api/staff/factor-removals': 'players.read',
  'POST /api/staff/factor-removals/:id/approve': 'players.factors.approve',
  'POST /api/staff/factor-removals/:id/reject': 'players.factors.approve',

  // /withdrawals
  'GET /api/staff/withdrawals': 'withdrawals.review',
  'GET /api/staff/withdrawals/:id': 'withdrawals.review',
  'POST /api/staff/withdrawals/:id/approve': 'withdrawals.review',
  'POST /api/staff/withdrawals/:id/decline': 'withdrawals.review',

  // /verifications
  'GET /api/staff/verifications': 'verifications.review',
  'GET /api/staff/verifications/:id': 'verifications.review',
  'GET /api/staff/verifications/:id/document': 'verifications.review',
  'POST /api/staff/verifications/:id/approve': 'verifications.review',
  'POST /api/staff/verifications/:id/decline': 'verifications.review',

  // /adjustments
  'GET /api/staff/adjustments': 'adjustments.read',
  'GET /api/staff/adjustments/:id': 'adjustments.read',
  'POST /api/staff/adjustments': 'adjustments.request',
  'POST /api/staff/adjustments/:id/approve': 'adjustments.approve',
  'POST /api/staff/adjustments/:id/reject': 'adjustments.approve',

  // /bonuses
  'GET /api/staff/bonuses/rules': 'bonuses.read',
  'PATCH /api/staff/bonuses/rules/:id': 'bonuses.write',
  'GET /api/staff/bonuses/promo-codes': 'bonuses.read',
  'POST /api/staff/bonuses/promo-codes': 'bonuses.write',
  'PATCH /api/staff/bonuses/promo-codes/:id': 'bonuses.write',

  // /games
  'GET /api/staff/games': 'games.read',
  'GET /api/staff/games/rtp': 'games.rtp',
  'PATCH /api/staff/games/:id': 'games.write',

  // /broadcasts
  'POST /api/staff/broadcasts/preview': 'broadcasts.send',
  'POST /api/staff/broadcasts': 'broadcasts.send',
  'GET /api/staff/broadcasts': 'broadcasts.send',

  // /news
  'GET /api/staff/news/posts': 'news.write',
  'GET /api/staff/news/posts/:id': 'news.write',
  'POST /api/staff/news/posts': 'news.write',
  'PUT /api/staff/news/posts/:id': 'news.write',
  'POST /api/staff/news/posts/:id/archive': 'news.write',
  'POST /api/staff/news/posts/:id/restore': 'news.write',
  'POST /api/staff/news/media': 'news.write',
  'GET /api/staff/news/comments': 'news.moderate',
  'POST /api/staff/news/comments/:id/hide': 'news.moderate',
  'POST /api/staff/news/comments/:id/unhide': 'news.moderate',
  'DELETE /api/staff/news/comments/:id': 'news.moderate',
  'GET /api/staff/news/comment-bans': 'news.moderate',
  'POST /api/staff/news/comment-bans': 'news.moderate',
  'DELETE /api/staff/news/comment-bans/:userId': 'news.moderate',

  // /reports
  'GET /api/staff/reports/players': 'reports.read',
  'GET /api/staff/reports/games': 'reports.read',
  'POST /api/staff/reports/rollups/run': 'reports.read',

  // /audit
  'GET /api/staff/audit': 'audit.read',

  // /reconciliation
  'GET /api/staff/reconciliation/latest': 'reports.read',
  'POST /api/staff/reconciliation/runs': 'reconciliation.run',

  // /tickets
  'GET /api/staff/tickets': 'tickets.answer',
  'GET /api/staff/tickets/agents': 'tickets.answer',
  'GET /api/staff/tickets/canned': 'tickets.answer',
  'POST /api/staff/tickets/canned': 'tickets.canned',
  'PATCH /api/staff/tickets/canned/:id': 'tickets.canned',
  'DELETE /api/staff/tickets/canned/:id': 'tickets.canned',
  'GET /api/staff/tickets/files/:messageId': 'tickets.answer',
  'GET /api/staff/tickets/:id': 'tickets.answer',
  'POST /api/staff/tickets/:id/take': 'tickets.answer',
  'POST /api/staff/tickets/:id/assign': 'tickets.answer',
  'POST /api/staff/tickets/:id/messages': 'tickets.answer',
  'POST /api/staff/tickets/:id/notes': 'tickets.answer',
  'POST /api/staff/tickets/:id/resolve-request': 'tickets.answer',
  'POST /api/staff/tickets/:id/guest-links/revoke': 'tickets.answer',

  // /responsible-gaming: the player page's card, and the players to contact
  'GET /api/staff/responsible-gaming/players/:id': 'responsible-gaming.read',
  'PUT /api/staff/responsible-gaming/players/:id/limits': 'responsible-gaming.act',
  'POST /api/staff/responsible-gaming/players/:id/contacts': 'responsible-gaming.act',
  'GET /api/staff/responsible-gaming/flagged': 'responsible-gaming.read',
  'POST /api/staff/responsible-gaming/scores/run': 'responsible-gaming.act',
} as const satisfies Record<`${StaffRouteMethod} /api/staff${string}`, StaffPermission | 'signin'>;

export type StaffRouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type StaffRouteKey = keyof typeof staffRoutePermissions;
export type StaffRoutePermission = StaffPermission | 'signin';

/** One endpoint of the table, split. */
export interface StaffRoute {
  method: StaffRouteMethod;
  /** The path as Fastify spells it, parameters included: `/api/staff/players/:id`. */
  url: string;
  permission: StaffRoutePermission;
}

/** The table's key of an endpoint: `'GET /api/staff/players/:id'`. */
export const staffRouteKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** The table as a list, in its order. */
export const staffRoutes: StaffRoute[] = Object.entries(staffRoutePermissions).map(([key, permission]) => {
  const [method, url] = key.split(' ') as [StaffRouteMethod, string];
  return { method, url, permission };
});
