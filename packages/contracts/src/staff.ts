import { z } from 'zod';
import type { UserRole } from './profile.ts';

/**
 * Staff roles on the account. Every account is a player; staff roles are granted on top of it, several at a
 * time, by an admin. The role matrix (who may do what) is in docs/decisions.md, "Staff roles and audit".
 */
export const staffRoles = ['support', 'content', 'finance', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];
/** Every role an account can hold: 'player' is implicit in every account. */
export const accountRoles = ['player', ...staffRoles] as const;
export type AccountRole = (typeof accountRoles)[number];

/**
 * The spec's single `role` of user data (player | manager | admin), derived from the staff roles: admin when
 * the account holds admin, manager when it holds any other staff role, else player.
 */
export function specRoleOf(roles: readonly StaffRole[]): UserRole {
  if (roles.includes('admin')) return 'admin';
  return roles.length > 0 ? 'manager' : 'player';
}

/** Where the staff API lives (admin and staff calls; the back office's API). */
export const STAFF_API_PREFIX = '/api/staff';

export const staffMessages = {
  onlyAdmins: 'Only admins can grant or revoke roles',
  lastAdmin: 'The last admin cannot lose the admin role',
  userNotFound: 'User not found',
  role: `role must be one of ${staffRoles.join(', ')}`,
  userId: 'userId must be a user id',
  page: 'page must be a whole number of at least 1',
  limit: 'limit must be a whole number from 1 to 100',
  date: 'must be an ISO 8601 date and time',
} as const;

export const staffRoleSchema = z.enum(staffRoles, { error: staffMessages.role });

// ---------------------------------------------------------------------------------------------------------
// GET /api/staff/me (any staff role): who is signed in and what they may do.

export const staffMeSchema = z.object({
  userId: z.string(),
  roles: z.array(staffRoleSchema),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

// ---------------------------------------------------------------------------------------------------------
// Roles (admin only): GET /api/staff/roles, POST /api/staff/roles, DELETE /api/staff/roles/{userId}/{role}

export const roleGrantSchema = z.object({
  role: staffRoleSchema,
  /** null for roles given by the system (the demo seed or a bootstrap), not by an admin. */
  grantedBy: z.string().nullable(),
  /** ISO 8601 */
  grantedAt: z.string(),
});
export type RoleGrant = z.infer<typeof roleGrantSchema>;

export const staffMemberSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  roles: z.array(roleGrantSchema),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

export const grantRoleBodySchema = z.object({
  userId: z.uuid({ error: staffMessages.userId }),
  role: staffRoleSchema,
});
export type GrantRoleBody = z.infer<typeof grantRoleBodySchema>;

export const revokeRoleParamsSchema = grantRoleBodySchema;

/** The account's staff roles after a grant or a revoke. */
export const userRolesSchema = z.object({
  userId: z.string(),
  roles: z.array(staffRoleSchema),
});
export type UserStaffRoles = z.infer<typeof userRolesSchema>;

// ---------------------------------------------------------------------------------------------------------
// Audit log (admin only): GET /api/staff/audit

export const AUDIT_MAX_PAGE_SIZE = 100;

/** Action names are `<area>.<verb>`; the ones in use today. Later modules add theirs. */
export const auditActions = {
  roleGrant: 'role.grant',
  roleRevoke: 'role.revoke',
} as const;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** null for the system. */
  actorId: z.string().nullable(),
  /** The actor's staff roles when acting. */
  actorRoles: z.array(z.string()),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  /** ISO 8601 */
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoDate = z.iso.datetime({ offset: true, error: staffMessages.date });

/** Filters combine with AND; newest first. */
export const auditQuerySchema = z.object({
  page: z.coerce
    .number({ error: staffMessages.page })
    .int({ error: staffMessages.page })
    .min(1, { error: staffMessages.page })
    .default(1),
  limit: z.coerce
    .number({ error: staffMessages.limit })
    .int({ error: staffMessages.limit })
    .min(1, { error: staffMessages.limit })
    .max(AUDIT_MAX_PAGE_SIZE, { error: staffMessages.limit })
    .default(20),
  actorId: z.uuid({ error: staffMessages.userId }).optional(),
  action: z.string().min(1).max(100).optional(),
  targetType: z.string().min(1).max(100).optional(),
  targetId: z.string().min(1).max(200).optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  count: z.number(),
  hasMore: z.boolean(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * The seeded staff accounts, one per staff role (demo data; the README lists them). They are on the
 * staff.paws.local domain to tell them from player accounts at a glance. The seeded manager
 * (demoAccounts.manager in auth.ts) holds the support role too.
 */
export const demoStaffAccounts = {
  admin: { email: 'admin@staff.paws.local', password: 'Admin#2026', username: 'admin', role: 'admin' },
  support: {
    email: 'support@staff.paws.local',
    password: 'Support#2026',
    username: 'support',
    role: 'support',
  },
  content: {
    email: 'content@staff.paws.local',
    password: 'Content#2026',
    username: 'content',
    role: 'content',
  },
  finance: {
    email: 'finance@staff.paws.local',
    password: 'Finance#2026',
    username: 'finance',
    role: 'finance',
  },
} as const satisfies Record<string, { email: string; password: string; username: string; role: StaffRole }>;
