import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { adminQuery, databaseUrl, uniqueDatabaseName } from '../helpers/db-template.ts';

/**
 * A start migrates only when the database lacks a migration of the journal; otherwise one query tells it so
 * and nothing else runs. Two made-up migrations in a folder of their own, on each kind of database.
 */
const migrations = [
  { tag: '0000_first', when: 1_000, statement: 'create table start_first (id integer primary key)' },
  { tag: '0001_second', when: 2_000, statement: 'create table start_second (id integer primary key)' },
];

function migrationsFolder(count: number, folder = mkdtempSync(join(tmpdir(), 'paws-start-migrations-'))) {
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const entries = migrations.slice(0, count);
  for (const { tag, statement } of entries) writeFileSync(join(folder, `${tag}.sql`), statement);
  const journal = entries.map(({ tag, when }, idx) => ({ idx, version: '7', when, tag, breakpoints: true }));
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: journal }),
  );
  return folder;
}

async function tables(database: Database) {
  const result = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_name like 'start_%' order by 1`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  return result.rows.map((row) => row.table_name);
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function migratesOnlyWhatIsMissing(open: (folder: string) => Database) {
  const folder = migrationsFolder(1);
  folders.push(folder);
  const first = open(folder);
  try {
    expect(await first.migrate()).toBe('migrated');
    expect(await tables(first)).toEqual(['start_first']);
    expect(await first.migrate()).toBe('up to date');
  } finally {
    await first.close();
  }
  // A new migration in the folder (a new release): the next start applies it, the one after skips.
  migrationsFolder(2, folder);
  const second = open(folder);
  try {
    expect(await second.migrate()).toBe('migrated');
    expect(await tables(second)).toEqual(['start_first', 'start_second']);
    expect(await second.migrate()).toBe('up to date');
  } finally {
    await second.close();
  }
}

describe('migrations at start', () => {
  it('on the embedded database: applies a new migration, then skips with one query', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'paws-start-pglite-'));
    folders.push(dataDir);
    await migratesOnlyWhatIsMissing((folder) => createDatabase({ dataDir, migrationsFolder: folder }));
  }, 120_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL: the same',
    async () => {
      const adminUrl = process.env.DATABASE_URL as string;
      const name = uniqueDatabaseName('paws_start_migrations');
      await adminQuery(adminUrl, `create database ${name}`);
      try {
        const url = databaseUrl(adminUrl, name);
        await migratesOnlyWhatIsMissing((folder) => createDatabase({ url, migrationsFolder: folder }));
      } finally {
        await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      }
    },
    60_000,
  );
});
