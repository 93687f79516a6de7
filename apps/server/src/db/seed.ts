import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.ts';

/**
 * Demo data, idempotent: every step inserts with ON CONFLICT DO NOTHING on a natural key,
 * so starting twice (or two processes at once) duplicates nothing. Modules add their steps here.
 */
const steps: Array<{ name: string; run: (db: Db) => Promise<void> }> = [];

export async function seed(db: Db, log: FastifyBaseLogger) {
  for (const step of steps) {
    await step.run(db);
    log.debug({ step: step.name }, 'seeded');
  }
}
