import { timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { recoveryCodeCanonical } from './totp.ts';

/**
 * Recovery-code storage for players and staff (ASVS 5.0 V6.5.2): a recovery code has 50 bits, below the
 * 112 bits under which a lookup secret must be stored with a password hash and a salt. Each code is stored
 * as argon2id (OWASP's baseline, the password parameters: 19 MiB, 2 passes, 1 lane) with its own random
 * 16-byte salt, so a database thief must brute-force every code on its own, slowly. A code tried is checked
 * against the account's unused codes (ten at most). Codes stored before this change are keyed HMACs: they
 * keep working, checked by the old keyed hash, until used or replaced by new codes.
 */
export const RECOVERY_CODE_ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const ARGON2_PREFIX = '$argon2id$';
/** Ten characters of the recovery alphabet (no 0, O, 1, I) once dashes and case are dropped. */
const RECOVERY_SHAPE = /^[A-HJ-NP-Z2-9]{10}$/;

/** Whether a code has a recovery code's shape: anything else is wrong without spending a hash. */
export const looksLikeRecoveryCode = (code: string) => RECOVERY_SHAPE.test(recoveryCodeCanonical(code));

/** A new code's stored form: argon2id of its canonical text with a random salt (PHC string). */
export const hashRecoveryCode = (code: string) => hash(recoveryCodeCanonical(code), RECOVERY_CODE_ARGON2);

/** Whether a stored form is the old keyed hash (kept working until used or replaced). */
export const isLegacyRecoveryHash = (stored: string) => !stored.startsWith(ARGON2_PREFIX);

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The id of the unused code `code` matches among `rows` (the account's unused codes), or undefined. Each
 * row is checked by its own scheme: argon2id, or the old keyed hash (`legacyHash`) for a row stored before.
 * The argon2 checks run on libuv's pool side by side; they cost CPU for each row (see docs/decisions.md).
 */
export async function matchRecoveryCode(
  rows: readonly { id: string; codeHash: string }[],
  code: string,
  legacyHash: (code: string) => string,
): Promise<string | undefined> {
  if (!looksLikeRecoveryCode(code) || rows.length === 0) return undefined;
  const canonical = recoveryCodeCanonical(code);
  const legacy = rows.some((row) => isLegacyRecoveryHash(row.codeHash)) ? legacyHash(code) : '';
  const matches = await Promise.all(
    rows.map((row) =>
      isLegacyRecoveryHash(row.codeHash)
        ? sameText(row.codeHash, legacy)
        : verify(row.codeHash, canonical).catch(() => false),
    ),
  );
  return rows[matches.indexOf(true)]?.id;
}
