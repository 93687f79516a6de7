import { demoAccounts } from '@paws/contracts/auth';
import type { Db } from '../../db/client.ts';
import { hashPassword } from './crypto.ts';
import { createIdentityRepository } from './repository.ts';

/** The demo player and the manager (credentials in @paws/contracts/auth demoAccounts). */
export async function seedIdentity(db: Db) {
  const repo = createIdentityRepository(db);
  const verifiedAt = new Date();
  const { player, manager } = demoAccounts;
  // Hashing is the slow part: skip it once the account is there (the insert still guards races).
  if (!(await repo.userByEmail(player.email))) {
    await repo.insertUserIfAbsent({
      email: player.email,
      emailVerifiedAt: verifiedAt,
      phone: player.phone,
      phoneVerifiedAt: verifiedAt,
      username: player.username,
      passwordHash: await hashPassword(player.password),
      role: 'player',
    });
  }
  if (!(await repo.userByEmail(manager.email))) {
    await repo.insertUserIfAbsent({
      email: manager.email,
      emailVerifiedAt: verifiedAt,
      username: manager.username,
      passwordHash: await hashPassword(manager.password),
      role: 'manager',
    });
  }
}
