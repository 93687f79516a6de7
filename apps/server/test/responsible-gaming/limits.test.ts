import { responsibleGamingMessages } from '@paws/contracts/responsible-gaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastLinkTo,
  PASSWORD,
  PLATFORM_HOST,
  tokenOf,
  uniqueAddress,
} from '../identity/helpers.ts';
import { DEPOSIT } from '../payments/helpers.ts';
import { playerSession } from '../studio/api-helpers.ts';
import { txId } from '../wallet/helpers.ts';
import { fundedPlayer, HOUR, LIMITS, setLimit } from './helpers.ts';

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** Moves the clock; the player's short access token is renewed as their browser would. */
async function advance(b: Awaited<ReturnType<typeof fundedPlayer>>['b'], ms: number) {
  ctx.clock.advance(ms);
  expect((await b.post('/api/identity/auth/refresh-tokens')).statusCode).toBe(201);
}

const limitOf = async (b: Awaited<ReturnType<typeof fundedPlayer>>['b'], kind: string, period: string) => {
  const res = await b.get(LIMITS);
  expect(res.statusCode).toBe(200);
  return (res.json() as { limits: { kind: string; period: string; pending: unknown }[] }).limits.find(
    (l) => l.kind === kind && l.period === period,
  );
};

describe('a deposit limit chosen in the sign-up form', () => {
  const register = (b: ReturnType<typeof browser>, email: string, depositLimit?: unknown) =>
    b.post(`${ID}/auth/registration`, {
      email,
      password: PASSWORD,
      ageConfirmed: true,
      ...(depositLimit === undefined ? {} : { depositLimit }),
      callbackUrl: `${LANDING}/callback/register`,
    });

  it('is in force from the first sign-in, as the player’s own; without one the player has none', async () => {
    const b = browser(ctx.app, PLATFORM_HOST);
    const { email } = uniqueAddress();
    expect((await register(b, email, { period: 'WEEK', amount: 75.5 })).statusCode).toBe(201);
    const verify = await b.post(`${ID}/auth/registration/verify`, {
      token: tokenOf(await lastLinkTo(ctx.app, email)),
    });
    expect(verify.statusCode, verify.body).toBe(201);
    const limits = (await b.get(LIMITS)).json().limits as { kind: string; period: string; amount: null }[];
    expect(limits.filter((l) => l.amount !== null)).toEqual([
      expect.objectContaining({ kind: 'DEPOSIT', period: 'WEEK', amount: 75.5, pending: null }),
    ]);
    const deposit = await b.post(DEPOSIT, { amount: 80, paymentMethod: 'CARD' });
    expect(deposit.statusCode).toBe(403);

    const plain = browser(ctx.app, PLATFORM_HOST);
    const other = uniqueAddress().email;
    expect((await register(plain, other)).statusCode).toBe(201);
    await plain.post(`${ID}/auth/registration/verify`, { token: tokenOf(await lastLinkTo(ctx.app, other)) });
    const none = (await plain.get(LIMITS)).json().limits as { amount: null }[];
    expect(none.every((l) => l.amount === null)).toBe(true);
  });

  it('names the field of a bad limit', async () => {
    for (const [depositLimit, field, message] of [
      [{ period: 'YEAR', amount: 10 }, 'depositLimit.period', responsibleGamingMessages.period],
      [{ period: 'DAY', amount: 0 }, 'depositLimit.amount', responsibleGamingMessages.amountPositive],
      [{ period: 'DAY' }, 'depositLimit.amount', undefined],
    ] as const) {
      const b = browser(ctx.app, PLATFORM_HOST);
      const res = await register(b, uniqueAddress().email, depositLimit);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
    }
  });
});

