import { demoAccounts } from '@paws/contracts/auth';
import { eq, like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seed, seedStepNames } from '../../src/db/seed.ts';
import { seedRuns } from '../../src/db/seed-schema.ts';
import { DEMO_PROMO_CODE } from '../../src/modules/bonuses/referrals.ts';
import { promoCodes } from '../../src/modules/bonuses/schema.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { createTestDatabase } from '../helpers/test-app.ts';

/**
 * The demo seed at a second start: seed_runs says which steps completed, so a seeded database costs one
 * read and no write, and a seed cut short by a crash is completed at the next start.
 */
describe('demo seed at start', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  const log = pino({ enabled: false });
  const db = () => testDb.database.db;
  const recordedSteps = async () =>
    (await db().select({ step: seedRuns.step }).from(seedRuns)).map((row) => row.step).sort();
  const demoUsers = async () => db().select().from(users).where(like(users.email, '%@paws.local'));

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.database.migrate();
  }, 60_000);
  afterAll(async () => {
    await testDb.database.close();
    await testDb.drop();
  }, 60_000);

  it('records every step once it ran, and a second run reads once and writes nothing', async () => {
    await seed(db(), log);
    expect(await recordedSteps()).toEqual([...seedStepNames()].sort());
    const usersAfterFirst = (await demoUsers()).length;

    const writes = [
      vi.spyOn(db(), 'insert'),
      vi.spyOn(db(), 'update'),
      vi.spyOn(db(), 'delete'),
      vi.spyOn(db(), 'transaction'),
      vi.spyOn(db(), 'execute'),
    ];
    const reads = vi.spyOn(db(), 'select');
    try {
      await seed(db(), log);
      for (const write of writes) expect(write).not.toHaveBeenCalled();
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
    }
    expect((await demoUsers()).length).toBe(usersAfterFirst);
  }, 60_000);

  it('completes a seed a crash cut short after its first steps', async () => {
    const [, ...cutShort] = seedStepNames();
    // The state a crash after the first step leaves: its record, none of the later ones, nor the promo code.
    for (const step of cutShort) await db().delete(seedRuns).where(eq(seedRuns.step, step));
    await db().delete(promoCodes).where(eq(promoCodes.code, DEMO_PROMO_CODE));
    const usersBefore = (await demoUsers()).length;

    await seed(db(), log);

    expect(await recordedSteps()).toEqual([...seedStepNames()].sort());
    expect(await db().select().from(promoCodes).where(eq(promoCodes.code, DEMO_PROMO_CODE))).toHaveLength(1);
    expect((await demoUsers()).length).toBe(usersBefore);
    expect((await demoUsers()).map((user) => user.email)).toContain(demoAccounts.player.email);
  }, 60_000);
});
