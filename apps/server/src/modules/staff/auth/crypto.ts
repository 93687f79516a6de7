import { createHmac, randomBytes } from 'node:crypto';
import { createSealer, recoveryCodeCanonical } from '../../../lib/totp.ts';

/** Keys for the back office's secrets, each derived from SECRET for its one purpose. */
export function createStaffCrypto(secret: string) {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`paws:${purpose}`).digest();
  const totpKey = derive('staff-totp-secret');
  const tokenKey = derive('staff-session-token');
  const recoveryKey = derive('staff-recovery-code');
  const sealer = createSealer(totpKey);

  return {
    /** AES-256-GCM: iv.tag.ciphertext, base64url. A TOTP secret is useless to a database reader without SECRET. */
    encrypt: sealer.seal,
    decrypt: sealer.open,
    hashToken: (token: string) => createHmac('sha256', tokenKey).update(token).digest('base64url'),
    /**
     * The keyed hash recovery codes were stored as before argon2id (lib/recovery-codes.ts): still checked
     * for the rows it made, never written any more. Compared without dash and case.
     */
    hashRecoveryCode: (code: string) =>
      createHmac('sha256', recoveryKey).update(recoveryCodeCanonical(code)).digest('base64url'),
  };
}
export type StaffCrypto = ReturnType<typeof createStaffCrypto>;

export { newRecoveryCode } from '../../../lib/totp.ts';

export const newSessionToken = () => randomBytes(32).toString('base64url');
