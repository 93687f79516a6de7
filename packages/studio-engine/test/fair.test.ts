import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeShoe } from '../src/cards.ts';
import { StudioInputError } from '../src/errors.ts';
import {
  assertClientSeed,
  assertNonce,
  assertServerSeed,
  ByteStream,
  byteGenerator,
  fairStream,
  hashServerSeed,
  hmacBlock,
  partialShuffle,
  publicSeedPair,
  type RoundSeeds,
  shuffle,
  takeRound,
} from '../src/fair.ts';
import { clientSeedArb, scriptedRng, seedsArb, serverSeedArb } from './helpers.ts';

/**
 * Computed outside the engine with OpenSSL:
 *   printf '%s' "$SEED" | openssl dgst -sha256
 *   printf 'tiger & fox:42:0' | openssl dgst -sha256 -hmac "$SEED"   (and :1 for cursor 1)
 */
const VECTOR = {
  serverSeed: '5c1e0d2a9b8f7e6d5c4b3a29180716f5e4d3c2b1a09f8e7d6c5b4a3928170615',
  serverSeedHash: 'cb21301c1dc4fb44169ab0adca2c43a6abd3a1a0af04261b8644b93a0271293e',
  clientSeed: 'tiger & fox',
  nonce: 42,
  cursor0: 'd9b108ec8c0794c620df618e8d2af7d315409d7e5cc1c08cfa5834941c363b8d',
  cursor1: '86ee400ea076e8e5b262fb463701c66a05b51302c0ec2191541918ed09b0d3df',
};
const seeds: RoundSeeds = {
  serverSeed: VECTOR.serverSeed,
  clientSeed: VECTOR.clientSeed,
  nonce: VECTOR.nonce,
};
const hex = (bytes: ArrayLike<number>) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const take = (gen: Iterator<number>, n: number) =>
  Array.from({ length: n }, () => gen.next().value as number);
const bytesOf = (hexString: string) => hexString.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? [];

describe('outcome bytes', () => {
  it('commits to the server seed with SHA-256 of its hex string', () => {
    expect(hashServerSeed(VECTOR.serverSeed)).toBe(VECTOR.serverSeedHash);
  });

  it('derives each 32-byte block as HMAC-SHA256(server seed, "client:nonce:cursor")', () => {
    expect(hex(hmacBlock(VECTOR.serverSeed, VECTOR.clientSeed, VECTOR.nonce, 0))).toBe(VECTOR.cursor0);
    expect(hex(hmacBlock(VECTOR.serverSeed, VECTOR.clientSeed, VECTOR.nonce, 1))).toBe(VECTOR.cursor1);
  });

  it('streams cursor 0 then cursor 1, from any start offset', () => {
    const all = bytesOf(VECTOR.cursor0 + VECTOR.cursor1);
    expect(take(byteGenerator(seeds), 64)).toEqual(all);
    expect(take(byteGenerator(seeds, 30), 10)).toEqual(all.slice(30, 40));
    expect(take(byteGenerator(seeds, 33), 5)).toEqual(all.slice(33, 38));
    const stream = fairStream(seeds, 30);
    expect(Array.from({ length: 10 }, () => stream.byte())).toEqual(all.slice(30, 40));
    expect(stream.bytesUsed).toBe(10);
  });

  it('reads integers as big-endian 4-byte chunks of that stream', () => {
    const stream = fairStream(seeds);
    expect(stream.uint32()).toBe(0xd9b108ec);
    expect(stream.uint32()).toBe(0x8c0794c6);
    // Skipping 30 bytes, the chunk straddles the two blocks: 8d (byte 30) 8b (31) 86 ee (next block).
    expect(fairStream(seeds, 30).uint32()).toBe(0x3b8d86ee);
  });

  it('gives the same bytes for the same seeds and unrelated ones for any change (property)', () => {
    fc.assert(
      fc.property(seedsArb, fc.nat({ max: 100 }), (s, start) => {
        const a = take(byteGenerator(s, start), 40);
        expect(take(byteGenerator(s, start), 40)).toEqual(a);
        const stream = fairStream(s, start);
        expect(Array.from({ length: 40 }, () => stream.byte())).toEqual(a);
        expect(take(byteGenerator({ ...s, nonce: s.nonce + 1 }, start), 40)).not.toEqual(a);
        expect(
          take(byteGenerator({ ...s, clientSeed: `${s.clientSeed}x`.slice(-64) }, start), 40),
        ).not.toEqual(a);
      }),
      { numRuns: 50 },
    );
  });
});

