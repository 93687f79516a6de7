import type { BalanceTransaction } from '@paws/contracts/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/core/events/record.ts';
import { defaultBonusRules } from '../../src/modules/bonuses/seed.ts';
import { balanceTransactions } from '../../src/modules/payments/schema.ts';
import { quiesce } from '../backbone/helpers.ts';
import { createIdentityTestApp, type IdentityTestApp, PASSWORD } from '../identity/helpers.ts';
import { approveWithdrawal, DEPOSIT, eventually, signedInPlayer, WITHDRAW } from '../payments/helpers.ts';
import { fundedPlayer, HOUR } from './helpers.ts';

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
  ctx.app.payments.setSettleDelay(50);
});
afterAll(async () => {
  await ctx?.close();
});

const RG = '/api/platform/profile/responsible-gaming';
const DAY = 24 * HOUR;
const emailOf = async (userId: string) => (await ctx.app.identity.userData(userId)).email as string;
const logIn = async (b: Awaited<ReturnType<typeof fundedPlayer>>['b'], email: string) =>
  b.post('/api/identity/auth/login', {
    email,
    password: PASSWORD,
    callbackUrl: 'http://platform.test/callback/login',
  });
const audience = async () =>
  (
    await ctx.app.notifications.previewBroadcast({
      title: 'Promo',
      text: 'Spin!',
      segment: 'ALL',
      translations: {},
    })
  ).recipients;

