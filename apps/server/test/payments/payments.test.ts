import type { BalanceTransaction } from '@paws/contracts/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceTransactions } from '../../src/modules/payments/schema.ts';
import { recorded } from '../backbone/helpers.ts';
import { browser, PLATFORM_HOST } from '../identity/helpers.ts';
import {
  approveWithdrawal,
  createPaymentsTestApp,
  DEPOSIT,
  deposit,
  eventually,
  type PaymentsTestApp,
  signedInPlayer,
  WITHDRAW,
} from './helpers.ts';

let ctx: PaymentsTestApp;
beforeAll(async () => {
  ctx = await createPaymentsTestApp();
});
const movementsOf = async (userId: string) =>
  (await recorded(ctx.app, 'wallet.moved')).filter((m) => m.userId === userId);
afterAll(() => ctx?.close());

const rowsOf = (userId: string) =>
  ctx.app.database.db.select().from(balanceTransactions).where(eq(balanceTransactions.userId, userId));
const usd = async (userId: string) => (await ctx.app.wallet.balanceOf(userId, 'USD')) / 100;
const systemUsd = async (code: string) =>
  (await ctx.app.wallet.systemBalances()).find((s) => s.systemCode === code && s.currency === 'USD')
    ?.balance ?? 0;

describe('POST /users/deposit', () => {
  it('needs a signed-in player', async () => {
    const res = await browser(ctx.app, PLATFORM_HOST).post(DEPOSIT, { amount: 10, paymentMethod: 'CARD' });
    expect(res.statusCode).toBe(401);
  });

  it('credits the balance at once, writes a COMPLETED row and a ledger movement', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    const paymentsBefore = await systemUsd('payments');
    const res = await b.post(DEPOSIT, { amount: 25.5, paymentMethod: 'CRYPT' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { transaction: BalanceTransaction; balance: number };
    expect(body.transaction).toMatchObject({
      amount: 25.5,
      currencyCode: 'USD',
      paymentMethod: 'CRYPT',
      type: 'DEPOSIT',
      status: 'COMPLETED',
    });
    expect(Number.isNaN(Date.parse(body.transaction.createdAt))).toBe(false);
    expect(body.balance).toBe(25.5);
    expect(await usd(userId)).toBe(25.5);

    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: body.transaction.id, amount: 2550, status: 'COMPLETED' });
    expect(rows[0]?.providerReference).toMatch(/^sandbox_/);

    const movement = (await movementsOf(userId)).find((m) => m.kind === 'DEPOSIT');
    expect(movement).toMatchObject({ kind: 'DEPOSIT', currency: 'USD', amount: 2550, balance: 2550 });
    // Double entry: the payments account gave what the player received.
    expect(await systemUsd('payments')).toBe(paymentsBefore - 2550);

    const me = (await b.get('/api/platform/profile/user-data')).json() as {
      balances: Array<{ currencyCode: string; amount: number }>;
    };
    expect(me.balances.find((x) => x.currencyCode === 'USD')?.amount).toBe(25.5);
  });

  it.each([
    ['zero', 0],
    ['a negative amount', -5],
    ['three decimals', 10.005],
    ['a string', '10'],
    ['nothing', undefined],
  ])('refuses %s with 400 on the amount field and writes nothing', async (_name, amount) => {
    const { b, userId } = await signedInPlayer(ctx);
    for (const url of [DEPOSIT, WITHDRAW]) {
      const res = await b.post(url, { amount, paymentMethod: 'CARD' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, field: 'amount' });
    }
    expect(await rowsOf(userId)).toHaveLength(0);
    expect(await usd(userId)).toBe(0);
  });

  it('refuses an unknown payment method on its field', async () => {
    const { b } = await signedInPlayer(ctx);
    const res = await b.post(DEPOSIT, { amount: 10, paymentMethod: 'CASH' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'paymentMethod' });
  });

  it('replays the first result for a repeated Idempotency-Key and moves no money', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    const headers = { 'idempotency-key': 'deposit-retry-1' };
    const first = await b.post(DEPOSIT, { amount: 10, paymentMethod: 'CARD' }, { headers });
    const again = await b.post(DEPOSIT, { amount: 10, paymentMethod: 'CARD' }, { headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().transaction).toEqual(first.json().transaction);
    expect(await usd(userId)).toBe(10);
    expect(await rowsOf(userId)).toHaveLength(1);

    // The same key with another request is refused; a key is the player's own.
    const other = await b.post(DEPOSIT, { amount: 11, paymentMethod: 'CARD' }, { headers });
    expect(other.statusCode).toBe(409);
    const { b: b2, userId: user2 } = await signedInPlayer(ctx);
    expect((await b2.post(DEPOSIT, { amount: 11, paymentMethod: 'CARD' }, { headers })).statusCode).toBe(201);
    expect(await usd(user2)).toBe(11);

    // Concurrent duplicates: one payment.
    const key = { 'idempotency-key': 'deposit-race' };
    const race = await Promise.all(
      Array.from({ length: 4 }, () =>
        b.post(DEPOSIT, { amount: 5, paymentMethod: 'CARD' }, { headers: key }),
      ),
    );
    expect(race.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(race.map((r) => r.json().transaction.id)).size).toBe(1);
    expect(await usd(userId)).toBe(15);
    expect(await rowsOf(userId)).toHaveLength(2);
  });
});

