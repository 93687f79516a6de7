import { randomUUID } from 'node:crypto';
import type { StaffPage } from '@paws/contracts/staff-lists';
import { ADJUSTMENT_APPROVAL_THRESHOLD, type StaffAdjustment } from '@paws/contracts/staff-money';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { ledgerProblems, noProblems, query } from '../wallet/helpers.ts';

const API = '/api/staff/adjustments';
let ctx: IdentityTestApp;
let requester: StaffSession;
let approver: StaffSession;
let admin: StaffSession;
let support: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [requester, approver, admin, support] = await Promise.all([
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['admin']),
    staffSession(ctx.app, ['support']),
  ]);
});
afterAll(() => ctx?.close());

const db = () => ctx.app.database.db;

/** A player account written straight to the table, with wallet accounts. */
async function player() {
  const [row] = await db()
    .insert(users)
    .values({ email: `p-${randomUUID()}@adjust.test`, passwordHash: 'x' })
    .returning({ id: users.id });
  await ctx.app.wallet.ensureAccounts(row!.id);
  return row!.id;
}
const balance = async (userId: string, currency: CurrencyCode = 'USD') =>
  (await ctx.app.wallet.balances(userId)).find((b) => b.currencyCode === currency)?.amount;

const request = (staff: StaffSession, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  staff.inject({
    method: 'POST',
    url: API,
    headers,
    payload: { currency: 'USD', reasonCode: 'GOODWILL', note: 'Sorry for the outage', ...body },
  });
const approve = (staff: StaffSession, id: string) =>
  staff.inject({ method: 'POST', url: `${API}/${id}/approve` });
const reject = (staff: StaffSession, id: string, reason: unknown = 'Not justified') =>
  staff.inject({ method: 'POST', url: `${API}/${id}/reject`, payload: { reason } });
const auditOf = async (id: string) =>
  (
    await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'adjustment'), eq(auditLog.targetId, id)))
      .orderBy(auditLog.at, auditLog.id)
  ).map((row) => ({ action: row.action, actorId: row.actorId }));
