import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@paws/contracts/staff';
import type { Dashboard, DashboardFigures } from '@paws/contracts/staff-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quiesce } from '../backbone/helpers.ts';
import { STAFF_API, type StaffSession, staffSession } from '../helpers/staff.ts';
import { WITHDRAW } from '../payments/helpers.ts';
import { createReportsTestApp, playingPlayer, type ReportsTestApp, utcDay } from '../reports/helpers.ts';

const DASHBOARD = `${STAFF_API}/dashboard`;

let t: ReportsTestApp;
const sessions = new Map<string, Promise<StaffSession>>();
function as(...roles: StaffRole[]) {
  const key = roles.join(',');
  if (!sessions.has(key)) sessions.set(key, staffSession(t.app, roles));
  return sessions.get(key)!;
}
const dashboard = async (roles: StaffRole[] = ['finance']) =>
  (await as(...roles)).inject({ method: 'GET', url: DASHBOARD });
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `after − before` for every figure, to the cent. */
function delta(after: DashboardFigures, before: DashboardFigures) {
  return Object.fromEntries(
    Object.entries(after).map(([key, value]) => [
      key,
      Math.round((value - before[key as keyof DashboardFigures]) * 100) / 100,
    ]),
  );
}

beforeAll(async () => {
  t = await createReportsTestApp();
});
afterAll(() => t.close());

describe('the dashboard', () => {
  it('shows today’s and the month’s deposits, withdrawals, stakes, wins, GGR, NGR and active players', async () => {
    await quiesce(t.app);
    await t.app.reports.runRollups();
    const before = (await dashboard()).json() as Dashboard;

    const player = await playingPlayer(t, 'wild-paws', 40);
    let wins = 0;
    for (let i = 0; i < 4; i++) {
      const spin = await player.call('/wild-paws/spin', { fund: 'cash', stake: 2 });
      expect(spin.statusCode).toBe(201);
      wins += spin.json().round.payout;
    }
    expect((await player.b.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).statusCode).toBe(201);
    await t.app.wallet.bonusCredit({
      userId: player.userId,
      currency: 'BONUS_USD',
      amount: 250,
      key: randomUUID(),
    });
    await quiesce(t.app);
    // Every bonus the player earned (the welcome tasks' too), as the ledger has them.
    const [bonus] = rowsOf<{ total: string }>(
      await t.app.database.db.execute(sql`select coalesce(sum(e.amount), 0)::text as total from ledger_entries e
        join ledger_transactions lt on lt.id = e.transaction_id join wallet_accounts a on a.id = e.account_id
        where lt.kind = 'BONUS' and a.user_id = ${player.userId}`),
    );
    const bonusCosts = Number(bonus?.total) / 100;
    expect(bonusCosts).toBeGreaterThanOrEqual(2.5);

    await t.app.reports.runRollups();
    const res = await dashboard();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const after = res.json() as Dashboard;
    wins = Math.round(wins * 100) / 100;
    const expected = {
      deposits: 40,
      withdrawals: 5,
      stakes: 8,
      wins,
      ggr: Math.round((8 - wins) * 100) / 100,
      bonusCosts,
      ngr: Math.round((8 - wins - bonusCosts) * 100) / 100,
      activePlayers: 1,
    };
    expect(delta(after.todayFigures, before.todayFigures)).toEqual(expected);
    expect(delta(after.last30Days, before.last30Days)).toEqual(expected);
    expect(after).toMatchObject({ currency: 'USD', today: utcDay(0), openTickets: 0 });
    expect(Date.parse(after.asOf ?? '')).toBeGreaterThan(Date.parse(before.asOf ?? '0'));
  });

  it('has a daily series of 30 days ending today; past days come from their rollups', async () => {
    const player = await playingPlayer(t, 'wild-paws', 25);
    await quiesce(t.app);
    await t.app.database.db.execute(sql`update ledger_transactions t set created_at = created_at - interval '5 days'
      where exists (select 1 from ledger_entries e join wallet_accounts a on a.id = e.account_id
        where e.transaction_id = t.id and a.user_id = ${player.userId})`);
    await t.app.reports.runRollups({ dateFrom: utcDay(-6), dateTo: utcDay(0) });

    const body = (await dashboard()).json() as Dashboard;
    expect(body.series).toHaveLength(30);
    expect(body.series[0]?.day).toBe(utcDay(-29));
    expect(body.series[29]).toEqual({ day: utcDay(0), ...body.todayFigures });
    expect(body.series.find((d) => d.day === utcDay(-5))?.deposits).toBe(25);
    const sum = body.series.reduce((total, d) => total + d.deposits, 0);
    expect(Math.round(sum * 100) / 100).toBe(body.last30Days.deposits);
  });

  it('agrees with the reports: the same US dollar figures for the same days (issue 30 point 16)', async () => {
    const player = await playingPlayer(t, 'wild-paws', 30);
    await player.call('/wild-paws/spin', { fund: 'cash', stake: 3 });
    await t.app.wallet.bonusCredit({
      userId: player.userId,
      currency: 'BONUS_USD',
      amount: 4_00,
      key: randomUUID(),
    });
    await quiesce(t.app);
    await t.app.reports.runRollups();
    const board = (await dashboard()).json() as Dashboard;
    const reports = async (query: string) =>
      (
        await (await as('finance')).inject({ method: 'GET', url: `${STAFF_API}/reports/players?${query}` })
      ).json().usdSummary as DashboardFigures;
    expect(await reports(`dateFrom=${utcDay(0)}&dateTo=${utcDay(0)}`)).toEqual(board.todayFigures);
    expect(await reports(`dateFrom=${utcDay(-29)}&dateTo=${utcDay(0)}`)).toEqual(board.last30Days);
    // The currency filter narrows the rows, not the summary: bonus dollars are costs in both.
    expect(await reports(`dateFrom=${utcDay(0)}&dateTo=${utcDay(0)}&currency=USD`)).toEqual(
      board.todayFigures,
    );
    expect(board.todayFigures.bonusCosts).toBeGreaterThanOrEqual(4);
  });

  it('counts the withdrawals and verifications waiting for staff (payments and KYC tell)', async () => {
    const before = (await dashboard()).json() as Dashboard;
    const player = await playingPlayer(t, 'wild-paws', 60);
    expect((await player.b.post(WITHDRAW, { amount: 12.5, paymentMethod: 'CARD' })).statusCode).toBe(201);
    await t.app.database.db.execute(sql`insert into verification_sessions (id, user_id, provider, status, submitted_at)
      values (${randomUUID()}, ${player.userId}, 'sandbox', 'STARTED', now())`);
    const after = (await dashboard()).json() as Dashboard;
    expect(after.pendingWithdrawals.count).toBe(before.pendingWithdrawals.count + 1);
    expect(after.pendingWithdrawals.amount).toBeCloseTo(before.pendingWithdrawals.amount + 12.5, 2);
    expect(after.pendingVerifications.count).toBe(before.pendingVerifications.count + 1);
  });

  it('is for support, finance and admins; content is refused', async () => {
    for (const role of ['support', 'finance', 'admin'] as const)
      expect((await dashboard([role])).statusCode).toBe(200);
    expect((await dashboard(['content'])).statusCode).toBe(403);
  });
});
