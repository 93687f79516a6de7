import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/config/env.ts';
import { createDatabase } from '../../src/db/client.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/index.ts';
import { type ServerProcess, startServer } from '../backbone/processes.ts';
import { createTestDatabase } from '../helpers/test-app.ts';
import { noFindings } from '../wallet/helpers.ts';

const PLAYERS = 20;
const FUNDS = 50_00;
const GRACE_SECONDS = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Player {
  userId: string;
  studioToken: string;
  cookie: string;
}

/**
 * kill -9 of a server under load (PostgreSQL + Redis): players spinning the slot and depositing when the
 * process dies. After a restart, recovery finishes or undoes every operation in flight, and every player's
 * balance is what their rounds and payments say, to the cent.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('money survives kill -9', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let helper: App;
  let server: ServerProcess | undefined;
  const players: Player[] = [];
  const serverEnv = () => ({
    DATABASE_URL: testDb.url as string,
    REDIS_URL: process.env.REDIS_URL as string,
    MONEY_RECOVERY_GRACE_SECONDS: String(GRACE_SECONDS),
  });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.database.close();
    dataDir = await mkdtemp(join(tmpdir(), 'paws-kill-'));
    // Sets the stage in this process: accounts, funds, wallet sessions and sign-in tokens (SERVICES=identity:
    // it works no money queue, so all recovery is the server's).
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVICES: 'identity',
      SEED: 'false',
      DATA_DIR: dataDir,
    });
    helper = await buildApp({ env, database: createDatabase({ url: testDb.url }), logger: false });
    await helper.ready();
    server = await startServer(serverEnv());
    for (let i = 0; i < PLAYERS; i++) {
      const userId = randomUUID();
      await helper.database.db.insert(users).values({
        id: userId,
        email: `${userId}@example.com`,
        emailVerifiedAt: new Date(),
        passwordHash: 'not-used',
        username: `killed_${i}`,
      });
      await helper.wallet.ensureAccounts(userId);
      await helper.wallet.deposit({ userId, currency: 'USD', amount: FUNDS, key: `fund-${userId}` });
      const { token } = await helper.wallet.createGameSession({
        userId,
        gameCode: 'wild-paws',
        providerCode: STUDIO_PROVIDER.code,
        currency: 'USD',
      });
      const launch = await helper.studio.service.createLaunch({
        sessionToken: token,
        gameCode: 'wild-paws',
        currency: 'USD',
        username: `killed_${i}`,
      });
      const opened = await fetch(`${server.url}/api/studio/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ launch }),
      });
      const { sessionToken } = (await opened.json()) as { sessionToken: string };
      const tokens = await helper.identity.sessions.start(userId, {});
      players.push({ userId, studioToken: sessionToken, cookie: `access_token=${tokens.accessToken}` });
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await helper?.close();
    await testDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('finishes or undoes everything in flight at the kill: no orphan, no unpaid win, no stuck payment, 0 cents off', async () => {
    let inFlight = 0;
    let atKill = 0;
    let running = true;
    const done = { spins: 0, deposits: 0 };
    const spin = (p: Player) =>
      fetch(`${server?.url}/api/studio/wild-paws/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${p.studioToken}` },
        body: JSON.stringify({ fund: 'cash', stake: 0.4 }),
      });
    const deposit = (p: Player) =>
      fetch(`${server?.url}/api/platform/users/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: p.cookie, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ amount: 1.25, paymentMethod: 'CARD' }),
      });
    const play = async (p: Player) => {
      for (let i = 0; running; i++) {
        const kind = i % 4 === 3 ? 'deposits' : 'spins';
        inFlight++;
        try {
          const res = await (kind === 'spins' ? spin(p) : deposit(p));
          if (res.ok) done[kind]++;
        } catch {
          // the server died under this request
        } finally {
          inFlight--;
        }
      }
    };
    const load = players.map(play);
    await sleep(2_500);
    atKill = inFlight;
    await server?.crash();
    running = false;
    await Promise.all(load);

    const count = async (statement: ReturnType<typeof sql>) =>
      Number(
        ((await helper.database.db.execute(statement)) as unknown as { rows: { n: string }[] }).rows[0]?.n,
      );
    const leftBehind = {
      debitsInDoubt: await count(sql`select count(*) as n from studio_pending_debits`),
      unpaidWins: await count(
        sql`select count(*) as n from studio_rounds where finished and payout > 0 and paid_at is null`,
      ),
      pendingDeposits: await count(
        sql`select count(*) as n from balance_transactions where status = 'PENDING'`,
      ),
    };
    const rollbacksBefore = await count(
      sql`select count(*) as n from game_transactions where kind = 'ROLLBACK'`,
    );

    server = await startServer(serverEnv());
    const settled = async () =>
      (await count(sql`select count(*) as n from studio_pending_debits`)) +
      (await count(
        sql`select count(*) as n from studio_rounds where finished and payout > 0 and paid_at is null`,
      )) +
      (await count(sql`select count(*) as n from balance_transactions where status = 'PENDING'`));
    const restarted = Date.now();
    while ((await settled()) > 0 && Date.now() - restarted < 60_000) await sleep(250);
    const recoverySeconds = (Date.now() - restarted) / 1000;
    const refunds =
      (await count(sql`select count(*) as n from game_transactions where kind = 'ROLLBACK'`)) -
      rollbacksBefore;

    const report = await helper.reconciliation.run({ graceMs: 0 });
    // Every balance is what the player's rounds and deposits say: funding + deposits − stakes + wins.
    const drift = (await helper.database.db.execute(sql`
      select a.user_id, a.balance,
        ${FUNDS} + coalesce((select sum(amount) from balance_transactions p where p.user_id = a.user_id and p.status = 'COMPLETED'), 0)
          - coalesce((select sum(stake) from studio_rounds r where r.user_id = a.user_id), 0)
          + coalesce((select sum(payout) from studio_rounds r where r.user_id = a.user_id), 0) as expected
      from wallet_accounts a where a.kind = 'player' and a.currency_code = 'USD'`)) as unknown as {
      rows: { user_id: string; balance: string; expected: string }[];
    };
    const centsOff = drift.rows.reduce(
      (total, row) => total + Math.abs(Number(row.balance) - Number(row.expected)),
      0,
    );

    console.log(
      `kill -9 under load: ${PLAYERS} players, ${done.spins} spins and ${done.deposits} deposits answered before the kill, ` +
        `${atKill} requests in flight at the kill; left behind: ${leftBehind.debitsInDoubt} debits in doubt, ` +
        `${leftBehind.unpaidWins} unpaid wins, ${leftBehind.pendingDeposits} pending deposits; recovery after restart: ` +
        `${refunds} bets refunded, all settled in ${recoverySeconds.toFixed(1)} s; reconciliation findings: ` +
        `${report.findingCount}; cents off: ${centsOff}`,
    );
    expect(atKill).toBeGreaterThan(0);
    expect(await settled()).toBe(0);
    expect(report.findings).toEqual(noFindings);
    expect(centsOff).toBe(0);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
