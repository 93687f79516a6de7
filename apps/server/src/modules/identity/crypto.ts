import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { compactVerify, jwtVerify, SignJWT } from 'jose';
import { BoundedMap } from '../../lib/bounded-map.ts';

// OWASP's argon2id baseline (argon2id is the library's default): 19 MiB, 2 passes, 1 lane.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

let dummyHash: Promise<string> | undefined;
/** Checks a password; with no account it still spends one hash so timing does not tell accounts apart. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  try {
    return await verify(passwordHash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}

export const randomToken = () => randomBytes(32).toString('base64url');
export const randomCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Verified access tokens remembered per process (about 300 bytes each). */
const VERIFIED_TOKENS = 20_000;

/** Keyed hashes and signed tokens, all derived from the one SECRET. */
export function createSecrets(secret: string) {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  const hashKey = derive('identity/hash');
  const accessKey = new Uint8Array(derive('identity/access-token'));
  // Tokens whose signature has been checked, with their expiry: a player's every call carries the same
  // token, and checking its signature again cost about a tenth of a signed-in read's CPU.
  const verified = new BoundedMap<string, AccessClaims & { expiresAt: number }>(VERIFIED_TOKENS);

  return {
    /** HMAC-SHA256 of a token or code: useless without the secret, so a database leak reveals nothing. */
    hash(value: string) {
      return createHmac('sha256', hashKey).update(value).digest('hex');
    },
    equalHashes(a: string, b: string) {
      const left = Buffer.from(a, 'hex');
      const right = Buffer.from(b, 'hex');
      return left.length === right.length && timingSafeEqual(left, right);
    },
    signAccessToken(claims: AccessClaims, now: Date, ttlSeconds: number) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(accessKey);
    },
    /** The claims of a valid, unexpired access token, else undefined. */
    async verifyAccessToken(token: string, now: Date): Promise<AccessClaims | undefined> {
      const known = verified.get(token);
      if (known) {
        return now.getTime() < known.expiresAt
          ? { userId: known.userId, sessionId: known.sessionId }
          : undefined;
      }
      try {
        const { payload } = await jwtVerify(token, accessKey, { algorithms: ['HS256'], currentDate: now });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
        const claims = { userId: payload.sub, sessionId: payload.sid };
        if (typeof payload.exp === 'number')
          verified.set(token, { ...claims, expiresAt: payload.exp * 1000 });
        return claims;
      } catch {
        return undefined;
      }
    },
    /** The claims of a token we signed, expired or not (logout with only an old access token). */
    async readAccessToken(token: string): Promise<AccessClaims | undefined> {
      try {
        const { payload } = await compactVerify(token, accessKey, { algorithms: ['HS256'] });
        const claims = JSON.parse(new TextDecoder().decode(payload)) as { sub?: unknown; sid?: unknown };
        return typeof claims.sub === 'string' && typeof claims.sid === 'string'
          ? { userId: claims.sub, sessionId: claims.sid }
          : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
export type Secrets = ReturnType<typeof createSecrets>;