describe('limits over HTTP', () => {
  it('a new player has none; bad input is a 400 naming the field', async () => {
    const { b } = await fundedPlayer(ctx);
    const res = await b.get(LIMITS);
    expect(res.json().limits).toHaveLength(9);
    expect(res.json().limits.every((l: { amount: null }) => l.amount === null)).toBe(true);
    for (const [body, field] of [
      [{ kind: 'SPEND', period: 'DAY', amount: 10 }, 'kind'],
      [{ kind: 'LOSS', period: 'YEAR', amount: 10 }, 'period'],
      [{ kind: 'LOSS', period: 'DAY', amount: 0 }, 'amount'],
      [{ kind: 'LOSS', period: 'DAY', amount: 1.234 }, 'amount'],
    ] as const) {
      const refused = await setLimit(b, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().field).toBe(field);
    }
  });

  it('a deposit over the remaining allowance is refused, naming the limit and what is left; at the boundary it passes', async () => {
    const { b } = await fundedPlayer(ctx);
    expect((await b.post(DEPOSIT, { amount: 30, paymentMethod: 'CARD' })).statusCode).toBe(201);
    // Deposits made before the limit count in its window.
    expect((await setLimit(b, { kind: 'DEPOSIT', period: 'DAY', amount: 100 })).statusCode).toBe(200);
    expect((await b.post(DEPOSIT, { amount: 30, paymentMethod: 'CARD' })).statusCode).toBe(201);
    const over = await b.post(DEPOSIT, { amount: 40.01, paymentMethod: 'CARD' });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      field: 'amount',
      message: responsibleGamingMessages.depositOverLimit('DAY', 100_00, 40_00),
      limit: { kind: 'DEPOSIT', period: 'DAY', limit: 100, left: 40 },
    });
    expect(over.json().message).toBe(
      'This deposit is over your 24-hour deposit limit of $100.00: $40.00 is left',
    );
    expect((await b.post(DEPOSIT, { amount: 40, paymentMethod: 'CARD' })).statusCode).toBe(201);
    expect((await b.post(DEPOSIT, { amount: 0.01, paymentMethod: 'CARD' })).statusCode).toBe(403);
    expect(await limitOf(b, 'DEPOSIT', 'DAY')).toMatchObject({ amount: 100, used: 100, left: 0 });
    // The rolling window: a day later the first deposits have left it.
    await advance(b, 25 * HOUR);
    expect((await b.post(DEPOSIT, { amount: 100, paymentMethod: 'CARD' })).statusCode).toBe(201);
  });

  it('the lowest limit applies: a weekly one tighter than the daily one refuses first', async () => {
    const { b } = await fundedPlayer(ctx);
    await setLimit(b, { kind: 'DEPOSIT', period: 'DAY', amount: 100 });
    await setLimit(b, { kind: 'DEPOSIT', period: 'WEEK', amount: 50 });
    const over = await b.post(DEPOSIT, { amount: 50.01, paymentMethod: 'CARD' });
    expect(over.json()).toMatchObject({ statusCode: 403, limit: { period: 'WEEK', left: 50 } });
    expect((await b.post(DEPOSIT, { amount: 50, paymentMethod: 'CARD' })).statusCode).toBe(201);
  });
});

