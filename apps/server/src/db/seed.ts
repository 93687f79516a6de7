import { demoAccounts } from '@paws/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import { markStart } from '../core/start-timeline.ts';
import { seedDemoPromoCode } from '../modules/bonuses/referrals.ts';
import { seedCatalog } from '../modules/catalog/seed.ts';
import { createIdentityRepository } from '../modules/identity/repository.ts';
import { seedIdentity } from '../modules/identity/seed.ts';
import { createWalletService } from '../modules/wallet/service.ts';
import type { Db } from './client.ts';

/**
 * Demo data, idempotent: every step inserts with ON CONFLICT DO NOTHING on a natural key,
 * so starting twice (or two processes at once) duplicates nothing. Modules add their steps here.
 */
const steps: Array<{ name: string; run: (db: Db) => Promise<void> }> = [
  { name: 'identity: demo player and manager', run: seedIdentity },
  { name: 'catalog: the studio and its games', run: seedCatalog },
  { name: 'wallet: demo player starting balance', run: seedDemoFunds },
  { name: 'bonuses: the demo promo code', run: seedDemoPromoCode },
];

/** The demo player starts with this much USD (minor units), credited once under a fixed key. */
export const DEMO_STARTING_BALANCE = 100_000;
export const DEMO_FUNDS_KEY = 'seed:demo-player-starting-balance';

/** A DEPOSIT through the wallet's own service: its fixed key makes every later run a replay that moves nothing. */
async function seedDemoFunds(db: Db) {
  const player = await createIdentityRepository(db).userByEmail(demoAccounts.player.email);
  if (!player) return;
  await createWalletService({ db }).deposit({
    userId: player.id,
    currency: 'USD',
    amount: DEMO_STARTING_BALANCE,
    key: DEMO_FUNDS_KEY,
    metadata: { reason: 'demo starting balance' },
  });
}

export async function seed(db: Db, log: FastifyBaseLogger) {
  markStart('plugins');
  for (const step of steps) {
    await step.run(db);
    log.debug({ step: step.name }, 'seeded');
  }
  markStart('seed');
}
