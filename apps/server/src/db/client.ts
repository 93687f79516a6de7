import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { markStart } from '../core/start-timeline.ts';
import { serverDir } from '../lib/server-dir.ts';
import * as schema from './schema.ts';
import { runNamed } from './statements.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repository accepts either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (postgres) or the embedded instance (pglite): the job runner opens its own connections. */
  url?: string;
  pglite?: PGlite;
  /** Applies the migrations the database lacks: 'up to date' when it had them all (one query, nothing else). */
  migrate(): Promise<MigrationOutcome>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type MigrationOutcome = 'up to date' | 'migrated';

/** GET /readyz's question, asked by load balancers every few seconds: prepared once per connection. */
const PING = { name: 'ping', text: 'select 1' };
const defaultMigrationsFolder = join(serverDir, 'drizzle');
const casing = 'snake_case' as const;
// Any id: migrations run under one session-level lock so that several processes can start together.
const MIGRATION_LOCK = 7_281_004;

/** PostgreSQL through a node-postgres pool when a URL is given, else embedded PGlite (in memory when dataDir is null). */
export function createDatabase(options: {
  url?: string;
  dataDir?: string | null;
  /** node-postgres connections per process (PostgreSQL only). */
  poolSize?: number;
  /**
   * PGlite only: start from this data directory tarball (from `dumpDataDir()`) instead of running initdb,
   * e.g. an already-migrated template; `migrate()` then applies only what the tarball lacks.
   */
  loadDataDir?: Blob;
  /** The migrations (drizzle-kit's folder): the server's own unless a test names another. */
  migrationsFolder?: string;
}): Database {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder;
  const upToDate = (db: Db) => hasEveryMigration(db, migrationsFolder);
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // A client whose connection drops (server restart, connections terminated) must not crash the process:
    // idle clients report on the pool; a checked-out client reports on itself, after failing its query.
    pool.on('error', (err) => console.warn(`database pool: ${err.message}`));
    pool.on('connect', (client) => {
      client.on('error', (err) => console.warn(`database connection: ${err.message}`));
    });
    const db = drizzlePg(pool, { schema, casing }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: options.url,
      async migrate() {
        // Checked before the lock too, so that processes starting together on a migrated database wait on
        // nothing; the migrator checks again under the lock.
        if (await upToDate(db)) return 'up to date';
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema, casing }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
        return 'migrated';
      },
      async ping() {
        await runNamed(db, PING, []);
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.loadDataDir
    ? new PGlite({ dataDir: options.dataDir ?? undefined, loadDataDir: options.loadDataDir })
    : new PGlite(options.dataDir ?? undefined);
  const db = drizzlePglite(client, { schema, casing }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async migrate() {
      await client.waitReady;
      markStart('database');
      const outcome = (await upToDate(db)) ? 'up to date' : 'migrated';
      if (outcome === 'migrated') {
        await migratePglite(drizzlePglite(client, { schema, casing }), { migrationsFolder });
      }
      markStart('migrations');
      return outcome;
    },
    async ping() {
      await runNamed(db, PING, []);
    },
    close: () => client.close(),
  };
}

/**
 * Whether the database has every migration of the folder's journal, by drizzle's own rule (a migration is
 * applied when the last applied one is at least as recent): one query. No migrations table yet (a new
 * database) or any other failure is a no, and the migrator decides.
 */
async function hasEveryMigration(db: Db, migrationsFolder: string) {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const result = (await db.execute(
      sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ applied: string | null }> };
    const applied = result.rows[0]?.applied;
    return applied != null && Number(applied) >= newest;
  } catch {
    return false;
  }
}