describe('integers without modulo bias', () => {
  it('maps an accepted chunk u to u mod n and uses 4 bytes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), fc.nat({ max: 2 ** 32 - 1 }), (n, u) => {
        const limit = 2 ** 32 - (2 ** 32 % n);
        fc.pre(u < limit);
        const rng = scriptedRng([u]);
        expect(rng.int(n)).toBe(u % n);
        expect(rng.bytesUsed).toBe(4);
      }),
    );
  });

  it('rejects a chunk at or above 2^32 − (2^32 mod n) and takes the next one', () => {
    // 2^32 mod 37 = 7: the last 7 chunk values would favour 0–6.
    const rng = scriptedRng([2 ** 32 - 7, 2 ** 32 - 1, 40]);
    expect(rng.int(37)).toBe(3);
    expect(rng.bytesUsed).toBe(12);
    expect(scriptedRng([2 ** 32 - 8]).int(37)).toBe((2 ** 32 - 8) % 37);
    // n = 2^31 + 1: everything from 2^31 + 1 up is rejected, nearly half the chunks.
    const half = scriptedRng([2 ** 31 + 1, 2 ** 31]);
    expect(half.int(2 ** 31 + 1)).toBe(2 ** 31);
    expect(half.bytesUsed).toBe(8);
    // Powers of two divide 2^32: nothing is rejected.
    expect(scriptedRng([2 ** 32 - 1]).int(2 ** 32)).toBe(2 ** 32 - 1);
    expect(scriptedRng([2 ** 32 - 1]).int(256)).toBe(255);
    expect(scriptedRng([123]).int(1)).toBe(0);
  });

  it('refuses a range that is not a whole number from 1 to 2^32', () => {
    for (const n of [0, -1, 1.5, Number.NaN, 2 ** 32 + 1, Number.POSITIVE_INFINITY]) {
      expect(() => scriptedRng([1]).int(n), String(n)).toThrow(RangeError);
    }
  });

  it('reads the same chunks whatever the block boundaries (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 4, maxLength: 64 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 20 }),
        (bytes, sizes) => {
          const whole = new ByteStream(() => bytes);
          let at = 0;
          let k = 0;
          const pieces = new ByteStream(() => {
            const size = sizes[k++ % sizes.length] as number;
            const block = bytes.subarray(at, at + size);
            at += size;
            return block.length > 0 ? block : bytes.subarray(0, 1);
          });
          for (let i = 0; i + 4 <= bytes.length; i += 4) expect(pieces.uint32()).toBe(whole.uint32());
          expect(pieces.bytesUsed).toBe(whole.bytesUsed);
        },
      ),
    );
  });
});

