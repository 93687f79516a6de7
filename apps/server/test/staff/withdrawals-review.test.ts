import type { BalanceTransactionsResponse } from '@paws/contracts/history';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceTransactions } from '../../src/modules/payments/schema.ts';
import { createPaymentsService } from '../../src/modules/payments/service.ts';
import type { StaffSession } from '../helpers/staff.ts';
import type { IdentityTestApp } from '../identity/helpers.ts';
import { eventually } from '../payments/helpers.ts';
import { ledgerProblems, noProblems } from '../wallet/helpers.ts';
import {
  approve,
  createWithdrawalsTestApp,
  decline,
  financeNotices,
  withdrawalSteps,
} from './withdrawals-helpers.ts';

let ctx: IdentityTestApp;
let finance: StaffSession;
let finance2: StaffSession;

beforeAll(async () => {
  ({ ctx, finance, finance2 } = await createWithdrawalsTestApp());
});
afterAll(() => ctx?.close());

const { db, usd, rowOf, auditOf, pendingWithdrawal, one } = withdrawalSteps(() => ({ ctx, finance }));

describe('approve', () => {
  it('asks the provider for the payout; the player history and notices follow; audited', async () => {
    ctx.app.payments.setSettleDelay(50);
    const { b, userId, id } = await pendingWithdrawal(20);
    expect(await usd(userId)).toBe(30);
    const res = await approve(finance, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, review: 'APPROVED', reviewedBy: { id: finance.userId } });
    expect((await rowOf(id))?.providerReference).toMatch(/^sandbox_/);

    await eventually(async () => expect((await rowOf(id))?.status).toBe('COMPLETED'));
    expect(await usd(userId)).toBe(30);
    const history = (
      await b.get('/api/platform/profile/balance-transactions')
    ).json() as BalanceTransactionsResponse;
    expect(history.balanceTransactions.find((t) => t.id === id)).toMatchObject({
      status: 'COMPLETED',
      // Money out of the balance: signed in the history.
      amount: -20,
    });
    await eventually(async () =>
      expect(await financeNotices(b)).toEqual(
        expect.arrayContaining([
          'Your withdrawal of $20.00 is being processed.',
          'Your withdrawal of $20.00 was paid out.',
        ]),
      ),
    );

    const [row] = await auditOf(id);
    expect(row).toMatchObject({
      action: 'withdrawal.approve',
      actorId: finance.userId,
      actorRoles: ['finance'],
      before: expect.objectContaining({ review: 'AWAITING_REVIEW', amount: 2000 }),
      after: expect.objectContaining({ review: 'APPROVED' }),
    });

    // The same staff member clicking again gets the withdrawal back, with no second payout or audit row.
    expect((await approve(finance, id)).statusCode).toBe(200);
    expect(await auditOf(id)).toHaveLength(1);
    // Anyone else finds it reviewed.
    expect((await approve(finance2, id)).statusCode).toBe(409);
    const late = await decline(finance2, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This withdrawal has already been reviewed');
    expect(await usd(userId)).toBe(30);
  });

  it('a payout the provider declines returns the funds and tells the player', async () => {
    ctx.app.payments.setSettleDelay(50);
    const { b, userId, id } = await pendingWithdrawal(5.13);
    expect((await approve(finance, id)).statusCode).toBe(200);
    await eventually(async () => expect((await rowOf(id))?.status).toBe('DECLINED'));
    expect(await usd(userId)).toBe(50);
    expect((await one(id)).review).toBe('APPROVED');
    await eventually(async () =>
      expect(await financeNotices(b)).toContain(
        'Your withdrawal of $5.13 was declined; the amount is back on your balance.',
      ),
    );
  });
});

