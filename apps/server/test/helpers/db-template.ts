import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { getConstructionPlans } from 'pg-boss';
import { JOBS_SCHEMA } from '../../src/core/jobs/runner.ts';
import { createDatabase } from '../../src/db/client.ts';

/**
 * An already-migrated database that each test file's database is copied from, built once per run by the
 * global setup (test/helpers/global-setup.ts) from the current migrations, plus the job runner's pg-boss
 * tables at the installed pg-boss version:
 * - PGlite: a data directory tarball (`dumpDataDir()`), loaded with `loadDataDir` instead of running initdb;
 * - PostgreSQL: a database that each file's database is created from with `create database … template …`.
 * The app still calls `migrate()`, which applies whatever the template lacks (drizzle reads its
 * __drizzle_migrations table), and pg-boss still checks its schema version at start, so a migration added
 * while a watch session runs is still applied.
 */
export type DatabaseTemplate = { kind: 'pglite'; tarball: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Unset when the global setup did not run (another config): each file then migrates its own database. */
    databaseTemplate?: DatabaseTemplate;
  }
}

/** The URL of database `name` on the server `adminUrl` points at. */
export function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export const uniqueDatabaseName = (prefix: string) =>
  `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;

/** Builds the template for this run (PostgreSQL when adminUrl is given, else PGlite); destroy() removes it. */
export async function buildDatabaseTemplate(
  adminUrl: string | undefined,
): Promise<{ template: DatabaseTemplate; destroy(): Promise<void> }> {
  if (!adminUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'paws-db-template-'));
    const destroy = () => rm(dir, { recursive: true, force: true });
    try {
      const database = createDatabase({ dataDir: null });
      try {
        await database.migrate();
        await database.pglite!.exec(jobsSchemaPlan('pglite'));
        // Flushes everything into the data files: the dump is consistent and loading it replays no WAL.
        await database.pglite!.exec('checkpoint');
        const dump = await database.pglite!.dumpDataDir('none');
        const tarball = join(dir, 'pglite.tar');
        await writeFile(tarball, new Uint8Array(await dump.arrayBuffer()));
        return { template: { kind: 'pglite', tarball }, destroy };
      } finally {
        await database.close();
      }
    } catch (err) {
      await destroy();
      throw err;
    }
  }
  const name = uniqueDatabaseName('paws_template');
  const destroy = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(adminUrl, `create database ${name}`);
  try {
    // Closed before any copy: a database cannot be a template while someone is connected to it.
    const database = createDatabase({ url: databaseUrl(adminUrl, name), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await adminQuery(databaseUrl(adminUrl, name), jobsSchemaPlan('postgres'));
    // Nobody may connect to it now but `create database … template` (and the final drop).
    await adminQuery(adminUrl, `alter database ${name} with allow_connections false`);
  } catch (err) {
    await destroy();
    throw err;
  }
  return { template: { kind: 'postgres', name }, destroy };
}

/**
 * The SQL pg-boss's start() runs to install its schema on an empty database, for the backend profile the
 * job runner (src/core/jobs/runner.ts) gives it: 'pglite' on PGlite, the default on PostgreSQL.
 */
const jobsSchemaPlan = (kind: 'pglite' | 'postgres') =>
  getConstructionPlans(JOBS_SCHEMA, kind === 'pglite' ? { backend: 'pglite' } : {});

let tarball: { path: string; blob: Promise<Blob> } | undefined;
/** The PGlite template's tarball, read once per test file. */
export function pgliteTemplate(path: string): Promise<Blob> {
  if (tarball?.path !== path) tarball = { path, blob: readFile(path).then((bytes) => new Blob([bytes])) };
  return tarball.blob;
}

/**
 * `create database name template template`. PostgreSQL refuses to copy a database someone is connected to
 * (it waits 5 s for them first): the template's builder may still be leaving, so retry a few times.
 */
export async function createDatabaseFromTemplate(adminUrl: string, name: string, template: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database ${name} template ${template}`);
      return;
    } catch (err) {
      const inUse = (err as { code?: string }).code === '55006';
      if (!inUse || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
