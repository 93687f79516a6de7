import { demoAccounts } from '@paws/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import { markStart } from '../core/start-timeline.ts';
import { seedDemoPromoCode } from '../modules/bonuses/referrals.ts';
import { seedCatalog } from '../modules/catalog/seed.ts';
import { createIdentityRepository } from '../modules/identity/repository.ts';
import { seedIdentity } from '../modules/identity/seed.ts';
import { createWalletService } from '../modules/wallet/service.ts';
import type { Db } from './client.ts';
import { seedRuns } from './seed-schema.ts';

/**
 * Demo data, idempotent: every step inserts with ON CONFLICT DO NOTHING on a natural key,
 * so starting twice (or two processes at once) duplicates nothing. Modules add their steps here; a step's name
 * is its key in seed_runs, so renaming one runs it once more (harmlessly).
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

/**
 * Runs the steps seed_runs does not list as completed, recording each after it ran: a second start costs one
 * query and writes nothing; a start after a crash mid-seed completes what was cut short.
 */
export async function seed(db: Db, log: FastifyBaseLogger) {
  markStart('plugins');
  const completed = new Set((await db.select({ step: seedRuns.step }).from(seedRuns)).map((row) => row.step));
  for (const step of steps) {
    if (completed.has(step.name)) continue;
    await step.run(db);
    await db.insert(seedRuns).values({ step: step.name }).onConflictDoNothing();
    log.debug({ step: step.name }, 'seeded');
  }
  markStart('seed');
}

/** The steps' names, in order (tests). */
export const seedStepNames = () => steps.map((step) => step.name);
