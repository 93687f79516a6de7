import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/config/env.ts';
import { createDatabase, type Database } from '../../src/db/client.ts';
import {
  adminQuery,
  createDatabaseFromTemplate,
  databaseUrl,
  pgliteTemplate,
  uniqueDatabaseName,
} from './db-template.ts';

/**
 * A fresh database for one test file: a new PostgreSQL database when DATABASE_URL is set
 * (dropped afterwards), else an in-memory PGlite. Both start as a copy of the run's migrated template
 * (test/helpers/db-template.ts) when there is one; the app applies migrations either way.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.DATABASE_URL;
  const template = inject('databaseTemplate');
  if (!adminUrl) {
    const loadDataDir = template?.kind === 'pglite' ? await pgliteTemplate(template.tarball) : undefined;
    const database = createDatabase({ dataDir: null, loadDataDir });
    return { database, drop: async () => {} };
  }
  const name = uniqueDatabaseName('paws_test');
  if (template?.kind === 'postgres') await createDatabaseFromTemplate(adminUrl, name, template.name);
  else await adminQuery(adminUrl, `create database ${name}`);
  const url = databaseUrl(adminUrl, name);
  const database = createDatabase({ url });
  return {
    database,
    url,
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
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
    BACKOFFICE_URL: 'http://backoffice.test',
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
export const BACKOFFICE_HOST = 'backoffice.test';