describe('time-out', () => {
  it('signs the player out, refuses sign-in saying until when, refuses play; it cannot be shortened', async () => {
    const p = await fundedPlayer(ctx);
    const email = await emailOf(p.userId);
    expect((await p.bet(1)).statusCode).toBe(200);
    const res = await p.b.post(`${RG}/time-out`, { period: 'WEEK' });
    expect(res.statusCode, res.body).toBe(200);
    const endsAt = new Date(ctx.clock.now().getTime() + 7 * DAY).toISOString();
    expect(res.json()).toEqual({ kind: 'TIME_OUT', endsAt, returnAllowedAt: null });

    // Signed out: the session is gone, so no deposit either.
    expect((await p.b.post(DEPOSIT, { amount: 10, paymentMethod: 'CARD' })).statusCode).toBe(401);
    const refused = await logIn(p.b, email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `You are taking a break from play until ${endsAt.slice(0, 16).replace('T', ' ')} UTC`,
    );
    expect(refused.json().ban).toMatchObject({ kind: 'TIME_OUT', endsAt });
    // A game session opened before is refused at its next bet.
    expect((await p.bet(1)).statusCode).toBe(401);

    // Staff cannot lift it.
    const lift = ctx.app.identity.unbanPlayer({ actorId: crypto.randomUUID() }, p.userId, 'Asked by phone');
    await expect(lift).rejects.toMatchObject({ statusCode: 409 });

    ctx.clock.advance(7 * DAY + 60_000);
    expect((await logIn(p.b, email)).statusCode).toBe(201);
  });

  it('a shorter time-out than the one in force is refused', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    expect((await b.post(`${RG}/time-out`, { period: 'MONTH' })).statusCode).toBe(200);
    await expect(
      ctx.app.identity.restrictSelf(userId, {
        kind: 'TIME_OUT',
        endsAt: new Date(ctx.clock.now().getTime() + DAY),
        returnAllowedAt: null,
      }),
    ).rejects.toMatchObject({ statusCode: 409, field: 'period' });
  });

  it('bad input is a 400 naming the field', async () => {
    const { b } = await signedInPlayer(ctx);
    const res = await b.post(`${RG}/time-out`, { period: 'FORTNIGHT' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('period');
  });
});

describe('self-exclusion', () => {
  it('refuses sign-in, play and deposits, drops the player from broadcasts, still pays out a withdrawal', async () => {
    const { b, userId } = await signedInPlayer(ctx, { verified: true });
    const email = await emailOf(userId);
    expect((await b.post(DEPOSIT, { amount: 50, paymentMethod: 'CARD' })).statusCode).toBe(201);
    // The section offers the withdrawal of the balance before excluding: the payout still goes through.
    const withdrawal = await b.post(WITHDRAW, { amount: 50, paymentMethod: 'CARD' });
    expect(withdrawal.statusCode).toBe(201);
    const { transaction } = withdrawal.json() as { transaction: BalanceTransaction };
    const before = await audience();

    const res = await b.post(`${RG}/self-exclusion`, { period: 'SIX_MONTHS' });
    expect(res.statusCode, res.body).toBe(200);
    const { returnAllowedAt } = res.json() as { returnAllowedAt: string };
    expect(res.json()).toMatchObject({ kind: 'SELF_EXCLUSION', endsAt: null });
    expect(new Date(returnAllowedAt).getTime() - ctx.clock.now().getTime()).toBeGreaterThan(180 * DAY);

    expect((await b.post(DEPOSIT, { amount: 10, paymentMethod: 'CARD' })).statusCode).toBe(401);
    const refused = await logIn(b, email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      /^You have excluded yourself from play; you can ask to return from /,
    );
    expect(await audience()).toBe(before - 1);
    const game = await ctx.app.wallet.createGameSession({
      userId,
      currency: 'USD',
      gameCode: 'roulette',
      providerCode: 'paws-studio',
    });
    await expect(
      ctx.app.wallet.bet({
        transactionId: crypto.randomUUID(),
        roundId: 'r1',
        sessionToken: game.token,
        userId,
        currency: 'USD',
        amount: 1,
        gameCode: 'roulette',
        providerCode: 'paws-studio',
      }),
    ).rejects.toMatchObject({ statusCode: 401 });

    await approveWithdrawal(ctx, transaction.id);
    await eventually(async () => {
      const [row] = await ctx.app.database.db
        .select({ status: balanceTransactions.status })
        .from(balanceTransactions)
        .where(eq(balanceTransactions.id, transaction.id));
      expect(row?.status).toBe('COMPLETED');
    });
    expect(await ctx.app.wallet.balanceOf(userId, 'USD')).toBe(0);
  });

  it('returning needs an explicit request after the earliest end, then 24 hours of cooling-off', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    const email = await emailOf(userId);
    await b.post(`${RG}/self-exclusion`, { period: 'SIX_MONTHS' });
    const ask = () =>
      b.post('/api/identity/auth/self-exclusion/return', {
        email,
        password: PASSWORD,
        callbackUrl: 'http://platform.test/callback/login',
      });
    const early = await ask();
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toMatch(/^You can ask to return from /);

    ctx.clock.advance(190 * DAY);
    // The period is over, but without a request the exclusion lasts.
    expect((await logIn(b, email)).statusCode).toBe(403);
    const asked = await ask();
    expect(asked.statusCode).toBe(200);
    expect(asked.json().endsAt).toBe(new Date(ctx.clock.now().getTime() + DAY).toISOString());
    expect((await logIn(b, email)).json().message).toMatch(/^You have excluded yourself from play until /);
    ctx.clock.advance(DAY + 60_000);
    expect((await logIn(b, email)).statusCode).toBe(201);
  });
});

describe('bonuses during a break', () => {
  it('are not paid while it lasts; what still stands is paid at the first event after it', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await quiesce(ctx.app);
    const bonusBalance = () => ctx.app.wallet.balanceOf(userId, 'BONUS_USD');
    const before = await bonusBalance();
    const usernameChosen = () =>
      ctx.app.database.db.transaction((tx) =>
        recordEvent(tx, 'identity.username_set', { userId, username: 'on-a-break' }),
      );
    expect((await b.post(`${RG}/time-out`, { period: 'DAY' })).statusCode).toBe(200);

    // The welcome task 'Choose a username' is done during the time-out: nothing is credited.
    await usernameChosen();
    await quiesce(ctx.app);
    expect(await bonusBalance()).toBe(before);

    ctx.clock.advance(DAY + 60_000);
    await usernameChosen();
    await quiesce(ctx.app);
    const reward = defaultBonusRules.find((rule) => rule.task === 'CHOOSE_USERNAME')!.rewardMinor;
    expect(await bonusBalance()).toBe(before + reward);
  });
});
