import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(16 * 256);
let offset = pool.length;
let lastMs = 0;
let sequence = 0;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit sequence, then random bits. Ledger and
 * call records are keyed by these so that new rows land at the right edge of their primary-key indexes instead
 * of on a random leaf page each: far fewer pages dirtied (and written in full to the WAL after each checkpoint)
 * per bet. Within one process the ids only ever increase (RFC 9562 §6.2 method 1: the sequence counts ids in
 * the same millisecond, and a clock step back of up to a second keeps the last millisecond), so rows created one after
 * another sort in the order they were made even when they share a millisecond.
 */
export function uuidv7(now = Date.now()): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + 16);
  offset += 16;
  if (now > lastMs || now < lastMs - 1000) {
    lastMs = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    lastMs += 1;
    sequence = 0;
  }
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
