import fc from 'fast-check';
import { ByteStream, type Rng } from '../src/fair.ts';

/**
 * Test helpers without Node built-ins (the package's tsconfig loads no Node types, tests included).
 */

/** A stream that yields exactly the given 32-bit values (big-endian chunks), then fails. */
export function scriptedRng(values: readonly number[]): ByteStream {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => {
    view.setUint32(i * 4, v);
  });
  let given = false;
  return new ByteStream(() => {
    if (given) throw new Error('scripted stream exhausted');
    given = true;
    return bytes;
  });
}

/**
 * A stream that makes a forward Fisher–Yates shuffle of `base` (with `draws` draws) start with
 * `wanted`, in order. Draw i of a shuffle of n items is int(n − i), and a value below any n maps to
 * itself, so each draw is scripted as the distance to the wanted item.
 */
export function riggedShuffle<T>(base: readonly T[], wanted: readonly T[], draws: number): ByteStream {
  const items = base.slice();
  const values: number[] = [];
  for (let i = 0; i < draws; i++) {
    let j = i;
    if (i < wanted.length) {
      j = items.indexOf(wanted[i] as T, i);
      if (j < 0) throw new Error(`nothing left to put at ${i}`);
    }
    values.push(j - i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return scriptedRng(values);
}

/**
 * A seeded, fast source of integers for simulations (xoshiro128**). It maps a 32-bit word u to
 * ⌊u·n / 2^32⌋ without rejection: a bias below n / 2^32 (under 10^-7 for any n a game draws),
 * far below what any simulation here can see, at a third of the cost of a byte stream. The fair
 * stream's exact mapping is tested on its own (fair.test.ts).
 */
export function simulationRng(seed: number): Rng {
  // splitmix32 expands the seed into the four state words.
  let z = seed >>> 0;
  const splitmix = () => {
    z = (z + 0x9e3779b9) >>> 0;
    let t = z;
    t = Math.imul(t ^ (t >>> 16), 0x85ebca6b);
    t = Math.imul(t ^ (t >>> 13), 0xc2b2ae35);
    return (t ^ (t >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  return {
    int(n: number): number {
      const m = Math.imul(b, 5);
      const word = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
      return Math.floor((word / 4294967296) * n);
    },
  };
}

/** n choose k as an exact big integer. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** A big-integer ratio as a float with ~15 significant digits. */
export const ratio = (num: bigint, den: bigint): number => Number((num * 10n ** 18n) / den) / 1e18;

/* Arbitraries */

export const serverSeedArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(''));

/** 1–64 printable ASCII characters, no space at either end (what the contract accepts). */
export const clientSeedArb = fc
  .string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    minLength: 1,
    maxLength: 64,
  })
  .filter((s) => s.trim() === s);

export const nonceArb = fc.nat({ max: 1_000_000 });

export const seedsArb = fc.record({ serverSeed: serverSeedArb, clientSeed: clientSeedArb, nonce: nonceArb });

/** A stake in cents, as the contract allows it (up to $10,000). */
export const stakeArb = fc.integer({ min: 1, max: 1_000_000 });
