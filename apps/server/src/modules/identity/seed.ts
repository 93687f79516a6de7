import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts, type StaffRole } from '@paws/contracts/staff';
import type { Db } from '../../db/client.ts';
import { hashPassword } from './crypto.ts';
import { createIdentityRepository, createStaffRoleRepository, type NewUser } from './repository.ts';

/**
 * The demo player, the manager (support) and one account per staff role (credentials in
 * @paws/contracts/auth demoAccounts and @paws/contracts/staff demoStaffAccounts). Seeded roles are granted by
 * the system (grantedBy null) and not audited: the audit log records staff actions, and this is none.
 */
export async function seedIdentity(db: Db) {
  const repo = createIdentityRepository(db);
  const roles = createStaffRoleRepository(db);
  const verifiedAt = new Date();
  const { player, manager } = demoAccounts;

  // Hashing is the slow part: skip it once the account is there (the insert still guards races).
  const ensure = async (values: Omit<NewUser, 'passwordHash'>, password: string) => {
    if (!values.email || (await repo.userByEmail(values.email))) return;
    await repo.insertUserIfAbsent({ ...values, passwordHash: await hashPassword(password) });
  };
  const grant = async (email: string, role: StaffRole) => {
    const user = await repo.userByEmail(email);
    if (user) await roles.transaction((tx) => roles.grant({ userId: user.id, role, grantedBy: null }, tx));
  };

  await ensure(
    {
      email: player.email,
      emailVerifiedAt: verifiedAt,
      phone: player.phone,
      phoneVerifiedAt: verifiedAt,
      username: player.username,
    },
    player.password,
  );
  await ensure(
    { email: manager.email, emailVerifiedAt: verifiedAt, username: manager.username },
    manager.password,
  );
  await grant(manager.email, 'support');
  for (const account of Object.values(demoStaffAccounts)) {
    await ensure(
      { email: account.email, emailVerifiedAt: verifiedAt, username: account.username },
      account.password,
    );
    await grant(account.email, account.role);
  }
}
