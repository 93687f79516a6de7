import type { BetHistoryItem, BetsTransactionsResponse } from '@paws/contracts/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betResultOf } from '../../src/modules/platform/bet-results.ts';
import {
  BETS,
  createPaymentsTestApp,
  deposit,
  type PaymentsTestApp,
  signedInPlayer,
} from '../payments/helpers.ts';
import { launch, STUDIO } from '../studio/api-helpers.ts';

let ctx: PaymentsTestApp;
beforeAll(async () => {
  ctx = await createPaymentsTestApp();
});
afterAll(() => ctx?.close());

/** A studio game session opened as the catalogue opens one, for the player. */
async function studioSession(userId: string, gameCode: string) {
  const { code } = await launch(ctx.app, userId, gameCode);
  const res = await ctx.app.inject({ method: 'POST', url: `${STUDIO}/session`, payload: { launch: code } });
  expect(res.statusCode).toBe(201);
  const token = res.json().sessionToken as string;
  return (path: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `${STUDIO}${path}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
}

describe('GET /profile/bets-transactions: each bet with its round’s result, win and verify link', () => {
  it('tells what every baccarat round paid back and links it to the verify page', async () => {
    const alice = await signedInPlayer(ctx);
    await deposit(alice.b, 100);
    const play = await studioSession(alice.userId, 'baccarat');
    const rounds: { id: string; payout: number; nonce: number }[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await play('/baccarat/play', { player: 1, banker: 1 });
      expect(res.statusCode).toBe(201);
      rounds.push(res.json().round);
    }

    const res = await alice.b.get(`${BETS}?limit=10`);
    expect(res.statusCode).toBe(200);
    const { transactions } = res.json() as BetsTransactionsResponse;
    expect(transactions).toHaveLength(6);
    const byRound = new Map(transactions.map((bet) => [bet.roundId, bet]));
    for (const round of rounds) {
      const bet = byRound.get(round.id) as BetHistoryItem;
      expect(bet).toMatchObject({
        amount: 2,
        currencyCode: 'USD',
        win: round.payout,
        winCurrencyCode: 'USD',
      });
      // Two dollars staked: more back is a win, something up to two dollars a mere return, nothing a loss.
      expect(bet.result).toBe(round.payout > 2 ? 'WIN' : round.payout > 0 ? 'RETURN' : 'LOSS');
      const link = new URL(bet.verifyUrl ?? '', 'http://platform.test');
      expect(link.pathname).toBe('/studio/verify.html');
      expect(link.searchParams.get('game')).toBe('baccarat');
      expect(link.searchParams.get('nonce')).toBe(String(round.nonce));
      expect(link.searchParams.get('serverSeedHash')).toMatch(/^[0-9a-f]{64}$/);
      // The seed is still in play: its secret half stays out of the link.
      expect(link.searchParams.get('serverSeed')).toBeNull();
    }
  });

  it('never shows another player’s rounds', async () => {
    const bob = await signedInPlayer(ctx);
    const { transactions } = (await bob.b.get(BETS)).json() as BetsTransactionsResponse;
    expect(transactions).toEqual([]);
  });
});

describe('a bet’s result', () => {
  const round = { staked: 200, stakeCurrency: 'USD', winCurrency: 'USD' };
  it('waits while the round is not over', () => {
    expect(betResultOf({ ...round, won: 0, finished: false })).toBe('PENDING');
  });
  it('is a loss with nothing back, a return with at most the stake back, a win beyond it', () => {
    expect(betResultOf({ ...round, won: 0, finished: true })).toBe('LOSS');
    expect(betResultOf({ ...round, won: 150 })).toBe('RETURN');
    expect(betResultOf({ ...round, won: 200 })).toBe('RETURN');
    expect(betResultOf({ ...round, won: 201 })).toBe('WIN');
  });
  it('is a win whenever a free spin pays (it staked no money)', () => {
    expect(betResultOf({ staked: 1, stakeCurrency: 'FREE_SPINS', won: 5, winCurrency: 'USD' })).toBe('WIN');
  });
});
