import { ACE, cardRank } from '@paws/studio-engine/cards';
import { fairStream, hashServerSeed } from '@paws/studio-engine/fair';
import * as blackjack from '@paws/studio-engine/games/blackjack';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateServerSeed } from '../../src/modules/studio/fair-seeds.ts';
import { studioSeedPairs } from '../../src/modules/studio/schema.ts';
import { cents, createStudioTestApp, playerSession, STUDIO, sum, usd, walletRecords } from './api-helpers.ts';

let t: Awaited<ReturnType<typeof createStudioTestApp>>;
beforeAll(async () => {
  t = await createStudioTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Gives the player's active pair a server seed the test picked (so the deal is known). */
async function plantSeed(
  userId: string,
  game: string,
  accept: (serverSeed: string, clientSeed: string, nonce: number) => boolean,
) {
  const [pair] = await t.app.database.db
    .select()
    .from(studioSeedPairs)
    .where(eq(studioSeedPairs.userId, userId));
  if (!pair || pair.game !== game) throw new Error('no pair');
  for (let i = 0; i < 5000; i++) {
    const serverSeed = generateServerSeed();
    if (accept(serverSeed, pair.clientSeed, pair.nonce)) {
      await t.app.database.db
        .update(studioSeedPairs)
        .set({ serverSeed, serverSeedHash: hashServerSeed(serverSeed) })
        .where(eq(studioSeedPairs.id, pair.id));
      return serverSeed;
    }
  }
  throw new Error('no seed found');
}

/**
 * Plays the test's script on the engine: split, then double the first hand that
 * allows it and stand the rest. True when the round is still open after the split
 * and ends with one double (three stakes), so a dealt 21 cannot end it early.
 */
function splitThenDoubleOnceIsPlayable(dealt: blackjack.BlackjackState): boolean {
  let s = blackjack.act(dealt, 'split');
  if (s.phase !== 'playing') return false;
  let doubled = false;
  while (s.phase === 'playing') {
    const allowed = blackjack.allowedActions(s);
    const action = !doubled && allowed.includes('double') ? 'double' : 'stand';
    if (action === 'double') doubled = true;
    s = blackjack.act(s, action);
  }
  return doubled && blackjack.totalStake(s) === 3000;
}

describe('blackjack', () => {
  it('deals, splits, doubles and settles, each extra stake its own debit', async () => {
    const p = await playerSession(t.app, 'blackjack');
    await plantSeed(p.userId, 'blackjack', (serverSeed, clientSeed, nonce) => {
      const s = blackjack.deal(fairStream({ serverSeed, clientSeed, nonce }), { amount: 1000 });
      const [a, b] = s.hands[0]?.cards ?? [];
      return (
        s.phase === 'playing' &&
        blackjack.allowedActions(s).includes('split') &&
        cardRank(a as number) !== ACE &&
        cardRank(b as number) !== ACE &&
        splitThenDoubleOnceIsPlayable(s)
      );
    });
    const before = await usd(p.userId, t.app);
    const deal = await p.call('POST', '/blackjack/deal', { amount: 10 });
    expect(deal.statusCode).toBe(201);
    let { round } = deal.json();
    expect(round.result.dealer.holeCardHidden).toBe(true);
    expect(round.result.dealer.cards).toHaveLength(1);
    expect(round.result.allowedActions).toContain('split');
    expect(await usd(p.userId, t.app)).toBe(before - 10_00);
    const again = await p.call('POST', '/blackjack/deal', { amount: 10 });
    expect(again.json().message).toBe('Finish the current round first');

    const split = await p.call('POST', '/blackjack/action', { roundId: round.id, action: 'split' });
    expect(split.statusCode).toBe(201);
    round = split.json().round;
    expect(round.result.hands).toHaveLength(2);
    expect(round.stake).toBe(20);
    expect(await usd(p.userId, t.app)).toBe(before - 20_00);
    const actions: string[] = ['split'];
    let doubled = false;
    while (!round.finished) {
      const allowed: string[] = round.result.allowedActions;
      const action = !doubled && allowed.includes('double') ? 'double' : 'stand';
      if (action === 'double') doubled = true;
      actions.push(action);
      const res = await p.call('POST', '/blackjack/action', { roundId: round.id, action });
      expect(res.statusCode, res.body).toBe(201);
      round = res.json().round;
    }
    expect(doubled).toBe(true);
    expect(round.stake).toBe(30);
    expect(round.result.dealer.holeCardHidden).toBe(false);
    const after = await usd(p.userId, t.app);
    expect(after).toBe(before - 30_00 + cents(round.payout));
    expect(cents(round.result.totalPayout)).toBe(cents(round.payout));
    const records = await walletRecords(t.app, round.id);
    expect(
      records
        .filter((r) => r.kind === 'BET')
        .map((r) => r.amount)
        .sort(),
    ).toEqual([1000, 1000, 1000]);
    expect(sum(records.filter((r) => r.kind === 'WIN').map((r) => r.amount))).toBe(cents(round.payout));

    const finished = await p.call('POST', '/blackjack/action', { roundId: round.id, action: 'stand' });
    expect(finished.statusCode).toBe(400);

    // The verify route replays the same actions to the same result.
    const rotated = (await p.call('POST', '/fairness/rotate', {})).json();
    const v = await t.app.inject({
      method: 'POST',
      url: `${STUDIO}/verify`,
      payload: {
        game: 'blackjack',
        serverSeed: rotated.revealed.serverSeed,
        clientSeed: rotated.revealed.clientSeed,
        nonce: round.nonce,
        input: { bet: { amount: 10 }, actions },
      },
    });
    expect(v.statusCode).toBe(200);
    expect(v.json().result).toEqual(round.result);
  });

  it('refuses an action the hand does not allow, and a double without the money', async () => {
    const p = await playerSession(t.app, 'blackjack', { usd: 15_00 });
    await plantSeed(p.userId, 'blackjack', (serverSeed, clientSeed, nonce) => {
      const s = blackjack.deal(fairStream({ serverSeed, clientSeed, nonce }), { amount: 1000 });
      return s.phase === 'playing' && !blackjack.allowedActions(s).includes('split');
    });
    const { round } = (await p.call('POST', '/blackjack/deal', { amount: 10 })).json();
    const split = await p.call('POST', '/blackjack/action', { roundId: round.id, action: 'split' });
    expect(split.statusCode).toBe(400);
    const double = await p.call('POST', '/blackjack/action', { roundId: round.id, action: 'double' });
    expect(double.json()).toMatchObject({ statusCode: 400, message: 'Insufficient funds' });
    expect(await usd(p.userId, t.app)).toBe(5_00);
    const stand = await p.call('POST', '/blackjack/action', { roundId: round.id, action: 'stand' });
    expect(stand.statusCode).toBe(201);
    expect(stand.json().round.finished).toBe(true);
  });
});
