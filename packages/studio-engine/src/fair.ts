/**
 * Provably fair core, the scheme players know from the big crypto casinos (Stake and others), in
 * plain TypeScript that runs the same in the server and in any browser (no Node built-ins), so a
 * player can recompute a round without trusting us:
 *
 * - server seed: 32 random bytes as 64 lowercase hex characters, kept secret while in use; its
 *   SHA-256 (of the hex string as UTF-8, as those casinos hash it) is shown before the first bet
 *   it covers. Generating seeds is the server's job (apps/server, modules/studio);
 * - client seed: chosen by the player (1–64 printable ASCII characters), changeable at any time;
 * - nonce: 0 for the first round of a seed pair, +1 for every round after;
 * - outcome bytes: HMAC-SHA256(key = server seed string, message = `${clientSeed}:${nonce}:${cursor}`),
 *   32 bytes per cursor value; cursor 0, 1, 2, … when a round needs more than 32 bytes;
 * - integers: a 4-byte big-endian chunk u is accepted only when u < 2^32 − (2^32 mod n) and then
 *   mapped to u mod n, so every value of [0, n) has exactly the same number of accepted chunks
 *   (rejection sampling, no modulo bias; a rejection costs the next chunk and happens with
 *   probability below n / 2^32). The casinos' float method (the same 4 bytes as a fraction of
 *   2^32, times n, floored) favours some values by one part in ⌊2^32 / n⌋: negligible, but exact
 *   costs nothing more;
 * - shuffles: forward Fisher–Yates from those integers; dealing k cards uses only k draws and gives
 *   exactly the first k cards the full shuffle would give (`partialShuffle`);
 * - rotation reveals the old server seed (anyone can check its hash against the one shown) and
 *   commits to a new one. Changing the client seed always rotates: with a secret seed kept, a player
 *   could return to an old client seed and replay known outcomes.
 *
 * Everything here is synchronous: the server draws inside a database transaction and the pages
 * recompute on a click. docs/verify.md shows the same derivation in a dozen lines.
 */

import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { clientSeedSchema, serverSeedSchema } from '@paws/contracts/studio';
import { StudioInputError } from './errors.ts';

const HMAC_BYTES = 32;
const TWO_POW_32 = 2 ** 32;

export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** A seed pair in use: everything but `serverSeed` may be shown to the player. */
export interface SeedPair extends RoundSeeds {
  serverSeedHash: string;
}

/** SHA-256 of the server seed string (UTF-8), as lowercase hex: the commitment shown before play. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

export function assertClientSeed(clientSeed: string): void {
  const parsed = clientSeedSchema.safeParse(clientSeed);
  if (!parsed.success)
    throw new StudioInputError(parsed.error.issues[0]?.message ?? 'Invalid client seed', 'clientSeed');
}

export function assertServerSeed(serverSeed: string): void {
  const parsed = serverSeedSchema.safeParse(serverSeed);
  if (!parsed.success)
    throw new StudioInputError(parsed.error.issues[0]?.message ?? 'Invalid server seed', 'serverSeed');
}

export function assertNonce(nonce: number): void {
  if (!Number.isSafeInteger(nonce) || nonce < 0)
    throw new StudioInputError('Nonce must be a whole number ≥ 0', 'nonce');
}

export function publicSeedPair(pair: SeedPair): {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
} {
  return { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nonce: pair.nonce };
}

/** The seeds of the next round and the pair to store after it (nonce + 1). */
export function takeRound(pair: SeedPair): { round: RoundSeeds; next: SeedPair } {
  return {
    round: { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce },
    next: { ...pair, nonce: pair.nonce + 1 },
  };
}

/** The 32 outcome bytes of one cursor value: HMAC-SHA256(serverSeed, `clientSeed:nonce:cursor`). */
export function hmacBlock(serverSeed: string, clientSeed: string, nonce: number, cursor: number): Uint8Array {
  return hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(`${clientSeed}:${nonce}:${cursor}`));
}

/**
 * The blocks of one round, cursor after cursor. The key's inner and outer pads are hashed once per
 * round and cloned per block: long shuffles read many blocks of the same key.
 */
