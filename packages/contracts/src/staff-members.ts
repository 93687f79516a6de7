import { z } from 'zod';
import { passwordSchema } from './auth.ts';
import { staffRoleSchema } from './staff.ts';
import { staffListQuery, staffPageSchema } from './staff-lists.ts';

/** The staff screen (admins): members with their roles and second factor, invitations, factor resets. */
export const staffMemberMessages = {
  email: 'email must be a valid e-mail address',
  roles: 'roles must name at least one staff role',
  token: 'This invitation link is not valid or has expired',
  alreadyStaff: 'This account is already on the staff; change its roles instead',
  accountExists: 'An account with this e-mail exists: sign in with its password',
} as const;

export const staffMembersQuerySchema = staffListQuery(['email', 'username'], 'email').extend({
  q: z.string().trim().max(254).optional(),
  role: staffRoleSchema.optional(),
});
export type StaffMembersQuery = z.infer<typeof staffMembersQuerySchema>;

export const staffMemberRowSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  roles: z.array(staffRoleSchema),
  hasSecondFactor: z.boolean(),
});
export type StaffMemberRow = z.infer<typeof staffMemberRowSchema>;
export const staffMembersPageSchema = staffPageSchema(staffMemberRowSchema);

export const staffInviteBodySchema = z.object({
  email: z.email({ error: staffMemberMessages.email }).max(254, staffMemberMessages.email),
  roles: z
    .array(staffRoleSchema, { error: staffMemberMessages.roles })
    .min(1, staffMemberMessages.roles)
    .max(4),
});
export type StaffInviteBody = z.infer<typeof staffInviteBodySchema>;

/** 'granted': the e-mail had an account, which now holds the roles; 'invited': a link went to the address. */
export const staffInviteResultSchema = z.object({
  outcome: z.enum(['granted', 'invited']),
  email: z.string(),
  roles: z.array(staffRoleSchema),
});
export type StaffInviteResult = z.infer<typeof staffInviteResultSchema>;

export const staffAcceptInviteBodySchema = z.object({
  token: z
    .string({ error: staffMemberMessages.token })
    .min(20, staffMemberMessages.token)
    .max(200, staffMemberMessages.token),
  password: passwordSchema,
});
export type StaffAcceptInviteBody = z.infer<typeof staffAcceptInviteBodySchema>;

export const staffUserParamsSchema = z.object({ userId: z.uuid({ error: 'userId must be a user id' }) });