describe('POST /users/withdraw', () => {
  it('refuses a player whose identity is not verified with 403 and holds nothing (AML)', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 20);
    const res = await b.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      statusCode: 403,
      message:
        'Verify your identity before withdrawing: withdrawals need an approved identity verification (Profile, Verification)',
    });
    expect(await usd(userId)).toBe(20);
    expect((await rowsOf(userId)).map((r) => r.type)).toEqual(['DEPOSIT']);

    await ctx.app.identity.moveVerificationType(userId, ['NONE'], 'APPROVED');
    expect((await b.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).statusCode).toBe(201);
  });

  it('refuses more than the balance with 400 and writes nothing', async () => {
    const { b, userId } = await signedInPlayer(ctx, { verified: true });
    await deposit(b, 20);
    // Real-money movements only: the bonus engine may credit welcome bonuses (BONUS_USD) meanwhile.
    const usdMovements = async () => (await movementsOf(userId)).filter((m) => m.currency === 'USD').length;
    const ledgerBefore = await usdMovements();
    const res = await b.post(WITHDRAW, { amount: 20.01, paymentMethod: 'BANK_TRANSFER' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: 'Insufficient funds', field: 'amount' });
    expect(await usd(userId)).toBe(20);
    expect((await rowsOf(userId)).map((r) => r.type)).toEqual(['DEPOSIT']);
    expect(await usdMovements()).toBe(ledgerBefore);

    // A player who never deposited is refused the same way.
    const { b: empty, userId: emptyId } = await signedInPlayer(ctx, { verified: true });
    const none = await empty.post(WITHDRAW, { amount: 1, paymentMethod: 'CARD' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Insufficient funds', field: 'amount' });
    expect(await rowsOf(emptyId)).toHaveLength(0);
  });

  it('holds the amount at once as PENDING for review; once approved it is paid out (COMPLETED)', async () => {
    ctx.app.payments.setSettleDelay(100);
    const { b, userId } = await signedInPlayer(ctx, { verified: true });
    await deposit(b, 50);
    const heldBefore = await systemUsd('withdrawals');
    const res = await b.post(WITHDRAW, { amount: 30, paymentMethod: 'CARD' });
    expect(res.statusCode).toBe(201);
    const { transaction, balance } = res.json() as { transaction: BalanceTransaction; balance: number };
    expect(transaction).toMatchObject({
      amount: 30,
      type: 'WITHDRAW',
      status: 'PENDING',
      currencyCode: 'USD',
    });
    expect(balance).toBe(20);
    expect(await usd(userId)).toBe(20);
    expect(await systemUsd('withdrawals')).toBe(heldBefore + 3000);

    // Nothing pays it out before staff approve it: not the settle job, not the sweep.
    await ctx.app.payments.settle(transaction.id);
    await ctx.app.payments.sweep();
    const [waiting] = (await rowsOf(userId)).filter((r) => r.id === transaction.id);
    expect(waiting).toMatchObject({ status: 'PENDING', review: 'AWAITING_REVIEW', providerReference: null });
    expect(waiting?.requestSessionId).toBeTruthy();

    await approveWithdrawal(ctx, transaction.id);
    await eventually(async () => {
      const [row] = (await rowsOf(userId)).filter((r) => r.id === transaction.id);
      expect(row?.status).toBe('COMPLETED');
    });
    expect(await usd(userId)).toBe(20);
    expect(await systemUsd('withdrawals')).toBe(heldBefore);
    const settle = (await movementsOf(userId)).find((m) => m.kind === 'WITHDRAW');
    expect(settle).toMatchObject({ amount: -3000, balance: 2000 });
  });

  it('declines a payout ending in .13 (the sandbox test card) and releases the hold', async () => {
    ctx.app.payments.setSettleDelay(100);
    const { b, userId } = await signedInPlayer(ctx, { verified: true });
    await deposit(b, 50);
    const res = await b.post(WITHDRAW, { amount: 10.13, paymentMethod: 'CARD' });
    expect(res.statusCode).toBe(201);
    const { transaction, balance } = res.json() as { transaction: BalanceTransaction; balance: number };
    expect(transaction.status).toBe('PENDING');
    expect(balance).toBe(39.87);
    await approveWithdrawal(ctx, transaction.id);
    await eventually(async () => {
      const [row] = (await rowsOf(userId)).filter((r) => r.id === transaction.id);
      expect(row?.status).toBe('DECLINED');
    });
    expect(await usd(userId)).toBe(50);
    expect((await movementsOf(userId)).find((m) => m.kind === 'WITHDRAW_RELEASE')).toMatchObject({
      amount: 1013,
      balance: 5000,
    });
  });

  it('replays a withdrawal for a repeated Idempotency-Key without holding twice', async () => {
    ctx.app.payments.setSettleDelay(60_000);
    const { b, userId } = await signedInPlayer(ctx, { verified: true });
    await deposit(b, 30);
    const headers = { 'idempotency-key': 'withdraw-retry' };
    const first = await b.post(WITHDRAW, { amount: 10, paymentMethod: 'CARD' }, { headers });
    const again = await b.post(WITHDRAW, { amount: 10, paymentMethod: 'CARD' }, { headers });
    expect(first.statusCode).toBe(201);
    expect(again.json().transaction).toEqual(first.json().transaction);
    expect(await usd(userId)).toBe(20);
    expect((await rowsOf(userId)).filter((r) => r.type === 'WITHDRAW')).toHaveLength(1);
  });

  it('settles approved withdrawals left pending past the delay when swept (as at start after a restart)', async () => {
    ctx.app.payments.setSettleDelay(60_000);
    const { b, userId } = await signedInPlayer(ctx, { verified: true });
    await deposit(b, 40);
    const kept = (await b.post(WITHDRAW, { amount: 15, paymentMethod: 'CARD' })).json().transaction.id;
    const declined = (await b.post(WITHDRAW, { amount: 5.13, paymentMethod: 'CARD' })).json().transaction.id;
    const fresh = (await b.post(WITHDRAW, { amount: 1, paymentMethod: 'CARD' })).json().transaction.id;
    const unreviewed = (await b.post(WITHDRAW, { amount: 2, paymentMethod: 'CARD' })).json().transaction.id;
    for (const id of [kept, declined, fresh]) await approveWithdrawal(ctx, id);
    // The first two were approved before a restart, longer ago than the delay; the last was asked for long
    // ago but still waits for review.
    await ctx.app.database.db
      .update(balanceTransactions)
      .set({ createdAt: new Date(Date.now() - 600_000), reviewedAt: new Date(Date.now() - 120_000) })
      .where(eq(balanceTransactions.userId, userId));
    await ctx.app.database.db
      .update(balanceTransactions)
      .set({ reviewedAt: new Date() })
      .where(eq(balanceTransactions.id, fresh));
    await ctx.app.database.db
      .update(balanceTransactions)
      .set({ reviewedAt: null })
      .where(eq(balanceTransactions.id, unreviewed));
    expect(await ctx.app.payments.sweep()).toBeGreaterThanOrEqual(2);
    const status = new Map((await rowsOf(userId)).map((r) => [r.id, r.status]));
    expect(status.get(kept)).toBe('COMPLETED');
    expect(status.get(declined)).toBe('DECLINED');
    expect(status.get(fresh)).toBe('PENDING');
    expect(status.get(unreviewed)).toBe('PENDING');
    expect(await usd(userId)).toBe(22);
    // Settling again changes nothing; a withdrawal waiting for review is not settled on request either.
    await ctx.app.payments.settle(kept);
    await ctx.app.payments.settle(unreviewed);
    expect(await usd(userId)).toBe(22);
    expect((await rowsOf(userId)).find((r) => r.id === unreviewed)).toMatchObject({
      status: 'PENDING',
      review: 'AWAITING_REVIEW',
      providerReference: null,
    });
  });
});