describe('decline', () => {
  it('returns the held funds exactly once, tells the player the reason, audited', async () => {
    const { b, userId, id } = await pendingWithdrawal(15);
    expect(await usd(userId)).toBe(35);
    const res = await decline(finance, id, '  Please withdraw to the card you deposited with  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      review: 'DECLINED',
      status: 'DECLINED',
      reason: 'Please withdraw to the card you deposited with',
      reviewedBy: { id: finance.userId, email: finance.email },
    });
    expect(await usd(userId)).toBe(50);

    // Again by the same member: the same answer, nothing moves; by another, or the opposite: 409.
    expect((await decline(finance, id)).statusCode).toBe(200);
    expect((await decline(finance2, id)).statusCode).toBe(409);
    expect((await approve(finance2, id)).statusCode).toBe(409);
    await ctx.app.payments.settle(id);
    await ctx.app.payments.sweep();
    expect(await usd(userId)).toBe(50);
    const releases = await db().execute(
      sql`select count(*)::int as n from ledger_transactions where reference = ${`withdraw-final:${id}`}`,
    );
    expect((releases as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);

    const history = (
      await b.get('/api/platform/profile/balance-transactions')
    ).json() as BalanceTransactionsResponse;
    expect(history.balanceTransactions.find((t) => t.id === id)?.status).toBe('DECLINED');
    await eventually(async () =>
      expect(await financeNotices(b)).toContain(
        'Your withdrawal of $15.00 was declined (Please withdraw to the card you deposited with); the amount is back on your balance.',
      ),
    );
    const rows = await auditOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'withdrawal.decline',
      actorId: finance.userId,
      after: expect.objectContaining({
        review: 'DECLINED',
        reason: 'Please withdraw to the card you deposited with',
      }),
    });
  });

  it('two staff deciding at once: one wins, the other gets 409, the money moves once', async () => {
    ctx.app.payments.setSettleDelay(60_000);
    for (let round = 0; round < 3; round++) {
      const { userId, id } = await pendingWithdrawal(10);
      const [a, b] = await Promise.all([approve(finance, id), decline(finance2, id)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const approved = a.statusCode === 200;
      expect((await rowOf(id))?.review).toBe(approved ? 'APPROVED' : 'DECLINED');
      expect(await usd(userId)).toBe(approved ? 40 : 50);
      expect(await auditOf(id)).toHaveLength(1);

      const { id: other } = await pendingWithdrawal(10);
      const both = await Promise.all([approve(finance, other), approve(finance2, other)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await auditOf(other)).toHaveLength(1);
    }
    expect(await ledgerProblems(db())).toEqual(noProblems);
  });
});

describe('without a payment provider', () => {
  it('approval is refused with 503 and the withdrawal keeps waiting, its funds held', async () => {
    const { userId, id } = await pendingWithdrawal(7);
    const unconfigured = createPaymentsService({ db: db(), wallet: ctx.app.wallet, provider: null });
    await expect(
      unconfigured.approveWithdrawal(id, { id: finance.userId, audit: async () => {} }),
    ).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(await rowOf(id)).toMatchObject({ review: 'AWAITING_REVIEW', status: 'PENDING' });
    expect(await usd(userId)).toBe(43);
  });
});

describe('reconciliation and recovery', () => {
  it('a withdrawal waiting for review is not a stuck payment; an approved one left pending is', async () => {
    ctx.app.payments.setSettleDelay(60_000);
    const waiting = await pendingWithdrawal(3);
    const approved = await pendingWithdrawal(4);
    await approve(finance, approved.id);
    const longAgo = new Date(Date.now() - 3_600_000);
    for (const id of [waiting.id, approved.id]) {
      await db()
        .update(balanceTransactions)
        .set({ createdAt: longAgo, reviewedAt: id === approved.id ? longAgo : null })
        .where(eq(balanceTransactions.id, id));
    }
    const stuck = (await ctx.app.payments.pendingSince(new Date(Date.now() - 300_000))).map((p) => p.id);
    expect(stuck).toContain(approved.id);
    expect(stuck).not.toContain(waiting.id);
    // The sweep pays the approved one and leaves the waiting one alone.
    await ctx.app.payments.sweep();
    expect((await rowOf(approved.id))?.status).toBe('COMPLETED');
    expect(await rowOf(waiting.id)).toMatchObject({
      status: 'PENDING',
      review: 'AWAITING_REVIEW',
      providerReference: null,
    });
  });
});