function roundBlocks(seeds: RoundSeeds, firstCursor: number): () => Uint8Array {
  const keyed = hmac.create(sha256, utf8ToBytes(seeds.serverSeed));
  const prefix = `${seeds.clientSeed}:${seeds.nonce}:`;
  let cursor = firstCursor;
  return () =>
    keyed
      .clone()
      .update(utf8ToBytes(`${prefix}${cursor++}`))
      .digest();
}

/** The outcome bytes one at a time from byte offset `start`, exactly as the crypto casinos publish it. */
export function* byteGenerator(seeds: RoundSeeds, start = 0): Generator<number, never> {
  const cursor = Math.floor(start / HMAC_BYTES);
  let offset = start - cursor * HMAC_BYTES;
  const next = roundBlocks(seeds, cursor);
  for (;;) {
    const block = next();
    for (; offset < HMAC_BYTES; offset++) yield block[offset] as number;
    offset = 0;
  }
}

/** The randomness a game draws on: uniform integers in [0, n). */
export interface Rng {
  int(n: number): number;
}

/**
 * Integers from a byte stream (see the file comment for the mapping). The blocks may have any
 * length: 32-byte HMAC outputs for play and verification, larger ones for fast simulations.
 */
export class ByteStream implements Rng {
  #block: Uint8Array = new Uint8Array(0);
  #offset = 0;
  #used = 0;
  readonly #nextBlock: () => Uint8Array;

  constructor(nextBlock: () => Uint8Array) {
    this.#nextBlock = nextBlock;
  }

  /** Bytes consumed so far. */
  get bytesUsed(): number {
    return this.#used;
  }

  byte(): number {
    if (this.#offset === this.#block.length) {
      this.#block = this.#nextBlock();
      this.#offset = 0;
    }
    this.#used++;
    return this.#block[this.#offset++] as number;
  }

  /** Four bytes, big-endian: b0·2^24 + b1·2^16 + b2·2^8 + b3. */
  uint32(): number {
    const block = this.#block;
    const o = this.#offset;
    if (o + 4 > block.length) {
      return this.byte() * 0x1000000 + ((this.byte() << 16) | (this.byte() << 8) | this.byte());
    }
    this.#offset = o + 4;
    this.#used += 4;
    // Shuffling a shoe reads hundreds of chunks per round: one bounds check here, not four.
    return (
      (block[o] as number) * 0x1000000 +
      (((block[o + 1] as number) << 16) | ((block[o + 2] as number) << 8) | (block[o + 3] as number))
    );
  }

  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32)
      throw new RangeError(`int(n) needs 1 ≤ n ≤ 2^32, got ${n}`);
    // Floor division instead of %: these operands exceed int32, where % is a slow floating-point fmod.
    const limit = Math.floor(TWO_POW_32 / n) * n;
    for (;;) {
      const u = this.uint32();
      if (u < limit) return u - Math.floor(u / n) * n;
    }
  }
}

/** The round's outcome stream. `start` skips to a byte offset (e.g. to resume a multi-step round). */
export function fairStream(seeds: RoundSeeds, start = 0): ByteStream {
  const cursor = Math.floor(start / HMAC_BYTES);
  const skip = start - cursor * HMAC_BYTES;
  const next = roundBlocks(seeds, cursor);
  let first = true;
  const stream = new ByteStream(() => {
    const block = next();
    if (first) {
      first = false;
      return block.subarray(skip);
    }
    return block;
  });
  return stream;
}

/** Uniform random permutation (forward Fisher–Yates); the input is not changed. */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  return partialShuffle(rng, items, items.length);
}

/**
 * The first `count` items of the permutation `shuffle` would produce from the same stream, using
 * only `count` draws: a round that deals six cards from eight decks need not shuffle all 416.
 */
export function partialShuffle<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const a = items.slice();
  const n = a.length;
  const stop = Math.min(count, n - 1);
  for (let i = 0; i < stop; i++) {
    const j = i + rng.int(n - i);
    const t = a[i] as T;
    a[i] = a[j] as T;
    a[j] = t;
  }
  return count >= n ? a : a.slice(0, count);
}