describe('recovery of payments a crash left half-way', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  it('a deposit left PENDING is captured again and credited once by the sweep; its key then replays the result', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    // What a process killed between writing the row and crediting it leaves behind.
    const [row] = await ctx.app.database.db
      .insert(balanceTransactions)
      .values({
        id: crypto.randomUUID(),
        userId,
        amount: 4_200,
        currencyCode: 'USD',
        paymentMethod: 'CARD',
        type: 'DEPOSIT',
        status: 'PENDING',
        provider: 'sandbox',
        idempotencyKey: 'crashed-deposit',
        createdAt: minutesAgo(2),
      })
      .returning();
    await ctx.app.payments.sweep();
    await ctx.app.payments.sweep();
    expect(await usd(userId)).toBe(42);
    expect((await rowsOf(userId)).map((r) => r.status)).toEqual(['COMPLETED']);
    const replay = await b.post(
      DEPOSIT,
      { amount: 42, paymentMethod: 'CARD' },
      { headers: { 'idempotency-key': 'crashed-deposit' } },
    );
    expect(replay.json().transaction).toMatchObject({ id: row?.id, status: 'COMPLETED' });
    expect(await usd(userId)).toBe(42);
  });

  it('a withdrawal held but never asked of the provider is asked for and settled by the sweep', async () => {
    ctx.app.payments.setSettleDelay(60_000);
    const { b, userId } = await signedInPlayer(ctx, { verified: true });
    await deposit(b, 30);
    const held = (await b.post(WITHDRAW, { amount: 10, paymentMethod: 'CARD' })).json().transaction
      .id as string;
    await approveWithdrawal(ctx, held);
    // As if the process stopped between the approval and the payout request.
    await ctx.app.database.db
      .update(balanceTransactions)
      .set({ providerReference: null, createdAt: minutesAgo(3), reviewedAt: minutesAgo(2) })
      .where(eq(balanceTransactions.id, held));
    await ctx.app.payments.sweep();
    const [row] = await ctx.app.database.db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.id, held));
    expect(row).toMatchObject({ status: 'COMPLETED' });
    expect(row?.providerReference).toMatch(/^sandbox_/);
    expect(await usd(userId)).toBe(20);
  });
});
