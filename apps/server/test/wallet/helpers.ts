import { randomUUID } from 'node:crypto';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Db } from '../../src/db/client.ts';
import { createAuditChecks } from '../../src/modules/wallet/audit-checks.ts';
import { createWalletService, type WalletService } from '../../src/modules/wallet/service.ts';
import { STUDIO_PROVIDER, seedWalletProviders, signBody } from '../../src/modules/wallet/signature.ts';
import { type createTestApp, createTestDatabase } from '../helpers/test-app.ts';

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

export async function query<T = Record<string, unknown>>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A new player with accounts, funded through the wallet's own DEPOSIT primitive, and a game session. */
export async function newPlayer(
  wallet: WalletService,
  options: { minor?: number; currency?: CurrencyCode; gameCode?: string } = {},
) {
  const userId = randomUUID();
  const currency = options.currency ?? 'USD';
  await wallet.ensureAccounts(userId);
  if (options.minor) {
    await wallet.deposit({ userId, currency, amount: options.minor, key: `fund-${userId}` });
  }
  const session = await wallet.createGameSession({
    userId,
    currency,
    gameCode: options.gameCode ?? 'roulette',
    providerCode: STUDIO_PROVIDER.code,
  });
  return { userId, currency, token: session.token };
}

/** Everything the ledger promises (the reconciliation's own checks): each list empty when it holds. */
export const ledgerProblems = (db: Db) => createAuditChecks(db).ledgerFindings();

export const noProblems = { unbalanced: [], thin: [], drift: [], negative: [] };
/** A reconciliation report with nothing found. */
export const noFindings = { ...noProblems, orphanBets: [], unpaidRounds: [], stuckPayments: [] };

export async function countLedger(db: Db, where: SQL = sql`true`) {
  const [row] = await query<{ n: string | number }>(
    db,
    sql`select count(*) as n from ledger_transactions where ${where}`,
  );
  return Number(row?.n ?? 0);
}

export const studioSecret = (ctx: TestContext) => ctx.env.STUDIO_WALLET_SECRET;

/** A provider's call over HTTP, signed with `secret` unless a signature is given. */
export function walletCall(
  ctx: TestContext,
  call: string,
  body: unknown,
  options: { secret?: string; signature?: string | null; raw?: string; provider?: string } = {},
) {
  const payload = options.raw ?? JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? signBody(options.secret ?? studioSecret(ctx), payload)
      : options.signature;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/wallet/${options.provider ?? STUDIO_PROVIDER.code}/${call}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-signature': signature }),
    },
    payload,
  });
}

/**
 * The wallet service alone on a fresh database, as its plugin builds it (each bet reads the player's ban), without the
 * app: no jobs or event delivery run beside it. Call close() in afterAll.
 */
export async function walletOnItsOwn(): Promise<{
  database: Database;
  wallet: WalletService;
  close(): Promise<void>;
}> {
  const testDb = await createTestDatabase();
  const { database } = testDb;
  await database.migrate();
  await seedWalletProviders(database.db);
  const wallet = createWalletService({ db: database.db });
  await wallet.ready();
  return {
    database,
    wallet,
    async close() {
      await database.close();
      await testDb.drop();
    },
  };
}

let counter = 0;
/** A transaction id unique within the test process. */
export const txId = (prefix = 'tx') => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * The shared harness drops the test database right after `pool.end()`, which resolves before the pool's
 * sockets have closed; with many connections open the forced drop then kills them mid-close and pg reports
 * unhandled 57P01 errors. Make the close wait for every connection to be gone.
 */
export function closePoolFully(ctx: TestContext) {
  const database = ctx.app.database;
  if (database.kind !== 'postgres') return;
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const end = database.close.bind(database);
  database.close = async () => {
    let left = pool.totalCount;
    const gone = new Promise<void>((resolve) => {
      if (left === 0) resolve();
      pool.on('remove', () => {
        if (--left <= 0) resolve();
      });
    });
    await end();
    await gone;
  };
}
