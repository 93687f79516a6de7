import {
  auditActions,
  type StaffList,
  type StaffRole,
  staffMessages,
  type UserStaffRoles,
} from '@paws/contracts/staff';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AuditService } from '../audit/index.ts';
import type { StaffRoleRepository } from '../identity/index.ts';

/** Who acts: a signed-in account and the address it acts from. Its roles are read afresh for each action. */
export interface StaffActor {
  id: string;
  ip?: string | null;
}

export interface StaffServiceDeps {
  /** identity's staff-role store (app.staffRoles). */
  roles: StaffRoleRepository;
  audit: AuditService;
}

/**
 * Granting and revoking staff roles: admins only, and each change audited with the account's roles before
 * and after, in the transaction of the change. The last admin cannot lose the admin role.
 */
export function createStaffService({ roles, audit }: StaffServiceDeps) {
  const namesOf = (grants: Array<{ role: StaffRole }>) => grants.map((g) => g.role);

  async function change(
    kind: 'grant' | 'revoke',
    actor: StaffActor,
    userId: string,
    role: StaffRole,
  ): Promise<UserStaffRoles> {
    return roles.transaction(async (tx) => {
      const actorRoles = namesOf(await roles.rolesOf(actor.id, tx));
      if (!actorRoles.includes('admin')) throw forbidden(staffMessages.onlyAdmins);
      if (!(await roles.lockUser(userId, tx))) throw notFound(staffMessages.userNotFound);
      const before = namesOf(await roles.rolesOf(userId, tx));
      if (kind === 'grant') {
        await roles.grant({ userId, role, grantedBy: actor.id }, tx);
      } else {
        if (role === 'admin' && before.includes('admin') && (await roles.lockAdmins(tx)).length <= 1) {
          throw conflict(staffMessages.lastAdmin, 'role');
        }
        await roles.revoke(userId, role, tx);
      }
      const after = namesOf(await roles.rolesOf(userId, tx));
      await audit.record(
        {
          actorId: actor.id,
          actorRoles,
          action: kind === 'grant' ? auditActions.roleGrant : auditActions.roleRevoke,
          targetType: 'user',
          targetId: userId,
          before: { roles: before },
          after: { roles: after },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return { userId, roles: after };
    });
  }

  return {
    /** Gives the account a staff role (a no-op if held, still audited). Refuses non-admins with 403. */
    grantRole: (actor: StaffActor, userId: string, role: StaffRole) => change('grant', actor, userId, role),
    /** Takes a staff role away (a no-op if not held, still audited). Refuses non-admins with 403. */
    revokeRole: (actor: StaffActor, userId: string, role: StaffRole) => change('revoke', actor, userId, role),

    async list(): Promise<StaffList> {
      const members = await roles.members();
      return {
        staff: members.map((m) => ({
          userId: m.userId,
          email: m.email,
          username: m.username,
          roles: m.roles.map((g) => ({
            role: g.role,
            grantedBy: g.grantedBy,
            grantedAt: g.grantedAt.toISOString(),
          })),
        })),
      };
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
