import { randomUUID } from 'node:crypto';
import type { BalanceTransactionsResponse } from '@paws/contracts/history';
import type { Notification } from '@paws/contracts/notifications';
import type { StaffPage } from '@paws/contracts/staff-lists';
import type { StaffWithdrawal } from '@paws/contracts/staff-money';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { sessions } from '../../src/modules/identity/schema.ts';
import { balanceTransactions } from '../../src/modules/payments/schema.ts';
import { createPaymentsService } from '../../src/modules/payments/service.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/index.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastLinkTo,
  PASSWORD,
  PLATFORM_HOST,
  tokenOf,
} from '../identity/helpers.ts';
import { deposit, eventually, signedInPlayer, WITHDRAW } from '../payments/helpers.ts';
import { ledgerProblems, noProblems } from '../wallet/helpers.ts';

const API = '/api/staff/withdrawals';
let ctx: IdentityTestApp;
let finance: StaffSession;
let finance2: StaffSession;
let support: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [finance, finance2, support] = await Promise.all([
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['support']),
  ]);
});
afterAll(() => ctx?.close());

const db = () => ctx.app.database.db;
const usd = async (userId: string) => (await ctx.app.wallet.balanceOf(userId, 'USD')) / 100;
const rowOf = async (id: string) =>
  (await db().select().from(balanceTransactions).where(eq(balanceTransactions.id, id)))[0];
const auditOf = (id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, id)));

/** A verified player with a deposit and one withdrawal waiting for review. */
async function pendingWithdrawal(amount = 10, funds = 50) {
  const { b, userId } = await signedInPlayer(ctx, { verified: true });
  await deposit(b, funds);
  const res = await b.post(WITHDRAW, { amount, paymentMethod: 'CARD' });
  expect(res.statusCode, res.body).toBe(201);
  return { b, userId, id: res.json().transaction.id as string };
}

const approve = (staff: StaffSession, id: string) =>
  staff.inject({ method: 'POST', url: `${API}/${id}/approve` });
const decline = (staff: StaffSession, id: string, reason: unknown = 'Card does not match the deposit') =>
  staff.inject({ method: 'POST', url: `${API}/${id}/decline`, payload: { reason } });
const one = async (id: string) =>
  (await finance.inject({ method: 'GET', url: `${API}/${id}` })).json() as StaffWithdrawal;
const financeNotices = async (b: Browser) =>
  (
    (await b.get('/api/notifications/notifications?category=FINANCIAL')).json() as {
      notifications: Notification[];
    }
  ).notifications.map((n) => n.notificationMessage);

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
      amount: 20,
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

describe('risk badges', () => {
  it('FIRST_WITHDRAWAL until a withdrawal of the player was paid out', async () => {
    ctx.app.payments.setSettleDelay(50);
    const { b, id } = await pendingWithdrawal(5, 100);
    expect((await one(id)).badges).toContain('FIRST_WITHDRAWAL');
    await approve(finance, id);
    await eventually(async () => expect((await rowOf(id))?.status).toBe('COMPLETED'));
    const next = (await b.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).json().transaction.id;
    expect((await one(next)).badges).not.toContain('FIRST_WITHDRAWAL');
  });

  it('LARGE_AMOUNT from $1,000', async () => {
    const { b, id } = await pendingWithdrawal(999.99, 3_000);
    expect((await one(id)).badges).not.toContain('LARGE_AMOUNT');
    const large = (await b.post(WITHDRAW, { amount: 1_000, paymentMethod: 'CARD' })).json().transaction.id;
    expect((await one(large)).badges).toContain('LARGE_AMOUNT');
  });

  it('DEPOSIT_NO_PLAY when no real-money bet followed the last deposit', async () => {
    const { b, userId, id } = await pendingWithdrawal(5, 50);
    expect((await one(id)).badges).toContain('DEPOSIT_NO_PLAY');
    const { token } = await ctx.app.wallet.createGameSession({
      userId,
      gameCode: 'wild-paws',
      providerCode: STUDIO_PROVIDER.code,
      currency: 'USD',
    });
    await ctx.app.wallet.bet({
      providerCode: STUDIO_PROVIDER.code,
      transactionId: randomUUID(),
      roundId: randomUUID(),
      sessionToken: token,
      userId,
      currency: 'USD',
      amount: 100,
      gameCode: 'wild-paws',
    });
    const played = (await b.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).json().transaction.id;
    expect((await one(played)).badges).not.toContain('DEPOSIT_NO_PLAY');
    // Never deposited (the money came another way): no deposit to speak of.
    const { b: gifted, userId: giftedId } = await signedInPlayer(ctx, { verified: true });
    await ctx.app.wallet.adjust({
      userId: giftedId,
      currency: 'USD',
      amount: 1_000,
      key: randomUUID(),
      reason: 'GOODWILL',
    });
    const gift = (await gifted.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).json().transaction.id;
    expect((await one(gift)).badges).not.toContain('DEPOSIT_NO_PLAY');
  });

  it('NEW_DEVICE when asked from a browser that first signed in within the last day, not the first one', async () => {
    const { b, userId, id } = await pendingWithdrawal(5, 50);
    expect((await one(id)).badges).not.toContain('NEW_DEVICE');
    // The player has used their first browser for days.
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(sessions.userId, userId));
    const email = ((await b.get('/api/platform/profile/user-data')).json() as { user: { email: string } })
      .user.email;
    // The same account signs in from another browser, which asks for the next withdrawal.
    const other = otherBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0');
    const login = await other.post(`${ID}/auth/login`, {
      email,
      password: PASSWORD,
      callbackUrl: `${LANDING}/callback/login`,
    });
    expect(login.statusCode, login.body).toBe(201);
    const verified = await other.post(`${ID}/auth/login/verify`, {
      token: tokenOf(await lastLinkTo(ctx.app, email)),
    });
    expect(verified.statusCode, verified.body).toBe(201);
    const fresh = (await other.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).json().transaction.id;
    const shown = await one(fresh);
    expect(shown.badges).toContain('NEW_DEVICE');
    expect(shown.userAgent).toContain('Firefox');
    // The first browser asking again is still not new.
    const again = (await b.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).json().transaction.id;
    expect((await one(again)).badges).not.toContain('NEW_DEVICE');
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

/** A browser on the platform with its own user agent (another device of the same player). */
function otherBrowser(userAgent: string) {
  const b = browser(ctx.app, PLATFORM_HOST);
  const headers = { 'user-agent': userAgent };
  return {
    post: (url: string, payload?: unknown) => b.post(url, payload, { headers }),
    get: (url: string) => b.get(url, { headers }),
  };
}
