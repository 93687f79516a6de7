import { playSessionMessages } from '@paws/contracts/responsible-gaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { playerSession } from '../studio/api-helpers.ts';
import { txId } from '../wallet/helpers.ts';
import { fundedPlayer, HOUR, LIMITS } from './helpers.ts';

const SESSION = `${LIMITS}/play-session`;
const MINUTE = 60_000;

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

type Player = Awaited<ReturnType<typeof fundedPlayer>>;

/** Moves the clock; the player's short access token is renewed as their browser would. */
async function advance(b: Player['b'], ms: number) {
  ctx.clock.advance(ms);
  expect((await b.post('/api/identity/auth/refresh-tokens')).statusCode).toBe(201);
}

const sessionOf = async (b: Player['b']) => {
  const res = await b.get(SESSION);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the play session', () => {
  it('counts stakes and wins from the first bet; 30 minutes without a bet ends it', async () => {
    const p = await fundedPlayer(ctx);
    expect(await sessionOf(p.b)).toMatchObject({ session: null, playTime: { playedTodaySeconds: 0 } });
    const started = ctx.clock.now().toISOString();
    const first = txId('bet');
    expect((await p.bet(2, first)).statusCode).toBe(200);
    expect((await p.bet(3)).statusCode).toBe(200);
    expect((await p.win(4, first)).statusCode).toBe(200);
    expect((await sessionOf(p.b)).session).toEqual({
      startedAt: started,
      lastBetAt: started,
      stakes: 5,
      wins: 4,
      net: -1,
    });

    await advance(p.b, 29 * MINUTE);
    expect((await p.bet(1)).statusCode).toBe(200);
    expect(await sessionOf(p.b)).toMatchObject({
      session: { startedAt: started, stakes: 6, wins: 4, net: -2 },
      playTime: { playedTodaySeconds: expect.any(Number) },
    });

    await advance(p.b, 30 * MINUTE);
    expect((await sessionOf(p.b)).session).toBeNull();
    const restarted = ctx.clock.now().toISOString();
    expect((await p.bet(1.5)).statusCode).toBe(200);
    expect((await sessionOf(p.b)).session).toMatchObject({
      startedAt: restarted,
      stakes: 1.5,
      wins: 0,
      net: -1.5,
    });
  });

  it('play in another currency (points) is not counted', async () => {
    const p = await fundedPlayer(ctx);
    await ctx.app.wallet.deposit({ userId: p.userId, currency: 'PAWS', amount: 100_00, key: txId('paws') });
    const { token } = await ctx.app.wallet.createGameSession({
      userId: p.userId,
      currency: 'PAWS',
      gameCode: 'roulette',
      providerCode: 'paws-studio',
    });
    const contract = ctx as unknown as Parameters<typeof import('../wallet/helpers.ts').walletCall>[0];
    const { walletCall } = await import('../wallet/helpers.ts');
    const id = txId('bet');
    const res = await walletCall(contract, 'bet', {
      transactionId: id,
      roundId: `round-${id}`,
      sessionToken: token,
      userId: p.userId,
      currency: 'PAWS',
      amount: 1,
      gameCode: 'roulette',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sessionOf(p.b)).session).toBeNull();
  });
});

