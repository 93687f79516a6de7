// What a run stands on: its two databases (the app's, migrated and seeded as the app would do it, and
// pgbench's), a pool for the bench's own queries, the producers' wallet, and BENCH_PLAYERS players.
import { execFile as execFileCb } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { createDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { createWalletService } from '../../apps/server/src/modules/wallet/service.ts';
import { seedWalletProviders } from '../../apps/server/src/modules/wallet/signature.ts';
import { type FundedPlayer, fundPlayers } from '../lib/funded-players.ts';
import { adminQuery, databaseUrl, pgbenchPath } from '../lib/postgres.ts';
import { toClose } from './cleanup.ts';
import { adminUrl, eventsDb, pgbenchDb, playerCount, producers } from './settings.ts';

export const execFile = promisify(execFileCb);

export type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;
export type { WalletService } from '../../apps/server/src/modules/wallet/service.ts';
export type Player = FundedPlayer;

export async function setUp() {
  const pgbench = pgbenchPath();
  const url = databaseUrl(adminUrl, eventsDb);
  await adminQuery(adminUrl, `create database ${eventsDb}`);
  await adminQuery(adminUrl, `create database ${pgbenchDb}`);
  await execFile(pgbench, ['-i', '-q', databaseUrl(adminUrl, pgbenchDb)]);

  const database: Database = createDatabase({ url, poolSize: producers + 2 });
  toClose.push(() => database.close());
  const { db } = database;
  // The schema as the app would migrate it, and our studio's provider row (the wallet plugin's seed): the
  // baselines without consumers run before the app starts.
  await database.migrate();
  await seedWalletProviders(db);
  const monitor = new pg.Pool({ connectionString: url, max: 2 });
  toClose.push(() => monitor.end());
  const query: Query = async <T>(text: string, values: unknown[] = []) =>
    (await monitor.query(text, values)).rows as T[];
  const wallet = createWalletService({ db });

  // Players who exist as accounts (bonuses evaluate only those; a notice needs its user), each with a
  // balance and a game session.
  process.stdout.write(`setting up ${playerCount} players… `);
  const userIds = Array.from({ length: playerCount }, () => randomUUID());
  for (let i = 0; i < userIds.length; i += 500) {
    const batch = userIds.slice(i, i + 500);
    await query(
      `insert into users (id, email, password_hash)
       select id, 'bench-' || id || '@paws.local', 'x' from unnest($1::uuid[]) as id`,
      [batch],
    );
  }
  const players = await fundPlayers(wallet, userIds);
  await query(
    `create table bench_plain_events (like domain_events including defaults including indexes including constraints)`,
  );
  await query('vacuum analyze');
  console.log('done');
  return { pgbench, url, db, query, wallet, players };
}
