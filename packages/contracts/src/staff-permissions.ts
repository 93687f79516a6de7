import type { StaffRole } from './staff.ts';

/**
 * The role matrix of the back office: every back-office endpoint names one permission (the route table in
 * staff-routes.ts), and a permission names the staff roles that hold it. Admin holds every permission.
 * The server enforces it, the back office hides what a role may not do, and the authorization test walks
 * every route × role against it. docs/roles.md renders it for people.
 */
export const staffPermissions = {
  /** Who am I, sign out, my own second factor. */
  self: ['support', 'content', 'finance'],
  'dashboard.read': ['support', 'finance'],
  'players.read': ['support', 'finance'],
  'players.note': ['support', 'finance'],
  'players.ban': ['support'],
  'players.signout': ['support'],
  /** Ask for a player's sign-in factor to be turned off (four eyes: someone else approves). */
  'players.factors.request': ['support'],
  /** Approve or reject a factor removal someone else asked for (admins only). */
  'players.factors.approve': [],
  'adjustments.read': ['finance'],
  'adjustments.request': ['finance'],
  'adjustments.approve': ['finance'],
  'withdrawals.review': ['finance'],
  'verifications.review': ['finance'],
  'bonuses.read': ['support', 'finance'],
  'bonuses.write': ['finance'],
  'games.read': ['support', 'finance', 'content'],
  'games.write': [],
  'games.rtp': ['finance'],
  'broadcasts.send': ['content'],
  'news.write': ['content'],
  'news.moderate': ['content'],
  'reports.read': ['finance'],
  'staff.manage': [],
  'audit.read': [],
  'reconciliation.run': ['finance'],
  'tickets.answer': ['support'],
  'tickets.canned': ['support'],
  /** A player's limits, breaks, markers of harm and contacts; the players to contact. */
  'responsible-gaming.read': ['support', 'finance'],
  /** Set a lower limit on a player's behalf, record a contact, run the day's scoring. */
  'responsible-gaming.act': ['support'],
} as const satisfies Record<string, readonly Exclude<StaffRole, 'admin'>[]>;

export type StaffPermission = keyof typeof staffPermissions;
export const staffPermissionNames = Object.keys(staffPermissions) as StaffPermission[];

/** Whether an account holding `roles` has `permission` (admin has every one). */
export function hasPermission(roles: readonly StaffRole[], permission: StaffPermission): boolean {
  if (roles.includes('admin')) return true;
  const allowed: readonly StaffRole[] = staffPermissions[permission];
  return roles.some((role) => allowed.includes(role));
}
