import { makeShoe } from '@paws/studio-engine/cards';
import { StudioInputError } from '@paws/studio-engine/errors';
import {
  assertClientSeed,
  byteGenerator,
  fairStream,
  hashServerSeed,
  partialShuffle,
  publicSeedPair,
  type RoundSeeds,
  shuffle,
  takeRound,
} from '@paws/studio-engine/fair';
import { verify } from '@paws/studio-engine/verify';
import { describe, expect, it } from 'vitest';
import { createSeedPair, generateServerSeed, rotate } from '../../src/modules/studio/fair-seeds.ts';
import { bump, chiSquareUniform, scriptedRng } from './helpers.ts';

// Computed independently with: printf 'player-seed:7:0' | openssl dgst -sha256 -hmac "$SEED"
const VECTOR = {
  serverSeed: '180314b89d39b8b6b6de49c60408ba0f75b196b0e59ada309396e42d5b2daf22',
  serverSeedHash: '21d3474b2122471249acf8ebfc8fe4f69e4a2f75b681377f8e503966a311af83',
  clientSeed: 'player-seed',
  nonce: 7,
  cursor0: '64133b20f81a8300948abf2583ce595caa546ae3a90ff244859beba2db28d2d6',
  cursor1: 'f993621c821bbb9740ec4ceb078c8027caa5bbe16b92a78f9274de5c2320a40c',
};
const seeds: RoundSeeds = {
  serverSeed: VECTOR.serverSeed,
  clientSeed: VECTOR.clientSeed,
  nonce: VECTOR.nonce,
};

// Upper 0.1% points of the chi-square distribution.
const CHI2_999 = { df23: 49.73, df36: 67.99, df79: 123.59 };

function take(gen: Iterator<number>, n: number): number[] {
  return Array.from({ length: n }, () => gen.next().value as number);
}

describe('known vectors', () => {
  it('hashes the server seed string with SHA-256', () => {
    expect(hashServerSeed(VECTOR.serverSeed)).toBe(VECTOR.serverSeedHash);
  });

  it('gives the HMAC bytes of clientSeed:nonce:cursor, moving to the next cursor after 32 bytes', () => {
    const expected = [...Buffer.from(VECTOR.cursor0 + VECTOR.cursor1, 'hex')];
    expect(take(byteGenerator(seeds), 64)).toEqual(expected);
    const stream = fairStream(seeds);
    expect(Array.from({ length: 64 }, () => stream.byte())).toEqual(expected);
    expect(stream.bytesUsed).toBe(64);
    expect(take(byteGenerator(seeds, 30), 4)).toEqual(expected.slice(30, 34));
    const resumed = fairStream(seeds, 30);
    expect(Array.from({ length: 4 }, () => resumed.byte())).toEqual(expected.slice(30, 34));
  });

  it('reads 32-bit chunks big-endian and maps them to integers', () => {
    expect(fairStream(seeds).uint32()).toBe(0x64133b20);
    expect(fairStream(seeds).int(37)).toBe(0x64133b20 % 37);
    expect(fairStream(seeds).int(37)).toBe(27);
  });

  it('lets the verifier recompute a round from the vector', () => {
    const round = verify(VECTOR.serverSeed, VECTOR.clientSeed, VECTOR.nonce, 'roulette', {});
    expect(round).toEqual({
      game: 'roulette',
      serverSeedHash: VECTOR.serverSeedHash,
      result: { roundNumber: 7, number: 27, color: 'red' },
    });
  });

  it('changes every byte stream when any seed or the nonce changes', () => {
    const first = (s: RoundSeeds) => take(byteGenerator(s), 8).join(',');
    const base = first(seeds);
    expect(first({ ...seeds, nonce: 8 })).not.toBe(base);
    expect(first({ ...seeds, clientSeed: 'player-seed2' })).not.toBe(base);
    expect(first({ ...seeds, serverSeed: generateServerSeed() })).not.toBe(base);
  });
});

describe('seeds', () => {
  it('makes 32-byte hex server seeds, never the same twice', () => {
    const a = generateServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(generateServerSeed()).not.toBe(a);
  });

  it('shows only the hash, counts nonces, and reveals a seed whose hash is the one shown', () => {
    let pair = createSeedPair('lucky');
    const shown = publicSeedPair(pair);
    expect(shown).toEqual({ serverSeedHash: pair.serverSeedHash, clientSeed: 'lucky', nonce: 0 });
    expect(JSON.stringify(shown)).not.toContain(pair.serverSeed);
    const used: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { round, next } = takeRound(pair);
      used.push(round.nonce);
      pair = next;
    }
    expect(used).toEqual([0, 1, 2]);
    const { revealed, next } = rotate(pair, 'new seed');
    expect(revealed.nonce).toBe(3);
    expect(hashServerSeed(revealed.serverSeed)).toBe(shown.serverSeedHash);
    expect(next.serverSeed).not.toBe(revealed.serverSeed);
    expect(next.serverSeedHash).toBe(hashServerSeed(next.serverSeed));
    expect(next).toMatchObject({ clientSeed: 'new seed', nonce: 0 });
    expect(rotate(next).next.clientSeed).toBe('new seed');
  });

  it('accepts 1–64 printable characters as a client seed and refuses anything else', () => {
    for (const ok of ['a', 'x'.repeat(64), 'my lucky seed #7!', '~{}|:'])
      expect(() => assertClientSeed(ok)).not.toThrow();
    for (const bad of [
      '',
      'x'.repeat(65),
      'tab\there',
      'new\nline',
      'café',
      ' padded',
      'padded ',
      '\u0000',
    ]) {
      expect(() => assertClientSeed(bad)).toThrow(StudioInputError);
    }
    expect(() => rotate(createSeedPair(), '')).toThrow(StudioInputError);
  });
});

