import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { compactVerify, jwtVerify, SignJWT } from 'jose';

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

/** Keyed hashes and signed tokens, all derived from the one SECRET. */
export function createSecrets(secret: string) {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  const hashKey = derive('identity/hash');
  const accessKey = new Uint8Array(derive('identity/access-token'));

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
      try {
        const { payload } = await jwtVerify(token, accessKey, { algorithms: ['HS256'], currentDate: now });
        return typeof payload.sub === 'string' && typeof payload.sid === 'string'
          ? { userId: payload.sub, sessionId: payload.sid }
          : undefined;
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
