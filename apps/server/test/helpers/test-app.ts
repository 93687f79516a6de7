import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/config/env.ts';
import { createDatabase, type Database } from '../../src/db/client.ts';

/**
 * A fresh database for one test file: a new PostgreSQL database when DATABASE_URL is set
 * (dropped afterwards), else an in-memory PGlite. Migrations are applied by the app.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = createDatabase({ dataDir: null });
    return { database, drop: async () => {} };
  }
  const name = `paws_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = createDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type TestEnvOverrides = Record<string, string | undefined>;

/** The real app on a fresh database, driven with app.inject(). Call close() in afterAll. */
export async function createTestApp(overrides: TestEnvOverrides = {}) {
  const testDb = await createTestDatabase();
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LANDING_URL: 'http://landing.test',
    PLATFORM_URL: 'http://platform.test',
    ...overrides,
    DATABASE_URL: undefined,
    REDIS_URL: overrides.REDIS_URL,
  });
  const app = await buildApp({ env, database: testDb.database, logger: false });
  await app.ready();
  return {
    app,
    env,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

export const LANDING_HOST = 'landing.test';
export const PLATFORM_HOST = 'platform.test';
