import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import { domainEvents } from '../../src/core/events/schema.ts';
import type { Database } from '../../src/db/client.ts';
import { bonusRules, userBonuses } from '../../src/modules/bonuses/schema.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { notifications } from '../../src/modules/notifications/schema.ts';
import { createWalletService, type WalletService } from '../../src/modules/wallet/service.ts';
import { STUDIO_PROVIDER, signBody } from '../../src/modules/wallet/signature.ts';
import { createTestDatabase } from '../helpers/test-app.ts';
import { eventually } from '../payments/helpers.ts';
import { ledgerProblems, noProblems } from '../wallet/helpers.ts';
import { type ServerProcess, startServer } from './processes.ts';

/**
 * The documented split, with real processes on PostgreSQL and Redis: the wallet alone in one process
 * (SERVICES=wallet), everything else in the other. Rounds are played against the wallet process over the
 * signed seamless-wallet API, exactly as the studio does with STUDIO_WALLET_URL; their events are recorded
 * there and must reach the subscribers (notifications, bonuses) running only in the other process.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('events across processes', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  let wallet: WalletService;
  let walletProcess: ServerProcess;
  let others: ServerProcess | undefined;
  const secret = parseEnv({}).STUDIO_WALLET_SECRET;

  const env = () => ({ DATABASE_URL: testDb.url as string, REDIS_URL: process.env.REDIS_URL as string });
  const startOthers = () =>
    startServer({ ...env(), SERVICES: 'all', STUDIO_WALLET_URL: `${walletProcess.url}/api/wallet` });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = testDb.database;
    await database.migrate();
    wallet = createWalletService({ db: database.db });
    walletProcess = await startServer({ ...env(), SERVICES: 'wallet' });
  }, 120_000);
  afterAll(async () => {
    await others?.stop();
    await walletProcess?.stop();
    await database?.close();
    await testDb?.drop();
  }, 60_000);

  /** A confirmed player with $600 and a live game session of the studio. */
  async function player() {
    const userId = randomUUID();
    await database.db.insert(users).values({
      id: userId,
      email: `${userId}@example.com`,
      emailVerifiedAt: new Date(),
      passwordHash: 'not-used',
    });
    await wallet.ensureAccounts(userId);
    await wallet.deposit({ userId, currency: 'USD', amount: 600_00, key: `fund-${userId}` });
    const { token } = await wallet.createGameSession({
      userId,
      currency: 'USD',
      gameCode: 'european-roulette',
      providerCode: STUDIO_PROVIDER.code,
    });
    return { userId, token };
  }

  async function call(name: 'bet' | 'win', body: Record<string, unknown>) {
    const payload = JSON.stringify(body);
    const res = await fetch(`${walletProcess.url}/api/wallet/${STUDIO_PROVIDER.code}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, payload) },
      body: payload,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  /** A $500 bet (the weekly target) that wins $5,000 (10×), both on the wallet process. */
  async function bigWinRound(p: { userId: string; token: string }) {
    const roundId = `round-${randomUUID()}`;
    const betId = `bet-${randomUUID()}`;
    const common = {
      roundId,
      sessionToken: p.token,
      userId: p.userId,
      currency: 'USD',
      gameCode: 'european-roulette',
    };
    await call('bet', { ...common, transactionId: betId, amount: 500 });
    await call('win', {
      ...common,
      transactionId: `win-${randomUUID()}`,
      amount: 5000,
      referenceTransactionId: betId,
    });
  }

  const bigWins = (userId: string) =>
    database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.category, 'GAME_RESULT')));
  const credits = async (userId: string) => {
    const rows = await database.db
      .select({ code: bonusRules.code })
      .from(userBonuses)
      .innerJoin(bonusRules, eq(bonusRules.id, userBonuses.ruleId))
      .where(eq(userBonuses.userId, userId));
    return rows.map((r) => r.code).sort();
  };
  const weeklyCredits = async (userId: string) =>
    (await credits(userId)).filter((code) => code === 'weekly-bets').length;

  it('a round on the wallet process gives exactly one big-win notice and one weekly bonus on the other', async () => {
    others = await startOthers();
    const p = await player();
    await bigWinRound(p);
    await eventually(async () => {
      expect(await bigWins(p.userId)).toHaveLength(1);
      expect(await weeklyCredits(p.userId)).toBe(1);
    }, 30_000);
    expect((await bigWins(p.userId))[0]?.message).toBe(
      'Big win! You won $5,000.00 (×10 your stake). Congratulations!',
    );
    // Nothing more arrives later, and each rule was credited at most once.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await bigWins(p.userId)).toHaveLength(1);
    const codes = await credits(p.userId);
    expect(new Set(codes).size).toBe(codes.length);
    expect(await ledgerProblems(database.db)).toEqual(noProblems);
  }, 90_000);

  it('events committed while the subscribers’ process is dead (kill -9) are delivered once after it restarts', async () => {
    others ??= await startOthers();
    await others.crash();
    others = undefined;
    const p = await player();
    await bigWinRound(p);
    // Committed on the wallet process; nobody runs the subscribers now.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await bigWins(p.userId)).toHaveLength(0);
    expect(await weeklyCredits(p.userId)).toBe(0);
    // The wallet process dies too, whatever it had in flight.
    await walletProcess.crash();
    walletProcess = await startServer({ ...env(), SERVICES: 'wallet' });
    others = await startOthers();
    await eventually(async () => {
      expect(await bigWins(p.userId)).toHaveLength(1);
      expect(await weeklyCredits(p.userId)).toBe(1);
    }, 45_000);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await bigWins(p.userId)).toHaveLength(1);
    expect(await weeklyCredits(p.userId)).toBe(1);
    const [undispatched] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(domainEvents)
      .where(sql`${domainEvents.dispatchedAt} is null`);
    expect(undispatched?.n).toBe(0);
  }, 150_000);

  it('a delivered event handed to its subscriber again changes nothing', async () => {
    others ??= await startOthers();
    const p = await player();
    await bigWinRound(p);
    await eventually(async () => expect(await bigWins(p.userId)).toHaveLength(1), 30_000);
    // Replay: the same event, queued again for the notices subscriber, as a redelivery would.
    const rows = await database.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.name, 'wallet.moved'), sql`${domainEvents.payload}->>'userId' = ${p.userId}`),
      );
    const win = rows.find((row) => (row.payload as { kind: string }).kind === 'WIN');
    expect(win).toBeDefined();
    const event = { id: win?.id, name: win?.name, payload: win?.payload, createdAt: win?.createdAt };
    const { PgBoss } = await import('pg-boss');
    const boss = new PgBoss({
      connectionString: testDb.url,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
    });
    await boss.start();
    await boss.send('event.notifications.notices', { events: [event] });
    await boss.send('event.bonuses.progress', { events: [event] });
    await eventually(async () => {
      const open = await boss.findJobs('event.notifications.notices', { queued: true });
      expect(open).toHaveLength(0);
    }, 20_000);
    await boss.stop({ graceful: false });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await bigWins(p.userId)).toHaveLength(1);
    expect(await weeklyCredits(p.userId)).toBe(1);
  }, 90_000);

  it('a cron job runs once per tick across two processes that both schedule it', async () => {
    others ??= await startOthers();
    const second = await startOthers();
    try {
      // Both processes schedule payments.sweep every minute; the first tick after both are up shows one job.
      const since = new Date();
      const ticks = async () => {
        const result = await database.db.execute(
          sql`select date_trunc('minute', created_on) as minute, count(*)::int as jobs from pgboss.job
              where name = 'payments.sweep' and created_on >= ${since} group by 1 order by 1`,
        );
        return (result as unknown as { rows: { minute: Date; jobs: number }[] }).rows;
      };
      await eventually(async () => expect((await ticks()).length).toBeGreaterThanOrEqual(1), 100_000);
      expect((await ticks()).map((tick) => tick.jobs)).toEqual((await ticks()).map(() => 1));
    } finally {
      await second.stop();
    }
  }, 180_000);
});
