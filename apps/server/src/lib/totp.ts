import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * TOTP (RFC 6238, 30 s steps, six digits) and recovery codes, shared by the back office's and the players'
 * two-step sign-in: the same verification, replay rule and code shapes for both.
 */

/** One 30 s step either side of now, for clocks that drift. */
export const TOTP_TOLERANCE_SECONDS = 30;

export const newTotpSecret = () => generateSecret();

/** The key to type by hand, the otpauth URI and its QR code (PNG data URL). */
export async function totpEnrolment(issuer: string, label: string, secret: string) {
  const otpauthUri = generateURI({ issuer, label, secret });
  return { secret, otpauthUri, qrDataUrl: await QRCode.toDataURL(otpauthUri, { margin: 1 }) };
}

/**
 * The time step a six-digit code is good for at `at`, or null; never a step at or before `after` (the last
 * step accepted for the account), so that a code is good once.
 */
export async function totpStepOf(secret: string, code: string, at: Date, after: number | null) {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(after !== null ? { afterTimeStep: after } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** AES-256-GCM with a 32-byte key: iv.tag.ciphertext, base64url. A sealed secret is useless without the key. */
export function createSealer(key: Buffer) {
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('Malformed sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** XXXXX-XXXXX from an alphabet without look-alikes (0/O, 1/I): 50 bits each. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Recovery codes are compared without their dash and case. */
export const recoveryCodeCanonical = (code: string) => code.replace(/-/g, '').toUpperCase();