describe('reality checks', () => {
  it('are off until chosen; 15, 30 or 60 minutes or off; anything else is a 400 naming the field', async () => {
    const { b } = await fundedPlayer(ctx);
    expect((await sessionOf(b)).realityCheck).toEqual({ intervalMinutes: null, everySeconds: null });
    for (const body of [{}, { intervalMinutes: 20 }, { intervalMinutes: '15' }, { intervalMinutes: 0 }]) {
      const refused = await b.send({ method: 'PUT', url: `${LIMITS}/reality-check`, payload: body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({
        field: 'intervalMinutes',
        message: playSessionMessages.interval,
      });
    }
    const set = await b.send({
      method: 'PUT',
      url: `${LIMITS}/reality-check`,
      payload: { intervalMinutes: 30 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().realityCheck).toEqual({ intervalMinutes: 30, everySeconds: 1800 });
    const off = await b.send({
      method: 'PUT',
      url: `${LIMITS}/reality-check`,
      payload: { intervalMinutes: null },
    });
    expect(off.json().realityCheck).toEqual({ intervalMinutes: null, everySeconds: null });
  });

  it('must be signed in', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: SESSION,
      headers: { host: 'platform.paws.test' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the daily play-time limit', () => {
  const setPlayTime = (b: Player['b'], minutes: unknown) =>
    b.send({ method: 'PUT', url: `${LIMITS}/play-time-limit`, payload: { minutes } });

  /** To 01:00 UTC of the next day, so a test's play stays within one UTC day. */
  async function toNextDay(b: Player['b']) {
    const at = ctx.clock.now().getTime();
    await advance(b, Math.ceil(at / (24 * HOUR)) * 24 * HOUR + HOUR - at);
  }

  it('bad input is a 400 naming the field', async () => {
    const { b } = await fundedPlayer(ctx);
    for (const minutes of [10, 45, 481, 'an hour', undefined]) {
      const refused = await setPlayTime(b, minutes);
      expect(refused.statusCode, String(minutes)).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'minutes', message: playSessionMessages.minutes });
    }
  });

  it('refuses bets once the day’s play time is used, says until when, and allows them the next day', async () => {
    const p = await fundedPlayer(ctx);
    await toNextDay(p.b);
    const set = await setPlayTime(p.b, 30);
    expect(set.statusCode).toBe(200);
    expect(set.json().playTime).toMatchObject({ limitMinutes: 30, pending: null, blockedUntil: null });

    expect((await p.bet(1)).statusCode).toBe(200);
    await advance(p.b, 20 * MINUTE);
    expect((await p.bet(1)).statusCode).toBe(200);
    await advance(p.b, 9 * MINUTE);
    expect((await p.bet(1)).statusCode).toBe(200);
    expect((await sessionOf(p.b)).playTime.playedTodaySeconds).toBe(29 * 60);
    await advance(p.b, MINUTE);

    const balance = await ctx.app.wallet.balanceOf(p.userId, 'USD');
    const refused = await p.bet(1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: playSessionMessages.playTimeReached,
    });
    expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(balance);
    const midnight = new Date(Math.ceil(ctx.clock.now().getTime() / (24 * HOUR)) * 24 * HOUR).toISOString();
    expect((await sessionOf(p.b)).playTime).toMatchObject({
      playedTodaySeconds: 30 * 60,
      blockedUntil: midnight,
    });

    // Play time runs from a session's first bet to its last: after a break the 29 minutes played stay used,
    // and the next session has the minute left.
    await advance(p.b, 2 * HOUR);
    expect((await p.bet(1)).statusCode).toBe(200);
    await advance(p.b, MINUTE);
    expect((await p.bet(1)).json().code).toBe('LIMIT_REACHED');

    await toNextDay(p.b);
    expect((await sessionOf(p.b)).playTime).toMatchObject({ playedTodaySeconds: 0, blockedUntil: null });
    expect((await p.bet(1)).statusCode).toBe(200);
  });

  it('a lower limit applies at once; a raise or removal after 24 hours, shown as pending', async () => {
    const p = await fundedPlayer(ctx);
    await toNextDay(p.b);
    await setPlayTime(p.b, 120);
    expect((await p.bet(1)).statusCode).toBe(200);
    await advance(p.b, 25 * MINUTE);
    expect((await p.bet(1)).statusCode).toBe(200);
    await advance(p.b, 10 * MINUTE);
    expect((await p.bet(1)).statusCode).toBe(200);

    const lowered = await setPlayTime(p.b, 30);
    expect(lowered.json().playTime).toMatchObject({ limitMinutes: 30, pending: null });
    expect(lowered.json().playTime.blockedUntil).not.toBeNull();
    expect((await p.bet(1)).json().code).toBe('LIMIT_REACHED');

    const raised = await setPlayTime(p.b, 60);
    expect(raised.json().playTime).toMatchObject({
      limitMinutes: 30,
      pending: { minutes: 60, effectiveAt: new Date(ctx.clock.now().getTime() + 24 * HOUR).toISOString() },
    });
    expect((await p.bet(1)).json().code).toBe('LIMIT_REACHED');

    await setPlayTime(p.b, null);
    expect((await sessionOf(p.b)).playTime).toMatchObject({ limitMinutes: 30, pending: { minutes: null } });
    await advance(p.b, 24 * HOUR);
    expect((await sessionOf(p.b)).playTime).toMatchObject({ limitMinutes: null, pending: null });
    expect((await p.bet(1)).statusCode).toBe(200);
  });
});

describe('the play-time limit on the game page’s path (the studio’s spin)', () => {
  it('a spin after the day’s play time is refused with the limit’s message, moving nothing', async () => {
    const p = await playerSession(ctx.app, 'wild-paws', { usd: 50_00 });
    const at = ctx.clock.now().getTime();
    ctx.clock.advance(Math.ceil(at / (24 * HOUR)) * 24 * HOUR + HOUR - at);
    await ctx.app.responsibleGaming.changePlayTimeLimit(p.userId, 30);
    const spin = () => p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 });
    expect((await spin()).statusCode).toBe(201);
    ctx.clock.advance(29 * MINUTE);
    expect((await spin()).statusCode).toBe(201);
    ctx.clock.advance(MINUTE);
    const before = await ctx.app.wallet.balanceOf(p.userId, 'USD');
    const refused = await spin();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: playSessionMessages.playTimeReached });
    expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(before);
  });
});
