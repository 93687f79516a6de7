import {
  gameInfoSchema,
  studioGameCodes,
  type VerifyRequest,
  verifyResponseSchema,
} from '@paws/contracts/studio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StudioInputError } from '../src/errors.ts';
import { hashServerSeed } from '../src/fair.ts';
import { baccaratInfo } from '../src/games/baccarat.ts';
import { blackjackInfo } from '../src/games/blackjack.ts';
import { kenoInfo } from '../src/games/keno.ts';
import { ROULETTE_TABLE_CLIENT_SEED, rouletteInfo } from '../src/games/roulette.ts';
import { slotInfo } from '../src/games/slot.ts';
import { videoPokerInfo } from '../src/games/video-poker.ts';
import { verify } from '../src/verify.ts';
import { seedsArb } from './helpers.ts';

type Game = VerifyRequest['game'];
// biome-ignore lint/suspicious/noExplicitAny: one input per game, checked by verify's own signature
const INPUTS: Record<Game, any> = {
  roulette: {},
  blackjack: { bet: { amount: 1001 }, actions: [] },
  baccarat: { bet: { player: 100, banker: 333, tie: 7 } },
  'video-poker': { bet: { amount: 250 }, held: [true, false, true, false, false] },
  slot: { bet: { fund: 'cash', stake: 60 } },
  keno: { bet: { picks: [1, 17, 33, 49, 65, 80], amount: 99 } },
};

describe('verify', () => {
  it('answers every game with the seed’s hash and a result the contract can send (property)', () => {
    fc.assert(
      fc.property(seedsArb, fc.constantFrom(...studioGameCodes), (seeds, game) => {
        const response = verify(seeds.serverSeed, seeds.clientSeed, seeds.nonce, game, INPUTS[game]);
        expect(response.game).toBe(game);
        expect(response.serverSeedHash).toBe(hashServerSeed(seeds.serverSeed));
        // Money is whole cents in the engine: dollars on the wire and back give the same result.
        const wire = verifyResponseSchema.encode(response);
        expect(verifyResponseSchema.decode(wire)).toEqual(response);
        expect(verify(seeds.serverSeed, seeds.clientSeed, seeds.nonce, game, INPUTS[game])).toEqual(response);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses malformed seeds and nonces for every game, before playing', () => {
    const serverSeed = '9f'.repeat(32);
    for (const game of studioGameCodes) {
      const cases: [string, string, number, string][] = [
        ['abc', 'client', 0, 'serverSeed'],
        [serverSeed.toUpperCase(), 'client', 0, 'serverSeed'],
        [serverSeed, '', 0, 'clientSeed'],
        [serverSeed, ' padded ', 0, 'clientSeed'],
        [serverSeed, 'client', -1, 'nonce'],
        [serverSeed, 'client', 0.5, 'nonce'],
      ];
      for (const [s, c, n, field] of cases) {
        try {
          verify(s, c, n, game, INPUTS[game]);
          expect.unreachable(`${game} accepted ${s}/${c}/${n}`);
        } catch (error) {
          expect(error).toBeInstanceOf(StudioInputError);
          expect((error as StudioInputError).field).toBe(field);
        }
      }
    }
    expect(verify(serverSeed, ROULETTE_TABLE_CLIENT_SEED, 0, 'roulette', {}).game).toBe('roulette');
  });

  it('refuses an invalid bet with the engine’s input error', () => {
    const s = '9f'.repeat(32);
    expect(() => verify(s, 'c', 0, 'keno', { bet: { picks: [0], amount: 100 } })).toThrow(StudioInputError);
    expect(() => verify(s, 'c', 0, 'slot', { bet: { fund: 'cash', stake: 30 } })).toThrow(StudioInputError);
    expect(() => verify(s, 'c', 0, 'baccarat', { bet: {} })).toThrow(StudioInputError);
    expect(() => verify(s, 'c', 0, 'blackjack', { bet: { amount: 0 }, actions: [] })).toThrow(
      StudioInputError,
    );
    expect(() => verify(s, 'c', 0, 'video-poker', { bet: { amount: 100 }, held: [true] })).toThrow(
      StudioInputError,
    );
  });
});

describe('game info', () => {
  const infos = [rouletteInfo, blackjackInfo, baccaratInfo, videoPokerInfo, slotInfo, kenoInfo];

  it('describes each game once, in the contract’s shape, with an RTP between 85% and 100%', () => {
    expect(infos.map((i) => i.code).sort()).toEqual([...studioGameCodes].sort());
    for (const info of infos) {
      expect(gameInfoSchema.parse(info)).toEqual(info);
      expect(info.rtp).toBeGreaterThan(85);
      expect(info.rtp).toBeLessThan(100);
      expect(info.rules.length).toBeGreaterThan(2);
      for (const table of info.paytables) {
        for (const row of table.rows)
          expect(row, `${info.code}: ${table.title}`).toHaveLength(table.columns.length);
      }
    }
  });
});