describe('shuffles', () => {
  it('draws int(n − i) at step i of a forward Fisher–Yates shuffle', () => {
    // Each value equals its step's range, so each maps to 0: no swaps. A shuffle that drew int(n)
    // at every step would swap here.
    expect(shuffle(scriptedRng([5, 4, 3, 2]), [0, 1, 2, 3, 4])).toEqual([0, 1, 2, 3, 4]);
    expect(shuffle(scriptedRng([4, 0, 0, 0]), ['a', 'b', 'c', 'd', 'e'])).toEqual(['e', 'b', 'c', 'd', 'a']);
    expect(shuffle(scriptedRng([1, 2, 1, 0]), ['a', 'b', 'c', 'd', 'e'])).toEqual(['b', 'd', 'a', 'c', 'e']);
  });

  it('maps the 5·4·3·2 equally likely draw sequences one to one onto the 120 orders of 5 items', () => {
    const seen = new Set<string>();
    for (let a = 0; a < 5; a++)
      for (let b = 0; b < 4; b++)
        for (let c = 0; c < 3; c++)
          for (let d = 0; d < 2; d++) seen.add(shuffle(scriptedRng([a, b, c, d]), [0, 1, 2, 3, 4]).join(''));
    expect(seen.size).toBe(120);
  });

  it('permutes without replacement and leaves its input alone (property)', () => {
    fc.assert(
      fc.property(seedsArb, fc.integer({ min: 1, max: 120 }), (s, n) => {
        const items = Array.from({ length: n }, (_, i) => i * 3);
        const before = items.slice();
        const out = shuffle(fairStream(s), items);
        expect(items).toEqual(before);
        expect([...out].sort((x, y) => x - y)).toEqual(before);
      }),
      { numRuns: 50 },
    );
  });

  it('deals k cards as the first k of the full shuffle, with only k draws (property)', () => {
    const shoe = makeShoe(8);
    fc.assert(
      fc.property(seedsArb, fc.nat({ max: 420 }), (s, k) => {
        const stream = fairStream(s);
        let draws = 0;
        const counting = {
          int: (n: number) => {
            draws++;
            return stream.int(n);
          },
        };
        const dealt = partialShuffle(counting, shoe, k);
        expect(dealt).toEqual(shuffle(fairStream(s), shoe).slice(0, k));
        expect(draws).toBe(Math.min(k, shoe.length - 1));
      }),
      { numRuns: 40 },
    );
  });
});

describe('seed pairs', () => {
  const pair = { ...seeds, serverSeedHash: VECTOR.serverSeedHash };

  it('plays a round with the current nonce and stores the next', () => {
    const { round, next } = takeRound(pair);
    expect(round).toEqual(seeds);
    expect(next).toEqual({ ...pair, nonce: 43 });
    expect(pair.nonce).toBe(42);
    expect(publicSeedPair(pair)).toEqual({
      serverSeedHash: VECTOR.serverSeedHash,
      clientSeed: VECTOR.clientSeed,
      nonce: 42,
    });
    expect(JSON.stringify(publicSeedPair(pair))).not.toContain(VECTOR.serverSeed);
  });

  it('accepts every well-formed seed and nonce (property)', () => {
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, fc.nat(), (server, client, nonce) => {
        assertServerSeed(server);
        assertClientSeed(client);
        assertNonce(nonce);
      }),
    );
  });

  const refusal = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      return error instanceof StudioInputError ? error.field : `not a StudioInputError: ${String(error)}`;
    }
    return 'accepted';
  };

  it('refuses malformed seeds and nonces with an input error on the field', () => {
    for (const bad of ['', 'abc', VECTOR.serverSeed.toUpperCase(), `${VECTOR.serverSeed}0`, 'g'.repeat(64)]) {
      expect(
        refusal(() => assertServerSeed(bad)),
        bad,
      ).toBe('serverSeed');
    }
    for (const bad of ['', ' lead', 'trail ', 'x'.repeat(65), 'tab\there', 'new\nline', 'café', 'emoji 🐾']) {
      expect(
        refusal(() => assertClientSeed(bad)),
        bad,
      ).toBe('clientSeed');
    }
    expect(refusal(() => assertClientSeed('x'.repeat(64)))).toBe('accepted');
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53, Number.POSITIVE_INFINITY]) {
      expect(
        refusal(() => assertNonce(bad)),
        String(bad),
      ).toBe('nonce');
    }
    expect(refusal(() => assertNonce(Number.MAX_SAFE_INTEGER))).toBe('accepted');
  });
});
