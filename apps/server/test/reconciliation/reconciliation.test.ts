import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/index.ts';
import { staffSession } from '../helpers/staff.ts';
import { createStudioTestApp, playerSession } from '../studio/api-helpers.ts';
import { noFindings } from '../wallet/helpers.ts';

const API = '/api/staff/reconciliation';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('the ledger reconciliation', () => {
  let t: Awaited<ReturnType<typeof createStudioTestApp>>;
  const db = () => t.app.database.db;
  beforeAll(async () => {
    t = await createStudioTestApp({ RATE_LIMIT_IP_SCALE: '20' });
  });
  afterAll(() => t.close());

  it('a ledger moved only by real play and payments reconciles: no findings', async () => {
    const p = await playerSession(t.app, 'wild-paws');
    for (let i = 0; i < 5; i++)
      expect((await p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 })).statusCode).toBe(201);
    // Rounds and bets count once they are past the grace period.
    await db().execute(
      sql`update game_transactions set created_at = ${minutesAgo(10)} where user_id = ${p.userId}`,
    );
    const report = await t.app.reconciliation.run();
    expect(report.findings).toEqual(noFindings);
    expect(report.findingCount).toBe(0);
  });

  it('finds a debited bet with no round, a finished round whose win was never paid, and a stuck payment', async () => {
    const p = await playerSession(t.app, 'wild-paws');
    // A bet the wallet took for a round the studio never recorded (a crash between the two).
    const orphanRound = randomUUID();
    await t.app.wallet.bet({
      providerCode: STUDIO_PROVIDER.code,
      transactionId: `bet-${orphanRound}`,
      roundId: orphanRound,
      sessionToken: (
        await t.app.wallet.createGameSession({
          userId: p.userId,
          gameCode: 'wild-paws',
          providerCode: STUDIO_PROVIDER.code,
          currency: 'USD',
        })
      ).token,
      userId: p.userId,
      currency: 'USD',
      amount: 100,
      gameCode: 'wild-paws',
    });
    // A round that finished with a win the wallet never credited.
    const spin = (await p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 })).json().round;
    await db().execute(
      sql`update studio_rounds set payout = 500, paid_at = null, finished = true where id = ${spin.id}`,
    );
    await db().execute(sql`delete from game_transactions where round_id = ${spin.id} and kind = 'WIN'`);
    await db().execute(
      sql`update game_transactions set created_at = ${minutesAgo(10)} where user_id = ${p.userId}`,
    );
    // A deposit left PENDING.
    const paymentId = randomUUID();
    await db().execute(sql`insert into balance_transactions (id, user_id, amount, currency_code, payment_method, type, status, provider, created_at)
      values (${paymentId}, ${p.userId}, 2500, 'USD', 'CARD', 'DEPOSIT', 'PENDING', 'sandbox', ${minutesAgo(30)})`);

    const report = await t.app.reconciliation.run();
    expect(report.findings.orphanBets).toEqual([
      expect.objectContaining({ roundId: orphanRound, userId: p.userId, currency: 'USD', amount: 100 }),
    ]);
    expect(report.findings.unpaidRounds).toEqual([
      expect.objectContaining({ roundId: spin.id, userId: p.userId, payout: 500 }),
    ]);
    expect(report.findings.stuckPayments).toEqual([
      expect.objectContaining({ paymentId, userId: p.userId, type: 'DEPOSIT', amount: 2500 }),
    ]);
    await db().execute(sql`update balance_transactions set status = 'DECLINED' where id = ${paymentId}`);
  });

  it('finds an unbalanced transaction and a balance that is not the sum of its entries', async () => {
    const p = await playerSession(t.app, 'wild-paws');
    const [account] = (
      (await db().execute(
        sql`select id from wallet_accounts where user_id = ${p.userId} and currency_code = 'USD'`,
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const transactionId = randomUUID();
    await db().execute(
      sql`insert into ledger_transactions (id, kind, reference) values (${transactionId}, 'ADJUSTMENT', ${`corrupt-${transactionId}`})`,
    );
    await db().execute(
      sql`insert into ledger_entries (transaction_id, account_id, amount) values (${transactionId}, ${account?.id}, 700)`,
    );

    const report = await t.app.reconciliation.run();
    expect(report.findings.unbalanced).toContainEqual({ transactionId, currency: 'USD', total: '700' });
    expect(report.findings.thin).toContainEqual({ transactionId });
    expect(report.findings.drift).toContainEqual(expect.objectContaining({ accountId: account?.id }));
    expect(report.findingCount).toBeGreaterThanOrEqual(3);
    await db().execute(sql`delete from ledger_entries where transaction_id = ${transactionId}`);
    await db().execute(sql`delete from ledger_transactions where id = ${transactionId}`);
  });

  it('finance and admins read the latest report and run one (audited) in the back office; support cannot run one', async () => {
    const admin = await staffSession(t.app, ['admin']);
    const finance = await staffSession(t.app, ['finance']);
    const support = await staffSession(t.app, ['support']);

    const run = await finance.inject({ method: 'POST', url: `${API}/runs` });
    expect(run.statusCode).toBe(201);
    const latest = await admin.inject({ method: 'GET', url: `${API}/latest` });
    expect(latest.json().report.runId).toBe(run.json().runId);
    expect((await support.inject({ method: 'POST', url: `${API}/runs` })).statusCode).toBe(403);
    expect((await support.inject({ method: 'GET', url: `${API}/latest` })).statusCode).toBe(403);
    const entries = await t.app.audit.list({
      action: 'reconciliation.run',
      actorId: finance.userId,
      page: 1,
      limit: 20,
    });
    expect(entries.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ targetId: run.json().runId })]),
    );
  });
});
