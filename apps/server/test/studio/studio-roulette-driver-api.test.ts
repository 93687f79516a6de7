import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/config/env.ts';
import { createDatabase } from '../../src/db/client.ts';
import { createTestDatabase } from '../helpers/test-app.ts';

const env = parseEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  LANDING_URL: 'http://landing.test',
  PLATFORM_URL: 'http://platform.test',
});

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function waitFor(check: () => boolean | Promise<boolean>, ms = 6000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe.skipIf(!process.env.DATABASE_URL)('roulette table driver on PostgreSQL', () => {
  it('lets exactly one of several processes drive the wheel, and another take over when it stops', {
    timeout: 60_000,
  }, async () => {
    const testDb = await createTestDatabase();
    closers.push(() => testDb.drop());
    const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
    for (let i = 0; i < 3; i++) {
      // Each app stands for a process: its own pool on the same database.
      const database = i === 0 ? testDb.database : createDatabase({ url: testDb.url as string });
      const app = await buildApp({ env, database, logger: false });
      await app.ready();
      apps.push(app);
    }
    closers.push(async () => {
      for (const app of apps) await app.close();
    });
    expect(await waitFor(() => apps.filter((a) => a.studio.table.driving).length === 1)).toBe(true);
    const driver = apps.find((a) => a.studio.table.driving);
    if (!driver) throw new Error('no driver');
    const others = apps.filter((a) => a !== driver);
    const state = await others[0]?.studio.table.state();
    expect(state?.phase).toBe('BETTING');

    await driver.studio.table.stop();
    expect(await waitFor(() => others.filter((a) => a.studio.table.driving).length === 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(apps.filter((a) => a.studio.table.driving)).toHaveLength(1);
  });
});
