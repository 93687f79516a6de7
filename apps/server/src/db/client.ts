import { mkdirSync } from 'node:fs';
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
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(serverDir, 'drizzle');
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
}): Database {
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
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema, casing }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
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
      await migratePglite(drizzlePglite(client, { schema, casing }), { migrationsFolder });
      markStart('migrations');
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
