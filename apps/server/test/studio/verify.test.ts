import {
  gameInfoSchema,
  type SeedRotation,
  seedRotationSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from '@paws/contracts/studio';
import { StudioInputError } from '@paws/studio-engine/errors';
import { fairStream, hashServerSeed, publicSeedPair, takeRound } from '@paws/studio-engine/fair';
import { baccaratInfo, playBaccarat } from '@paws/studio-engine/games/baccarat';
import * as blackjack from '@paws/studio-engine/games/blackjack';
import { kenoInfo, playKeno } from '@paws/studio-engine/games/keno';
import { ROULETTE_TABLE_CLIENT_SEED, rouletteInfo, spinRound } from '@paws/studio-engine/games/roulette';
import { playSlot, slotInfo } from '@paws/studio-engine/games/slot';
import * as videoPoker from '@paws/studio-engine/games/video-poker';
import { verify } from '@paws/studio-engine/verify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSeedPair, rotate } from '../../src/modules/studio/fair-seeds.ts';

const serverSeed = '9f'.repeat(32);
const clientSeed = 'verify me';

describe('verify', () => {
  it('recomputes a live roulette spin from the table seed, public client seed and round number', () => {
    for (const round of [0, 1, 977]) {
      const verified = verify(serverSeed, ROULETTE_TABLE_CLIENT_SEED, round, 'roulette', {});
      expect(verified).toEqual({
        game: 'roulette',
        serverSeedHash: hashServerSeed(serverSeed),
        result: spinRound(serverSeed, round),
      });
    }
  });

  it('recomputes single-step rounds exactly as they were played', () => {
    const seeds = { serverSeed, clientSeed, nonce: 12 };
    const baccaratBet = { banker: 500, tie: 100 };
    expect(verify(serverSeed, clientSeed, 12, 'baccarat', { bet: baccaratBet }).result).toEqual(
      playBaccarat(fairStream(seeds), baccaratBet),
    );
    const kenoBet = { picks: [1, 2, 3, 40, 77], amount: 250 };
    expect(verify(serverSeed, clientSeed, 12, 'keno', { bet: kenoBet }).result).toEqual(
      playKeno(fairStream(seeds), kenoBet),
    );
    const slotBet = { fund: 'cash' as const, stake: 200 };
    expect(verify(serverSeed, clientSeed, 12, 'slot', { bet: slotBet }).result).toEqual(
      playSlot(fairStream(seeds), slotBet),
    );
  });

  it('replays the player’s decisions in multi-step games', () => {
    // Find a blackjack round that needs decisions and play it by a fixed rule.
    let nonce = 0;
    let state = blackjack.deal(fairStream({ serverSeed, clientSeed, nonce }), { amount: 1000 });
    while (state.phase !== 'playing') {
      nonce++;
      state = blackjack.deal(fairStream({ serverSeed, clientSeed, nonce }), { amount: 1000 });
    }
    const actions: ('hit' | 'stand')[] = [];
    while (state.phase === 'playing') {
      const action = blackjack.handValue(state.hands[state.active]?.cards ?? []).total < 15 ? 'hit' : 'stand';
      actions.push(action);
      state = blackjack.act(state, action);
    }
    const replay = verify(serverSeed, clientSeed, nonce, 'blackjack', { bet: { amount: 1000 }, actions });
    expect(replay.result).toEqual(blackjack.publicView(state));
    expect(replay.result.phase).toBe('finished');
    expect(() =>
      verify(serverSeed, clientSeed, nonce, 'blackjack', {
        bet: { amount: 1000 },
        actions: [...actions, 'hit'],
      }),
    ).toThrow(StudioInputError);

    const dealt = videoPoker.deal(fairStream({ serverSeed, clientSeed, nonce: 5 }), { amount: 100 });
    const held = [true, false, false, true, false];
    const poker = verify(serverSeed, clientSeed, 5, 'video-poker', { bet: { amount: 100 }, held });
    expect(poker.result).toEqual(videoPoker.publicView(videoPoker.draw(dealt, held)));
    expect(
      verify(serverSeed, clientSeed, 5, 'video-poker', { bet: { amount: 100 }, held: null }).result,
    ).toEqual(videoPoker.publicView(dealt));
  });

  it('gives another result for another seed, client seed or nonce', () => {
    const bet = { bet: { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], amount: 100 } };
    const drawn = (s: string, c: string, n: number) => verify(s, c, n, 'keno', bet).result.drawn.join();
    const base = drawn(serverSeed, clientSeed, 1);
    expect(drawn('a0'.repeat(32), clientSeed, 1)).not.toBe(base);
    expect(drawn(serverSeed, 'other', 1)).not.toBe(base);
    expect(drawn(serverSeed, clientSeed, 2)).not.toBe(base);
  });

  it('refuses malformed seeds with a 400-style error', () => {
    expect(() => verify('abc', clientSeed, 0, 'roulette', {})).toThrow(StudioInputError);
    expect(() => verify(serverSeed.toUpperCase(), clientSeed, 0, 'roulette', {})).toThrow(StudioInputError);
    expect(() => verify(serverSeed, '', 0, 'roulette', {})).toThrow(StudioInputError);
    expect(() => verify(serverSeed, clientSeed, -1, 'roulette', {})).toThrow(StudioInputError);
    expect(() => verify(serverSeed, clientSeed, 1.5, 'roulette', {})).toThrow(StudioInputError);
  });
});

