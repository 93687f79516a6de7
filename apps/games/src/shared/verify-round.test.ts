import type { BlackjackAction } from '@paws/contracts/studio';
import { type StudioRound, studioVerifyRequestSchema } from '@paws/contracts/studio-api';
import { fairStream, hashServerSeed } from '@paws/studio-engine/fair';
import * as blackjack from '@paws/studio-engine/games/blackjack';
import { settle, spinRound } from '@paws/studio-engine/games/roulette';
import { verify } from '@paws/studio-engine/verify';
import { describe, expect, it } from 'vitest';
import { recordedRoundOf, verifyHref, verifyInput } from './verify-link.ts';
import { compareWithRecorded, recompute } from './verify-round.ts';

const serverSeed = '7e'.repeat(32);
const clientSeed = 'browser check';
const base = {
  id: '0b5f3c1e-8a4d-4c1e-9a51-3f0e6c1d2a7b',
  serverSeedHash: hashServerSeed(serverSeed),
  serverSeed,
  clientSeed,
  createdAt: '2026-11-22T07:00:00.000Z',
  finished: true,
};

/** Rounds as the studio records them (what GET /rounds answers, parsed: cents). */
function recordedRounds(): StudioRound[] {
  const bacc = verify(serverSeed, clientSeed, 3, 'baccarat', { bet: { player: 500, tie: 100 } }).result;
  const keno = verify(serverSeed, clientSeed, 4, 'keno', { bet: { picks: [5, 17, 33], amount: 150 } }).result;
  const slot = verify(serverSeed, clientSeed, 5, 'slot', { bet: { fund: 'cash', stake: 200 } }).result;
  const poker = verify(serverSeed, clientSeed, 6, 'video-poker', {
    bet: { amount: 100 },
    held: [true, true, false, false, true],
  }).result;
  let state = blackjack.deal(fairStream({ serverSeed, clientSeed, nonce: 7 }), { amount: 1000 });
  const actions: BlackjackAction[] = [];
  while (state.phase !== 'finished') {
    const allowed = blackjack.allowedActions(state);
    const action = allowed.includes('noInsurance') ? 'noInsurance' : actions.length < 1 ? 'hit' : 'stand';
    const next = allowed.includes(action) ? action : 'stand';
    actions.push(next);
    state = blackjack.act(state, next);
  }
  const view = blackjack.publicView(state);
  const spin = spinRound(serverSeed, 977, 'paws-live-roulette');
  const settlement = settle(
    [
      { type: 'straight', numbers: [spin.number], amount: 100 },
      { type: 'red', amount: 300 },
    ],
    spin.number,
  );
  return [
    { ...base, game: 'baccarat', nonce: 3, stake: 600, payout: bacc.totalPayout, result: bacc },
    { ...base, game: 'loto', nonce: 4, stake: 150, payout: keno.payout, result: keno },
    { ...base, game: 'wild-paws', nonce: 5, stake: 200, payout: slot.totalPayout, result: slot },
    { ...base, game: 'video-poker', nonce: 6, stake: 100, payout: poker.payout ?? 0, result: poker },
    {
      ...base,
      game: 'blackjack',
      nonce: 7,
      stake: view.totalStake,
      payout: view.totalPayout ?? 0,
      result: view,
      actions,
    },
    {
      ...base,
      game: 'european-roulette',
      clientSeed: 'paws-live-roulette',
      nonce: 977,
      stake: settlement.totalStake,
      payout: settlement.totalPayout,
      result: settlement,
    },
  ];
}

/** What the verify page does with a round from the history: the link, then the engine, here. */
function checkInBrowser(round: StudioRound) {
  const url = new URL(verifyHref(round), 'http://platform.test/studio/');
  const carried = recordedRoundOf(url.hash);
  if (!carried) throw new Error('the link carries no round');
  const request = studioVerifyRequestSchema.parse({
    game: carried.game,
    serverSeed: url.searchParams.get('serverSeed'),
    clientSeed: carried.clientSeed,
    nonce: carried.nonce,
    input: verifyInput(carried),
  });
  const local = recompute(request);
  return { carried, local, check: compareWithRecorded(carried, local) };
}

describe('verifying a round in the browser', () => {
  it('carries the recorded round to the page and finds every game’s outcome and payout as recorded', () => {
    for (const round of recordedRounds()) {
      const { carried, local, check } = checkInBrowser(round);
      expect(carried, round.game).toEqual(round);
      expect(local.serverSeedHash, round.game).toBe(round.serverSeedHash);
      expect(check, round.game).toEqual({ outcome: 'match', money: 'match' });
    }
  });

  it('replays the blackjack decisions the round recorded', () => {
    const round = recordedRounds().find((r) => r.game === 'blackjack');
    if (round?.game !== 'blackjack') throw new Error('no blackjack round');
    expect(round.actions.length).toBeGreaterThan(0);
    expect(verifyInput(round)).toMatchObject({ actions: round.actions });
    // Without the decisions the replay would deal the same cards but not play them out.
    const local = recompute(
      studioVerifyRequestSchema.parse({
        game: 'blackjack',
        serverSeed,
        clientSeed,
        nonce: round.nonce,
        input: { bet: { amount: 10 }, actions: [] },
      }),
    );
    expect(compareWithRecorded(round, local).outcome).toBe('mismatch');
  });

  it('catches a recorded outcome, payout or seed that the rules do not give', () => {
    const [baccarat, keno] = recordedRounds() as [StudioRound, StudioRound];
    if (baccarat.game !== 'baccarat' || keno.game !== 'loto') throw new Error('unexpected order');
    const swapped = baccarat.result.playerCards[0] === 'Ah' ? '2c' : 'Ah';
    const otherCards = {
      ...baccarat,
      result: { ...baccarat.result, playerCards: [swapped, ...baccarat.result.playerCards.slice(1)] },
    };
    expect(checkInBrowser(otherCards).check.outcome).toBe('mismatch');
    const overpaid = { ...keno, payout: keno.payout + 100 };
    expect(checkInBrowser(overpaid).check).toEqual({ outcome: 'match', money: 'mismatch' });
    const otherSeed = { ...baccarat, serverSeed: '8f'.repeat(32) };
    const { local, check } = checkInBrowser(otherSeed);
    expect(local.serverSeedHash).not.toBe(baccarat.serverSeedHash);
    expect(check.outcome).toBe('mismatch');
  });

  it('waits for a table round that is not settled yet', () => {
    const roulette = recordedRounds().find((r) => r.game === 'european-roulette') as StudioRound;
    const open = { ...roulette, result: null, finished: false, payout: 0 } as StudioRound;
    const local = recompute(
      studioVerifyRequestSchema.parse({
        game: 'european-roulette',
        serverSeed,
        clientSeed: 'paws-live-roulette',
        nonce: 977,
      }),
    );
    expect(compareWithRecorded(open, local)).toEqual({ outcome: 'pending', money: 'pending' });
  });
});
