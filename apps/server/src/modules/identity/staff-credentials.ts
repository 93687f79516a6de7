import type { StaffRole } from '@paws/contracts/staff';
import type { DbOrTx } from '../../db/client.ts';
import { hashPassword, verifyPassword } from './crypto.ts';
import { createIdentityRepository, createStaffRoleRepository } from './repository.ts';

export interface StaffAccount {
  userId: string;
  email: string | null;
  roles: StaffRole[];
}

/**
 * The password step of a back-office sign-in: an e-mail and password that match an account holding a staff
 * role. Anything else (no account, wrong password, no role) is null, at the cost of one hash either way.
 */
export function createStaffCredentials(db: DbOrTx) {
  const repo = createIdentityRepository(db);
  const roles = createStaffRoleRepository(db);
  return {
    async check(email: string, password: string): Promise<StaffAccount | null> {
      const user = await repo.userByEmail(email.trim());
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) return null;
      const held = (await roles.rolesOf(user.id)).map((row) => row.role);
      return held.length > 0 ? { userId: user.id, email: user.email, roles: held } : null;
    },
    /**
     * A new account for an invited staff member: the e-mail counts as confirmed (the invitation link reached
     * it), the password is theirs. Null when the e-mail already has an account.
     */
    async createAccount(email: string, password: string, tx: DbOrTx = db): Promise<string | null> {
      const passwordHash = await hashPassword(password);
      const inserted = await repo.insertUserIfAbsent(
        { email, emailVerifiedAt: new Date(), passwordHash },
        tx,
      );
      if (!inserted) return null;
      return (await repo.userByEmail(email, tx))?.id ?? null;
    },
    /** The account of an e-mail, if there is one. */
    async accountByEmail(email: string): Promise<StaffAccount | null> {
      const user = await repo.userByEmail(email.trim());
      return user ? this.account(user.id) : null;
    },
    /** The account's e-mail and current staff roles (none for a player or an unknown id). */
    async account(userId: string): Promise<StaffAccount | null> {
      const user = await repo.userById(userId);
      if (!user) return null;
      return { userId, email: user.email, roles: (await roles.rolesOf(userId)).map((row) => row.role) };
    },
  };
}
export type StaffCredentials = ReturnType<typeof createStaffCredentials>;
