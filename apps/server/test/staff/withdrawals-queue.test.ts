import { randomUUID } from 'node:crypto';
import type { StaffPage } from '@paws/contracts/staff-lists';
import type { StaffWithdrawal } from '@paws/contracts/staff-money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceTransactions } from '../../src/modules/payments/schema.ts';
import type { StaffSession } from '../helpers/staff.ts';
import type { IdentityTestApp } from '../identity/helpers.ts';
import { API, approve, createWithdrawalsTestApp, withdrawalSteps } from './withdrawals-helpers.ts';

let ctx: IdentityTestApp;
let finance: StaffSession;
let support: StaffSession;

beforeAll(async () => {
  ({ ctx, finance, support } = await createWithdrawalsTestApp());
});
afterAll(() => ctx?.close());

const { db, rowOf, pendingWithdrawal, one } = withdrawalSteps(() => ({ ctx, finance }));

describe('the queue', () => {
  it('lists withdrawals awaiting review with the player, amount, time waiting and badges; CSV too', async () => {
    const { userId, id } = await pendingWithdrawal(12.5);
    const res = await finance.inject({ method: 'GET', url: `${API}?playerId=${userId}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as StaffPage<StaffWithdrawal>;
    expect(page.total).toBe(1);
    const [item] = page.items;
    expect(item).toMatchObject({
      id,
      amount: 12.5,
      currency: 'USD',
      paymentMethod: 'CARD',
      status: 'PENDING',
      review: 'AWAITING_REVIEW',
      reviewedBy: null,
      reason: null,
    });
    expect(item?.player).toMatchObject({ id: userId });
    expect(item?.player.email).toMatch(/@example\.com$/);
    expect(item?.waitingSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(item?.requestedAt ?? '')).not.toBeNaN();

    const csv = await finance.inject({ method: 'GET', url: `${API}?playerId=${userId}&format=csv` });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, line] = csv.body.trim().split('\n');
    expect(header).toContain('waitingSeconds');
    expect(line).toContain(id);

    // The queue is the awaiting ones by default; decided ones are under their review state.
    const oldest = await finance.inject({
      method: 'GET',
      url: `${API}?sort=requestedAt&order=asc&limit=100`,
    });
    expect(
      (oldest.json() as StaffPage<StaffWithdrawal>).items.every((w) => w.review === 'AWAITING_REVIEW'),
    ).toBe(true);
  });

  it('waiting time counts from the request', async () => {
    const { id } = await pendingWithdrawal();
    await db()
      .update(balanceTransactions)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(balanceTransactions.id, id));
    expect((await one(id)).waitingSeconds).toBeGreaterThanOrEqual(3_600);
  });

  it('answers 404 for an unknown withdrawal and refuses roles without withdrawals.review', async () => {
    expect((await finance.inject({ method: 'GET', url: `${API}/${randomUUID()}` })).statusCode).toBe(404);
    expect((await approve(finance, randomUUID())).statusCode).toBe(404);
    expect((await support.inject({ method: 'GET', url: API })).statusCode).toBe(403);
    const { id } = await pendingWithdrawal();
    expect((await approve(support, id)).statusCode).toBe(403);
    expect((await rowOf(id))?.review).toBe('AWAITING_REVIEW');
  });

  it('names the field of bad input', async () => {
    const { id } = await pendingWithdrawal();
    for (const payload of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 42 },
    ]) {
      const res = await finance.inject({ method: 'POST', url: `${API}/${id}/decline`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'reason', message: expect.stringContaining('reason') });
    }
    const badId = await finance.inject({ method: 'POST', url: `${API}/not-a-uuid/approve` });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('id');
    for (const [query, field] of [
      ['review=MAYBE', 'review'],
      ['playerId=nope', 'playerId'],
      ['sort=player', 'sort'],
      ['limit=0', 'limit'],
    ]) {
      const res = await finance.inject({ method: 'GET', url: `${API}?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await rowOf(id))?.review).toBe('AWAITING_REVIEW');
  });
});