const adjustmentPostings = async (id: string) =>
  (
    await query<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_transactions where reference = ${`adjustment:${id}`}`,
    )
  )[0]?.n;

describe('at or below the threshold', () => {
  it('posts at once through the ledger’s adjustments account; audited request and post', async () => {
    const playerId = await player();
    const res = await request(requester, { playerId, amount: ADJUSTMENT_APPROVAL_THRESHOLD.USD });
    expect(res.statusCode, res.body).toBe(201);
    const adjustment = res.json() as StaffAdjustment;
    expect(adjustment).toMatchObject({
      player: { id: playerId },
      currency: 'USD',
      amount: 100,
      reasonCode: 'GOODWILL',
      note: 'Sorry for the outage',
      status: 'POSTED',
      needsApproval: false,
      requestedBy: { id: requester.userId, email: requester.email },
      decidedBy: null,
      balanceAfter: 100,
    });
    expect(adjustment.ledgerTransactionId).toBeTruthy();
    expect(await balance(playerId)).toBe(100);
    expect(await adjustmentPostings(adjustment.id)).toBe(1);
    const adjustments = (await ctx.app.wallet.systemBalances()).find(
      (s) => s.systemCode === 'adjustments' && s.currency === 'USD',
    );
    expect(adjustments?.balance).toBeLessThanOrEqual(-100_00);
    expect(await auditOf(adjustment.id)).toEqual([
      { action: 'adjustment.request', actorId: requester.userId },
      { action: 'adjustment.post', actorId: requester.userId },
    ]);

    // A debit below the threshold posts at once too; every currency has its own threshold.
    const debit = await request(requester, { playerId, amount: -40.5, reasonCode: 'CORRECTION' });
    expect(debit.json()).toMatchObject({ status: 'POSTED', amount: -40.5, balanceAfter: 59.5 });
    const spins = await request(requester, {
      playerId,
      currency: 'FREE_SPINS',
      amount: 20,
      reasonCode: 'BONUS_FIX',
    });
    expect(spins.json()).toMatchObject({ status: 'POSTED', amount: 20 });
    expect(await balance(playerId, 'FREE_SPINS')).toBe(20);
  });

  it('never drives a balance below zero: 409 on amount, nothing written', async () => {
    const playerId = await player();
    await request(requester, { playerId, amount: 10 });
    const res = await request(requester, { playerId, amount: -10.01, reasonCode: 'CHARGEBACK' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      field: 'amount',
      message: "The player's USD balance is $10.00: a debit of $10.01 would take it below zero",
    });
    expect(await balance(playerId)).toBe(10);
    const list = (await requester.inject({ method: 'GET', url: `${API}?playerId=${playerId}` })).json();
    expect(list.total).toBe(1);
  });

  it('a retry with the same Idempotency-Key returns the first adjustment and moves nothing', async () => {
    const playerId = await player();
    const headers = { 'idempotency-key': `adj-${randomUUID()}` };
    const [a, b] = await Promise.all([
      request(requester, { playerId, amount: 5 }, headers),
      request(requester, { playerId, amount: 5 }, headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await balance(playerId)).toBe(5);
    const other = await request(requester, { playerId, amount: 6 }, headers);
    expect(other.statusCode).toBe(409);
  });
});

describe('above the threshold: four eyes', () => {
  it('waits PENDING; the requester cannot approve it; a second staff member approves and it posts once', async () => {
    const playerId = await player();
    const res = await request(requester, {
      playerId,
      amount: 250,
      reasonCode: 'CORRECTION',
      note: 'Lost win',
    });
    expect(res.statusCode, res.body).toBe(201);
    const pending = res.json() as StaffAdjustment;
    expect(pending).toMatchObject({ status: 'PENDING', needsApproval: true, ledgerTransactionId: null });
    expect(await balance(playerId)).toBe(0);

    const own = await approve(requester, pending.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      'You cannot approve your own adjustment: another staff member must approve it',
    );
    expect((await reject(requester, pending.id)).statusCode).toBe(403);
    // Permission first: support may not approve anything.
    expect((await approve(support, pending.id)).statusCode).toBe(403);
    expect(await balance(playerId)).toBe(0);

    const pendingList = (
      await approver.inject({ method: 'GET', url: `${API}?status=PENDING&limit=100` })
    ).json() as StaffPage<StaffAdjustment>;
    expect(pendingList.items.map((a) => a.id)).toContain(pending.id);

    const [first, second] = await Promise.all([approve(approver, pending.id), approve(admin, pending.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = (first.statusCode === 200 ? first : second).json() as StaffAdjustment;
    expect(winner).toMatchObject({ status: 'POSTED', balanceAfter: 250 });
    expect([approver.userId, admin.userId]).toContain(winner.decidedBy?.id);
    expect(await balance(playerId)).toBe(250);
    expect(await adjustmentPostings(pending.id)).toBe(1);

    // The winner repeating it gets it back; nothing moves again.
    const winnerSession = winner.decidedBy?.id === approver.userId ? approver : admin;
    expect((await approve(winnerSession, pending.id)).statusCode).toBe(200);
    expect((await reject(winnerSession, pending.id)).statusCode).toBe(409);
    expect(await balance(playerId)).toBe(250);
    expect(await adjustmentPostings(pending.id)).toBe(1);
    // The approval and its posting share one transaction (and its timestamp): their order is not the point.
    const [requested, ...decision] = await auditOf(pending.id);
    expect(requested).toEqual({ action: 'adjustment.request', actorId: requester.userId });
    expect(decision).toHaveLength(2);
    expect(decision).toEqual(
      expect.arrayContaining([
        { action: 'adjustment.approve', actorId: winner.decidedBy?.id },
        { action: 'adjustment.post', actorId: winner.decidedBy?.id },
      ]),
    );
  });

  it('reject moves nothing; audited', async () => {
    const playerId = await player();
    const pending = (await request(requester, { playerId, amount: 500 })).json() as StaffAdjustment;
    const res = await reject(approver, pending.id, '  No ticket behind it ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'No ticket behind it',
      decidedBy: { id: approver.userId },
    });
    expect(await balance(playerId)).toBe(0);
    expect(await adjustmentPostings(pending.id)).toBe(0);
    expect((await approve(admin, pending.id)).statusCode).toBe(409);
    expect(await auditOf(pending.id)).toEqual([
      { action: 'adjustment.request', actorId: requester.userId },
      { action: 'adjustment.reject', actorId: approver.userId },
    ]);
  });

  it('a large debit is refused when the balance cannot take it, at the request and at the approval', async () => {
    const playerId = await player();
    const early = await request(requester, { playerId, amount: -150 });
    expect(early.statusCode).toBe(409);
    expect(early.json().field).toBe('amount');

    await ctx.app.wallet.adjust({
      userId: playerId,
      currency: 'USD',
      amount: 200_00,
      key: randomUUID(),
      reason: 'TEST',
    });
    const pending = (await request(requester, { playerId, amount: -150 })).json() as StaffAdjustment;
    expect(pending.status).toBe('PENDING');
    // Meanwhile the player spends most of it.
    await ctx.app.wallet.adjust({
      userId: playerId,
      currency: 'USD',
      amount: -100_00,
      key: randomUUID(),
      reason: 'TEST',
    });
    const late = await approve(approver, pending.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('would take it below zero');
    expect(await balance(playerId)).toBe(100);
    expect((await approver.inject({ method: 'GET', url: `${API}/${pending.id}` })).json().status).toBe(
      'PENDING',
    );
    expect(await ledgerProblems(db())).toEqual(noProblems);
  });
});

describe('input and permissions', () => {
  it('names the field of bad input', async () => {
    const playerId = await player();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ playerId: 'nope', amount: 1 }, 'playerId'],
      [{ playerId: undefined, amount: 1 }, 'playerId'],
      [{ playerId, amount: 0 }, 'amount'],
      [{ playerId, amount: 1.005 }, 'amount'],
      [{ playerId, amount: '5' }, 'amount'],
      [{ playerId, amount: 2e9 }, 'amount'],
      [{ playerId, amount: 1.5, currency: 'FREE_SPINS' }, 'amount'],
      [{ playerId, amount: 1, currency: 'EUR' }, 'currency'],
      [{ playerId, amount: 1, reasonCode: 'BECAUSE' }, 'reasonCode'],
      [{ playerId, amount: 1, note: '  ' }, 'note'],
      [{ playerId, amount: 1, note: 'x'.repeat(501) }, 'note'],
    ];
    for (const [body, field] of cases) {
      const res = await request(requester, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
      expect(res.json().message).toContain(field);
    }
    const unknown = await request(requester, { playerId: randomUUID(), amount: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'playerId', message: 'Player not found' });
    const pending = (await request(requester, { playerId, amount: 101 })).json() as StaffAdjustment;
    for (const payload of [{}, { reason: '' }, { reason: ' '.repeat(3) }]) {
      const res = await approver.inject({ method: 'POST', url: `${API}/${pending.id}/reject`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('reason');
    }
    const list = await requester.inject({ method: 'GET', url: `${API}?status=LOST` });
    expect(list.json().field).toBe('status');
    expect(await balance(playerId)).toBe(0);
  });

  it('support reads nothing and requests nothing; lists filter by status and export CSV', async () => {
    const playerId = await player();
    expect((await support.inject({ method: 'GET', url: API })).statusCode).toBe(403);
    expect((await request(support, { playerId, amount: 1 })).statusCode).toBe(403);
    const posted = (await request(requester, { playerId, amount: 1 })).json() as StaffAdjustment;
    const pending = (await request(requester, { playerId, amount: 1000 })).json() as StaffAdjustment;
    const page = async (status: string) =>
      (
        (
          await approver.inject({ method: 'GET', url: `${API}?playerId=${playerId}&status=${status}` })
        ).json() as StaffPage<StaffAdjustment>
      ).items.map((a) => a.id);
    expect(await page('POSTED')).toEqual([posted.id]);
    expect(await page('PENDING')).toEqual([pending.id]);
    expect((await page('ALL')).sort()).toEqual([posted.id, pending.id].sort());
    const csv = await approver.inject({ method: 'GET', url: `${API}?playerId=${playerId}&format=csv` });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\n')[0]).toContain('reasonCode');
    expect(csv.body).toContain(pending.id);
  });
});
