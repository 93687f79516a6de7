import { createCipheriv, createHash } from 'node:crypto';
import { ByteStream } from '@paws/studio-engine/fair';

/**
 * A seeded, fast byte stream for long simulations: AES-256-CTR keystream, 64 KiB at a time. It
 * feeds the same `ByteStream` (and so the same integer mapping) as the HMAC stream, at a few
 * hundred times its speed, so a million blackjack shoes fit in the test budget.
 */
export function simulationRng(seed: string): ByteStream {
  const key = createHash('sha256').update(seed).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  const zeros = Buffer.alloc(65536);
  return new ByteStream(() => cipher.update(zeros));
}

/** A stream that yields the given 32-bit values (big-endian), then fails. */
export function scriptedRng(values: readonly number[]): ByteStream {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => {
    bytes.writeUInt32BE(v, i * 4);
  });
  let given = false;
  return new ByteStream(() => {
    if (given) throw new Error('scripted stream exhausted');
    given = true;
    return bytes;
  });
}

/** counts[i] += 1 (typed arrays and plain arrays alike). */
export function bump(counts: { [i: number]: number }, i: number): void {
  counts[i] = (counts[i] ?? 0) + 1;
}

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
export function chiSquareUniform(counts: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i] as number;
  const expected = total / counts.length;
  let chi = 0;
  for (let i = 0; i < counts.length; i++) chi += ((counts[i] as number) - expected) ** 2 / expected;
  return chi;
}

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
}

/**
 * A stream that makes a forward Fisher–Yates shuffle of `base` (using `draws` draws) start with
 * `wanted`, in order; the rest of the order is whatever the remaining zero draws leave.
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
