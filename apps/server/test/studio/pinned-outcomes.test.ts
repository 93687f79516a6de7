import { createHash } from 'node:crypto';
import type { BlackjackAction } from '@paws/contracts/studio';
import { makeShoe } from '@paws/studio-engine/cards';
import { fairStream, hashServerSeed, shuffle } from '@paws/studio-engine/fair';
import * as blackjack from '@paws/studio-engine/games/blackjack';
import { verify } from '@paws/studio-engine/verify';
import { describe, expect, it } from 'vitest';

/**
 * Outcomes computed with the engine as it was before it moved out of the server (HMAC from
 * node:crypto) into @paws/studio-engine (@noble/hashes). Past rounds must verify forever: any change
 * to the derivation, the integer mapping, the shuffles or a game's rules shows up here.
 */
const serverSeed = '4b1d0c9e'.repeat(8);
const clientSeed = 'pinned outcomes';

/** A fixed, simple player: declines insurance, hits below 15, else stands. */
function playBlackjack(nonce: number) {
  let state = blackjack.deal(fairStream({ serverSeed, clientSeed, nonce }), { amount: 1000 });
  const actions: BlackjackAction[] = [];
  while (state.phase !== 'finished') {
    const allowed = blackjack.allowedActions(state);
    const total = blackjack.publicView(state).hands[state.active]?.total ?? 21;
    const action: BlackjackAction = allowed.includes('noInsurance')
      ? 'noInsurance'
      : allowed.includes('hit') && total < 15
        ? 'hit'
        : 'stand';
    actions.push(action);
    state = blackjack.act(state, action);
  }
  return { actions, view: blackjack.publicView(state) };
}

describe('outcomes pinned before the engine moved', () => {
  it('hashes the server seed and shuffles as before', () => {
    expect(hashServerSeed(serverSeed)).toBe(
      'c9ce039c8b4b335d1acd5f96b14ff5c4bf847bb86026c5850fc3c61610292c2b',
    );
    const deck = shuffle(fairStream({ serverSeed, clientSeed, nonce: 8 }), makeShoe(1));
    expect(deck.slice(0, 10)).toEqual([45, 51, 47, 28, 7, 11, 10, 43, 8, 12]);
  });

  it('spins the live table as before', () => {
    const numbers = [0, 1, 2, 99, 1000].map(
      (round) => verify(serverSeed, 'paws-live-roulette', round, 'roulette', {}).result.number,
    );
    expect(numbers).toEqual([4, 29, 7, 10, 6]);
  });

  it('deals baccarat, draws keno, spins the slot and plays video poker as before', () => {
    const bet = { player: 500, banker: 500, tie: 100 };
    expect(verify(serverSeed, clientSeed, 3, 'baccarat', { bet }).result).toEqual({
      playerCards: ['Ad', 'Ks', 'Jc'],
      bankerCards: ['6d', 'Js'],
      playerTotal: 1,
      bankerTotal: 6,
      natural: false,
      winner: 'banker',
      bets: [
        { spot: 'player', stake: 500, outcome: 'lose', payout: 0 },
        { spot: 'banker', stake: 500, outcome: 'win', payout: 975 },
        { spot: 'tie', stake: 100, outcome: 'lose', payout: 0 },
      ],
      totalStake: 1100,
      totalPayout: 975,
    });
    const keno = verify(serverSeed, clientSeed, 4, 'keno', {
      bet: { picks: [7, 11, 23, 42, 80], amount: 100 },
    });
    expect(keno.result.drawn).toEqual([
      10, 38, 35, 65, 4, 21, 17, 62, 54, 24, 11, 25, 73, 8, 36, 57, 59, 70, 78, 26,
    ]);
    expect(keno.result.hits).toEqual([11]);
    const slot = verify(serverSeed, clientSeed, 5, 'slot', { bet: { fund: 'cash', stake: 200 } });
    expect(slot.result.base.stops).toEqual([28, 30, 25, 33, 22]);
    expect(slot.result.base.scatters).toBe(2);
    const poker = verify(serverSeed, clientSeed, 6, 'video-poker', {
      bet: { amount: 100 },
      held: [true, false, true, false, false],
    });
    expect(poker.result.cards).toEqual(['8h', '9d', '3d', '2h', '2d']);
  });

  it('replays blackjack decisions as before', () => {
    const { actions, view } = playBlackjack(7);
    expect(actions).toEqual(['hit']);
    expect(view.dealer.cards).toEqual(['Ks', '4c']);
    expect(view.hands[0]?.cards).toEqual(['Td', '4d', 'Qd']);
  });

  it('gives the same 300 rounds, byte for byte (digest of their JSON, key order included)', () => {
    const hash = createHash('sha256');
    const add = (value: unknown) => hash.update(JSON.stringify(value));
    for (let n = 0; n < 50; n++) {
      add(verify(serverSeed, clientSeed, n, 'roulette', {}));
      add(verify(serverSeed, clientSeed, n, 'baccarat', { bet: { banker: 1000 } }));
      add(
        verify(serverSeed, clientSeed, n, 'keno', {
          bet: { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], amount: 100 },
        }),
      );
      add(verify(serverSeed, clientSeed, n, 'slot', { bet: { fund: 'cash', stake: 20 } }));
      add(
        verify(serverSeed, clientSeed, n, 'video-poker', {
          bet: { amount: 100 },
          held: [true, true, false, false, false],
        }),
      );
      add(playBlackjack(n));
    }
    expect(hash.digest('hex')).toBe('62ba23f367f1ee35a758b9bb5db3bfe56da4acfc8e30763c1763c6b3b2e0c8ae');
  });
});