describe('shared contracts', () => {
  it('parses a verify request from the page into cents and the engine answers in the response shape', () => {
    const request = verifyRequestSchema.parse({
      game: 'baccarat',
      serverSeed,
      clientSeed,
      nonce: 3,
      bet: { banker: 12.5 },
    });
    expect(request).toMatchObject({ bet: { banker: 1250 } });
    if (request.game !== 'baccarat') throw new Error('unreachable');
    const response = verify(request.serverSeed, request.clientSeed, request.nonce, request.game, {
      bet: request.bet,
    });
    const wire = z.encode(verifyResponseSchema, response) as {
      result: { totalStake: number; bets: { stake: number }[] };
    };
    expect(wire.result.totalStake).toBe(12.5);
    expect(wire.result.bets[0]?.stake).toBe(12.5);
  });

  it('fits every game’s results and views to their schemas', () => {
    const responses = [
      verify(serverSeed, ROULETTE_TABLE_CLIENT_SEED, 4, 'roulette', {}),
      verify(serverSeed, clientSeed, 4, 'blackjack', { bet: { amount: 1001 }, actions: [] }),
      verify(serverSeed, clientSeed, 4, 'baccarat', { bet: { player: 100, banker: 100, tie: 100 } }),
      verify(serverSeed, clientSeed, 4, 'video-poker', {
        bet: { amount: 100 },
        held: [true, true, false, false, false],
      }),
      verify(serverSeed, clientSeed, 4, 'slot', { bet: { fund: 'freeSpin' } }),
      verify(serverSeed, clientSeed, 4, 'keno', { bet: { picks: [7, 8, 9], amount: 333 } }),
    ];
    for (const response of responses)
      expect(() => z.encode(verifyResponseSchema, response), response.game).not.toThrow();
    for (const info of [
      rouletteInfo,
      blackjack.blackjackInfo,
      baccaratInfo,
      videoPoker.videoPokerInfo,
      slotInfo,
      kenoInfo,
    ]) {
      expect(gameInfoSchema.parse(info)).toEqual(info);
      expect(info.rules.length).toBeGreaterThan(2);
      expect(info.paytables.length).toBeGreaterThan(0);
    }
  });

  it('describes a rotation the page can show and check', () => {
    const pair = takeRound(createSeedPair('abc')).next;
    const { revealed, next } = rotate(pair);
    const rotation: SeedRotation = { revealed, current: publicSeedPair(next) };
    expect(seedRotationSchema.parse(rotation)).toEqual({
      revealed: {
        serverSeed: pair.serverSeed,
        serverSeedHash: pair.serverSeedHash,
        clientSeed: 'abc',
        nonce: 1,
      },
      current: { serverSeedHash: next.serverSeedHash, clientSeed: 'abc', nonce: 0 },
    });
  });
});
