import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** Keys for the back office's secrets, each derived from SECRET for its one purpose. */
export function createStaffCrypto(secret: string) {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`paws:${purpose}`).digest();
  const totpKey = derive('staff-totp-secret');
  const tokenKey = derive('staff-session-token');
  const recoveryKey = derive('staff-recovery-code');

  return {
    /** AES-256-GCM: iv.tag.ciphertext, base64url. A TOTP secret is useless to a database reader without SECRET. */
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', totpKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    decrypt(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('Malformed sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', totpKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
    hashToken: (token: string) => createHmac('sha256', tokenKey).update(token).digest('base64url'),
    /** Recovery codes are compared without their dash and case. */
    hashRecoveryCode: (code: string) =>
      createHmac('sha256', recoveryKey).update(code.replace(/-/g, '').toUpperCase()).digest('base64url'),
  };
}
export type StaffCrypto = ReturnType<typeof createStaffCrypto>;

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** XXXXX-XXXXX from an alphabet without look-alikes (0/O, 1/I): 50 bits each. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export const newSessionToken = () => randomBytes(32).toString('base64url');
