import { createHash, randomBytes } from 'node:crypto';
import type { StaffRole } from '@paws/contracts/staff';
import {
  type StaffInviteBody,
  type StaffInviteResult,
  type StaffMemberRow,
  type StaffMembersQuery,
  staffMemberMessages,
} from '@paws/contracts/staff-members';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { AuditService } from '../audit/index.ts';
import type { StaffCredentials } from '../identity/index.ts';
import type { Messaging } from '../messaging/index.ts';
import type { StaffActor } from './access.ts';
import type { StaffAuth } from './auth/service.ts';
import { staffInvites } from './schema.ts';
import type { StaffService } from './service.ts';

const INVITE_HOURS = 72;
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface StaffMembersDeps {
  db: Db;
  staff: StaffService;
  staffAuth: StaffAuth;
  credentials: StaffCredentials;
  audit: AuditService;
  messaging: Messaging;
  backOfficeUrl: string;
}

/** The staff screen: who is on the staff (paged and sorted here: a staff is tens of people), invitations. */
export function createStaffMembers({
  db,
  staff,
  staffAuth,
  credentials,
  audit,
  messaging,
  backOfficeUrl,
}: StaffMembersDeps) {
  return {
    async list(query: StaffMembersQuery) {
      const needle = query.q?.toLowerCase();
      const rows: StaffMemberRow[] = await Promise.all(
        (await staff.list()).staff.map(async (member) => ({
          userId: member.userId,
          email: member.email,
          username: member.username,
          roles: member.roles.map((grant) => grant.role),
          hasSecondFactor: await staffAuth.hasSecondFactor(member.userId),
        })),
      );
      const matching = rows.filter(
        (row) =>
          (!query.role || row.roles.includes(query.role)) &&
          (!needle ||
            [row.email, row.username, row.userId].some((value) => value?.toLowerCase().includes(needle))),
      );
      const key = query.sort;
      matching.sort((a, b) => (a[key] ?? '').localeCompare(b[key] ?? '') * (query.order === 'asc' ? 1 : -1));
      const start = (query.page - 1) * query.limit;
      return { items: matching.slice(start, start + query.limit), total: matching.length };
    },

    /** An existing account gets the roles at once; a new address gets a link to set its password. */
    async invite(actor: StaffActor, body: StaffInviteBody): Promise<StaffInviteResult> {
      const email = body.email.trim();
      const existing = await credentials.accountByEmail(email);
      if (existing) {
        for (const role of body.roles) await staff.grantRole(actor, existing.userId, role);
        await messaging.email(
          email,
          'You have joined the PAWS staff',
          `You now hold the staff role${body.roles.length > 1 ? 's' : ''} ${body.roles.join(', ')}.\n` +
            `Sign in to the back office with your account's password: ${backOfficeUrl}/login\n`,
        );
        return { outcome: 'granted', email, roles: body.roles };
      }
      const token = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        const [invite] = await tx
          .insert(staffInvites)
          .values({
            email,
            roles: body.roles,
            tokenHash: hashOf(token),
            invitedBy: actor.id,
            expiresAt: new Date(Date.now() + INVITE_HOURS * 3_600_000),
          })
          .returning({ id: staffInvites.id });
        await audit.record(
          {
            actorId: actor.id,
            actorRoles: actor.roles,
            action: 'staff.invite',
            targetType: 'staff_invite',
            targetId: invite!.id,
            after: { email, roles: body.roles },
            ip: actor.ip,
          },
          tx,
        );
      });
      await messaging.email(
        email,
        'Your invitation to the PAWS back office',
        `You have been invited to the PAWS staff (${body.roles.join(', ')}).\n` +
          `Choose your password here within ${INVITE_HOURS} hours: ${backOfficeUrl}/invite?token=${token}\n` +
          'At your first sign-in you will set up an authenticator app.\n',
      );
      return { outcome: 'invited', email, roles: body.roles };
    },

    /** The invitee sets a password: the account is created and given the roles, granted by the inviter. */
    async accept(token: string, password: string) {
      const [invite] = await db
        .select()
        .from(staffInvites)
        .where(
          and(
            eq(staffInvites.tokenHash, hashOf(token)),
            isNull(staffInvites.acceptedAt),
            gt(staffInvites.expiresAt, new Date()),
          ),
        );
      if (!invite) throw new AppError(400, staffMemberMessages.token, 'token');
      const userId = await db.transaction(async (tx) => {
        const claimed = await tx
          .update(staffInvites)
          .set({ acceptedAt: new Date() })
          .where(and(eq(staffInvites.id, invite.id), isNull(staffInvites.acceptedAt)))
          .returning({ id: staffInvites.id });
        if (claimed.length === 0) throw new AppError(400, staffMemberMessages.token, 'token');
        const created = await credentials.createAccount(invite.email, password, tx);
        if (!created) throw conflict(staffMemberMessages.accountExists, 'token');
        await tx.update(staffInvites).set({ acceptedUserId: created }).where(eq(staffInvites.id, invite.id));
        return created;
      });
      for (const role of invite.roles as StaffRole[]) {
        await staff.grantRole({ id: invite.invitedBy, ip: null }, userId, role);
      }
      return { email: invite.email };
    },
  };
}
export type StaffMembers = ReturnType<typeof createStaffMembers>;
