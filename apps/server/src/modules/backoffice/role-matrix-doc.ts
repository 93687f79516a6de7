import { staffRoles } from '@paws/contracts/staff';
import {
  hasPermission,
  staffPermissionNames,
  type staffPermissions,
} from '@paws/contracts/staff-permissions';
import { type StaffRoutePermission, staffRoutes } from '@paws/contracts/staff-routes';

/** What each permission lets a staff member do, for people reading docs/roles.md. */
const meaning: Record<keyof typeof staffPermissions, string> = {
  self: 'sign in, see who they are, sign out',
  'dashboard.read': 'see the dashboard (money today and over 30 days, queues)',
  'players.read': "search players and read a player's page (profile, money, play, payments, sessions)",
  'players.note': "write staff notes on a player's page",
  'players.ban': 'ban and unban a player',
  'players.signout': "sign a player out everywhere, end one or all of a player's live sessions with a reason",
  'players.factors.request':
    "ask for a player's sign-in factor to be turned off (a lost phone); another member must approve",
  'players.factors.approve':
    "approve or reject another member's request to turn a player's sign-in factor off",
  'adjustments.read': 'read balance adjustments',
  'adjustments.request': 'request a balance adjustment (posted at once up to the four-eyes threshold)',
  'adjustments.approve': "approve or reject another member's adjustment above the threshold",
  'withdrawals.review': 'approve or decline withdrawals',
  'verifications.review': "read identity documents and approve or decline a player's verification",
  'bonuses.read': 'read bonus rules and promo codes',
  'bonuses.write': 'edit bonus rules, create and deactivate promo codes',
  'games.read': 'read the game catalogue settings',
  'games.write': 'enable, disable, order and categorise games',
  'games.rtp': 'read the RTP report (documented beside observed)',
  'broadcasts.send': 'preview and send advertising notifications, read their history',
  'news.write': 'write, schedule, publish and archive news posts, upload their media',
  'news.moderate': 'read every comment, hide or delete any, stop a player from commenting',
  'reports.read': 'read daily rollups per player and per game, run the rollup',
  'staff.manage': "invite staff, grant and revoke roles, reset a member's second factor",
  'audit.read': 'read the audit log',
  'reconciliation.run': 'run the ledger reconciliation on demand',
  'tickets.answer':
    'work the support desk: the ticket queue, take, assign, reply with attachments, internal notes, propose the resolution, read canned responses',
  'tickets.canned': 'create, edit and delete canned responses',
  'responsible-gaming.read':
    "read a player's limits, pending changes, time-outs and self-exclusions with their history, markers of harm and contacts; list the players to contact",
  'responsible-gaming.act':
    "set a lower limit on a player's behalf (never a raise or removal, never lifting a break), record a contact, run the day's scoring of the markers of harm",
};

const endpointsOf = (permission: StaffRoutePermission) =>
  staffRoutes
    .filter((route) => route.permission === permission)
    .map((route) => `- \`${route.method} ${route.url}\``);

/**
 * docs/roles.md, generated from the one matrix in packages/contracts: which roles hold a permission
 * (staff-permissions.ts), and which endpoints each permission opens (staff-routes.ts).
 */
export function renderRoleMatrix(): string {
  const header = `| permission | what it allows | ${staffRoles.join(' | ')} |`;
  const rule = `| --- | --- | ${staffRoles.map(() => ':-:').join(' | ')} |`;
  const rows = staffPermissionNames.map(
    (permission) =>
      `| \`${permission}\` | ${meaning[permission]} | ${staffRoles
        .map((role) => (hasPermission([role], permission) ? '✓' : ''))
        .join(' | ')} |`,
  );
  const endpoints = staffPermissionNames.flatMap((permission) => [
    `### \`${permission}\``,
    '',
    `Held by: ${staffRoles.filter((role) => hasPermission([role], permission)).join(', ')}.`,
    '',
    ...endpointsOf(permission),
    '',
  ]);
  return [
    '# Back-office roles',
    '',
    '<!-- Generated from packages/contracts/src/staff-permissions.ts and staff-routes.ts by `node --import tsx apps/server/src/modules/backoffice/role-matrix-doc.ts`; a test keeps the two equal. -->',
    '',
    "Every back-office endpoint (`/api/staff/…`, served only on the back-office origin) names one permission; the server checks it on every request against the staff session, whose roles are read afresh each time. Admin holds every permission. A player's cookies get nothing from this API (401).",
    '',
    header,
    rule,
    ...rows,
    '',
    '## Endpoints by permission',
    '',
    'The route table (packages/contracts/src/staff-routes.ts) gives every endpoint its permission; the server will not start while a route is missing from it or an entry has no route.',
    '',
    ...endpoints,
    '### Sign-in (no permission)',
    '',
    'The steps that come before a staff session, open to anyone on the back-office origin (rate-limited).',
    '',
    ...endpointsOf('signin'),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(renderRoleMatrix());