describe('integers without modulo bias', () => {
  it('rejects 32-bit chunks at or above the largest multiple of n and takes the next one', () => {
    // 2^32 mod 37 = 7: the 7 values from 4294967289 up would favour residues 0–6.
    const rng = scriptedRng([0xffffffff, 4294967289, 4294967288]);
    expect(rng.int(37)).toBe(4294967288 % 37);
    expect(rng.bytesUsed).toBe(12);
    expect(scriptedRng([5]).int(37)).toBe(5);
    expect(scriptedRng([0xffffffff]).int(2 ** 32)).toBe(0xffffffff);
    expect(scriptedRng([123]).int(1)).toBe(0);
    expect(() => scriptedRng([1]).int(0)).toThrow(RangeError);
    expect(() => scriptedRng([1]).int(2.5)).toThrow(RangeError);
  });

  it('draws 0–36 and 1–80 evenly (chi-square on 370,000 and 800,000 draws)', () => {
    const stream = fairStream({ serverSeed: VECTOR.serverSeed, clientSeed: 'chi-square', nonce: 0 });
    const d37 = new Uint32Array(37);
    for (let i = 0; i < 370_000; i++) bump(d37, stream.int(37));
    const d80 = new Uint32Array(80);
    for (let i = 0; i < 800_000; i++) bump(d80, stream.int(80));
    expect(chiSquareUniform(d37)).toBeLessThan(CHI2_999.df36);
    expect(chiSquareUniform(d80)).toBeLessThan(CHI2_999.df79);
  });

  it('has a chi-square test that catches a modulo bias of the size a byte-wise mapping has', () => {
    const stream = fairStream({ serverSeed: VECTOR.serverSeed, clientSeed: 'chi-square', nonce: 0 });
    const naive = new Uint32Array(37);
    for (let i = 0; i < 370_000; i++) bump(naive, stream.byte() % 37);
    expect(chiSquareUniform(naive)).toBeGreaterThan(CHI2_999.df36);
  });
});

describe('shuffles', () => {
  it('permutes: every card of the shoe exactly once, input untouched', () => {
    const shoe = makeShoe(6);
    const shuffled = shuffle(fairStream(seeds), shoe);
    expect(shuffled).not.toEqual(shoe);
    expect([...shuffled].sort((a, b) => a - b)).toEqual([...shoe].sort((a, b) => a - b));
    expect(shoe).toEqual(makeShoe(6));
  });

  it('deals the same first cards from a partial shuffle as from the full one', () => {
    const full = shuffle(fairStream(seeds), makeShoe(8));
    const part = fairStream(seeds);
    expect(partialShuffle(part, makeShoe(8), 6)).toEqual(full.slice(0, 6));
    expect(part.bytesUsed).toBe(24);
  });

  it('makes all 24 orders of 4 cards equally likely, where the naive swap-with-any shuffle is caught', () => {
    const stream = fairStream({ serverSeed: VECTOR.serverSeed, clientSeed: 'shuffle', nonce: 0 });
    const index = (p: number[]) => p.reduce((acc, v) => acc * 4 + v, 0);
    const fisherYates = new Map<number, number>();
    const naive = new Map<number, number>();
    for (let i = 0; i < 120_000; i++) {
      const p = index(shuffle(stream, [0, 1, 2, 3]));
      fisherYates.set(p, (fisherYates.get(p) ?? 0) + 1);
      const q = [0, 1, 2, 3];
      for (let k = 0; k < 4; k++) {
        const j = stream.int(4);
        [q[k], q[j]] = [q[j] as number, q[k] as number];
      }
      naive.set(index(q), (naive.get(index(q)) ?? 0) + 1);
    }
    expect(fisherYates.size).toBe(24);
    expect(chiSquareUniform([...fisherYates.values()])).toBeLessThan(CHI2_999.df23);
    expect(chiSquareUniform([...naive.values()])).toBeGreaterThan(CHI2_999.df23);
  });
});
