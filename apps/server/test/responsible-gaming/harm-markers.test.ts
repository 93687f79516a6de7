import { randomUUID } from 'node:crypto';
import type { FlaggedPlayer, HarmMarker, StaffRgPlayer } from '@paws/contracts/staff-responsible-gaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/signature.ts';
import { quiesce } from '../backbone/helpers.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import { type Browser, createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { DEPOSIT, signedInPlayer, WITHDRAW } from '../payments/helpers.ts';
import { txId, walletCall } from '../wallet/helpers.ts';
import { HOUR, setLimit } from './helpers.ts';

const API = '/api/staff/responsible-gaming';
const MINUTE = 60_000;
const DAY = 24 * HOUR;
let ctx: IdentityTestApp;
let support: StaffSession;
let finance: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [support, finance] = await Promise.all([
    staffSession(ctx.app, ['support']),
    staffSession(ctx.app, ['finance']),
  ]);
});
afterAll(() => ctx?.close());

/** A verified player with 500.00 of real money (put in by the wallet, not a deposit: no deposit marker). */
async function player() {
  const { b, userId } = await signedInPlayer(ctx, { verified: true });
  await ctx.app.wallet.deposit({ userId, currency: 'USD', amount: 500_00, key: `fund-${randomUUID()}` });
  /** A bet of `amount` dollars through the seamless-wallet contract. */
  const { token } = await ctx.app.wallet.createGameSession({
    userId,
    currency: 'USD',
    gameCode: 'roulette',
    providerCode: STUDIO_PROVIDER.code,
  });
  const bet = async (amount: number) => {
    const transactionId = txId('bet');
    const res = await walletCall(ctx as unknown as Parameters<typeof walletCall>[0], 'bet', {
      transactionId,
      roundId: `round-${transactionId}`,
      sessionToken: token,
      userId,
      currency: 'USD',
      amount,
      gameCode: 'roulette',
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const deposit = async (amount: number) =>
    expect((await b.post(DEPOSIT, { amount, paymentMethod: 'CARD' })).statusCode).toBe(201);
  return { b, userId, bet, deposit };
}

/** Moves the clock; the players' short access tokens are renewed as their browsers would. */
async function later(ms: number, ...browsers: Browser[]) {
  ctx.clock.advance(ms);
  for (const b of browsers) expect((await b.post('/api/identity/auth/refresh-tokens')).statusCode).toBe(201);
}

/** The day's scoring, as the daily job runs it, once every event so far has been folded in. */
async function score() {
  await quiesce(ctx.app);
  const res = await support.inject({ method: 'POST', url: `${API}/scores/run` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { day: string; scored: number; flagged: number };
}

/** The markers of the player's newest score (none when they scored 0). */
async function markersOf(userId: string, day: string): Promise<HarmMarker[]> {
  const read = (
    await support.inject({ method: 'GET', url: `${API}/players/${userId}` })
  ).json() as StaffRgPlayer;
  const today = read.scores.find((s) => s.day === day);
  return today?.reasons.map((r) => r.marker) ?? [];
}

async function flagged(): Promise<FlaggedPlayer[]> {
  const res = await support.inject({ method: 'GET', url: `${API}/flagged?limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

/*
 * The wallet stamps a movement with the real time (only its ban checks follow the test clock), so the markers
 * that depend on when bets were placed in the day (night play, chasing) are scored on stated facts in
 * harm-rules.test.ts; here every marker the test clock can place is scored end to end.
 */
describe('the daily markers of harm', () => {
  it('three deposits within an hour flag the player; three spread over more than an hour do not', async () => {
    const rapid = await player();
    const spread = await player();
    // Deposits at 0, 20 and 40 minutes; at 0, 35 and 70.
    for (let i = 0; i < 3; i++) {
      await rapid.deposit(10);
      await later(20 * MINUTE, rapid.b, spread.b);
    }
    for (let i = 0; i < 3; i++) {
      await spread.deposit(10);
      await later(35 * MINUTE, rapid.b, spread.b);
    }
    const { day } = await score();
    expect(await markersOf(rapid.userId, day)).toEqual(['RAPID_DEPOSITS']);
    expect(await markersOf(spread.userId, day)).toEqual([]);
    const row = (await flagged()).find((f) => f.userId === rapid.userId);
    expect(row).toMatchObject({ score: 2, lastContact: null });
    expect(row?.reasons[0]?.detail).toMatch(/^3 deposits within 60 minutes on /);
    expect((await flagged()).some((f) => f.userId === spread.userId)).toBe(false);

    // A contact is shown beside the player on the list.
    const contact = await support.inject({
      method: 'POST',
      url: `${API}/players/${rapid.userId}/contacts`,
      payload: { channel: 'EMAIL', outcome: 'ADVICE_GIVEN', note: 'Sent the safer gambling tools' },
    });
    expect(contact.statusCode).toBe(201);
    expect((await flagged()).find((f) => f.userId === rapid.userId)?.lastContact).toEqual(contact.json());
  });

  it('a declined withdrawal whose money is staked within a day is a cancelled withdrawal replayed', async () => {
    const replayed = await player();
    const kept = await player();
    for (const p of [replayed, kept]) {
      const res = await p.b.post(WITHDRAW, { amount: 100, paymentMethod: 'CARD' });
      expect(res.statusCode, res.body).toBe(201);
      const declined = await finance.inject({
        method: 'POST',
        url: `/api/staff/withdrawals/${res.json().transaction.id}/decline`,
        payload: { reason: 'Card does not match the deposit' },
      });
      expect(declined.statusCode, declined.body).toBe(200);
    }
    await later(2 * HOUR, replayed.b, kept.b);
    await replayed.bet(30);
    await replayed.bet(25);
    await kept.bet(10);
    const { day } = await score();
    expect(await markersOf(replayed.userId, day)).toEqual(['WITHDRAWAL_REVERSED']);
    expect(await markersOf(kept.userId, day)).toEqual([]);
  });

  it('a limit raised or removed by the player counts; a limit lowered does not', async () => {
    const raiser = await player();
    const lowerer = await player();
    await raiser.bet(1);
    await lowerer.bet(1);
    await setLimit(raiser.b, { kind: 'LOSS', period: 'WEEK', amount: 50 });
    await setLimit(lowerer.b, { kind: 'LOSS', period: 'WEEK', amount: 50 });
    await later(1000);
    await setLimit(raiser.b, { kind: 'LOSS', period: 'WEEK', amount: null });
    await setLimit(lowerer.b, { kind: 'LOSS', period: 'WEEK', amount: 20 });
    const { day } = await score();
    expect(await markersOf(raiser.userId, day)).toEqual(['LIMIT_RAISED']);
    expect(await markersOf(lowerer.userId, day)).toEqual([]);
    // One weak marker scores, but does not flag the player.
    expect((await flagged()).some((f) => f.userId === raiser.userId)).toBe(false);
  });

  it('deposits rising three weeks running count; a week with less does not', async () => {
    const rising = await player();
    const falling = await player();
    for (const [a, b] of [
      [10, 30],
      [20, 10],
      [40, 20],
    ] as const) {
      await rising.deposit(a);
      await falling.deposit(b);
      await later(7 * DAY - HOUR, rising.b, falling.b);
    }
    const { day } = await score();
    expect(await markersOf(rising.userId, day)).toEqual(['DEPOSITS_RISING']);
    expect(await markersOf(falling.userId, day)).toEqual([]);
  });
});
