import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/** HMAC-SHA256 of a request body, hex: signs server-to-server calls (wallet providers, KYC webhooks). */
export function signBody(secret: string, body: string) {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return createHmac('sha256', key).update(body).digest('hex');
}

/** Checks a body's signature in constant time. */
export function verifyBody(secret: string, body: string, signature: string | undefined) {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signBody(secret, body), 'hex'), Buffer.from(signature, 'hex'));
}
