import type { FastifyBaseLogger } from 'fastify';
import { seedIdentity } from '../modules/identity/seed.ts';
import { seedWalletProviders } from '../modules/wallet/signature.ts';
import type { Db } from './client.ts';

/**
 * Demo data, idempotent: every step inserts with ON CONFLICT DO NOTHING on a natural key,
 * so starting twice (or two processes at once) duplicates nothing. Modules add their steps here.
 */
const steps: Array<{ name: string; run: (db: Db) => Promise<void> }> = [
  { name: 'wallet providers', run: seedWalletProviders },
  { name: 'identity: demo player and manager', run: seedIdentity },
];

export async function seed(db: Db, log: FastifyBaseLogger) {
  for (const step of steps) {
    await step.run(db);
    log.debug({ step: step.name }, 'seeded');
  }
}