describe('limits through the wallet contract', () => {
  it('a wager limit refuses the bet over it with LIMIT_REACHED; at the boundary the bet passes', async () => {
    const p = await fundedPlayer(ctx);
    await setLimit(p.b, { kind: 'WAGER', period: 'DAY', amount: 10 });
    expect((await p.bet(6)).statusCode).toBe(200);
    const over = await p.bet(4.01);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: 'This bet is over your 24-hour wager limit',
    });
    expect((await p.bet(4)).statusCode).toBe(200);
    expect((await p.bet(0.01)).json().code).toBe('LIMIT_REACHED');
    expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(90_00);
    expect(await limitOf(p.b, 'WAGER', 'DAY')).toMatchObject({ used: 10, left: 0 });
  });

  it('a loss limit counts stakes less wins', async () => {
    const p = await fundedPlayer(ctx);
    await setLimit(p.b, { kind: 'LOSS', period: 'WEEK', amount: 10 });
    const first = txId('bet');
    expect((await p.bet(10, first)).statusCode).toBe(200);
    expect((await p.bet(0.01)).json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: 'This bet is over your 7-day loss limit',
    });
    expect((await p.win(4, first)).statusCode).toBe(200);
    expect((await p.bet(4.01)).json().code).toBe('LIMIT_REACHED');
    expect((await p.bet(4)).statusCode).toBe(200);
    expect(await limitOf(p.b, 'LOSS', 'WEEK')).toMatchObject({ used: 10, left: 0 });
  });

  it('lowering applies at once; raising and removing only after 24 hours, shown as pending', async () => {
    const p = await fundedPlayer(ctx);
    await setLimit(p.b, { kind: 'WAGER', period: 'MONTH', amount: 20 });
    await setLimit(p.b, { kind: 'WAGER', period: 'MONTH', amount: 5 });
    expect((await p.bet(5.01)).json().code).toBe('LIMIT_REACHED');
    expect((await p.bet(5)).statusCode).toBe(200);

    const raised = await setLimit(p.b, { kind: 'WAGER', period: 'MONTH', amount: 10 });
    const view = (raised.json() as { limits: { kind: string; period: string }[] }).limits.find(
      (l) => l.kind === 'WAGER' && l.period === 'MONTH',
    );
    expect(view).toMatchObject({
      amount: 5,
      pending: { amount: 10, effectiveAt: new Date(ctx.clock.now().getTime() + 24 * HOUR).toISOString() },
    });
    expect((await p.bet(1)).json().code).toBe('LIMIT_REACHED');
    // Asking for the same raise again later does not start its 24 hours over.
    const waiting = (await limitOf(p.b, 'WAGER', 'MONTH'))?.pending;
    await advance(p.b, HOUR);
    await setLimit(p.b, { kind: 'WAGER', period: 'MONTH', amount: 10 });
    expect((await limitOf(p.b, 'WAGER', 'MONTH'))?.pending).toEqual(waiting);
    await advance(p.b, 23 * HOUR - 60_000);
    expect((await p.bet(1)).json().code).toBe('LIMIT_REACHED');
    await advance(p.b, 60_000);
    expect((await p.bet(5)).statusCode).toBe(200);
    expect((await p.bet(0.01)).json().code).toBe('LIMIT_REACHED');
    expect(await limitOf(p.b, 'WAGER', 'MONTH')).toMatchObject({ amount: 10, pending: null });

    await setLimit(p.b, { kind: 'WAGER', period: 'MONTH', amount: null });
    expect(await limitOf(p.b, 'WAGER', 'MONTH')).toMatchObject({ amount: 10, pending: { amount: null } });
    expect((await p.bet(1)).json().code).toBe('LIMIT_REACHED');
    await advance(p.b, 24 * HOUR);
    // The job makes the due removal the limit, as reads already did.
    expect(await ctx.app.responsibleGaming.applyDueChanges()).toBeGreaterThanOrEqual(1);
    expect((await p.bet(1)).statusCode).toBe(200);
    expect(await limitOf(p.b, 'WAGER', 'MONTH')).toMatchObject({ amount: null, pending: null });
  });

  it('a lower limit asked for while a raise is pending applies at once and drops the raise', async () => {
    const p = await fundedPlayer(ctx);
    await setLimit(p.b, { kind: 'LOSS', period: 'DAY', amount: 10 });
    await setLimit(p.b, { kind: 'LOSS', period: 'DAY', amount: 50 });
    await setLimit(p.b, { kind: 'LOSS', period: 'DAY', amount: 3 });
    expect(await limitOf(p.b, 'LOSS', 'DAY')).toMatchObject({ amount: 3, pending: null });
    await advance(p.b, 25 * HOUR);
    expect((await p.bet(3.01)).json().code).toBe('LIMIT_REACHED');
  });

  it('other currencies and players without limits are not counted', async () => {
    const p = await fundedPlayer(ctx);
    for (let i = 0; i < 3; i++) expect((await p.bet(1)).statusCode).toBe(200);
    await setLimit(p.b, { kind: 'WAGER', period: 'DAY', amount: 1 });
    // Play before the limit is not counted (it did not exist): the limit counts from when it is set.
    expect((await p.bet(1)).statusCode).toBe(200);
    expect((await p.bet(0.01)).json().code).toBe('LIMIT_REACHED');
  });
});

describe('limits on the game page’s path (the studio’s spin)', () => {
  it('a spin over a wager limit is refused with the limit’s message on the stake, moving nothing', async () => {
    const p = await playerSession(ctx.app, 'wild-paws', { usd: 50_00 });
    await ctx.app.responsibleGaming.changeLimit(p.userId, { kind: 'WAGER', period: 'DAY', amount: 2_00 });
    const spin = () => p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 });
    expect((await spin()).statusCode).toBe(201);
    expect((await spin()).statusCode).toBe(201);
    const before = await ctx.app.wallet.balanceOf(p.userId, 'USD');
    const refused = await spin();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'This bet is over your 24-hour wager limit' });
    expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(before);
  });
});
