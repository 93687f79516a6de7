import type {
  AuthChannel,
  NewPasswordBody,
  ResetPasswordBody,
  ResetPasswordVerifyBody,
} from '@paws/contracts/auth';
import type { Messaging } from '../messaging/index.ts';
import {
  type AccountEvent,
  type AccountKeeping,
  addressOf,
  CODE_MINUTES,
  targetOf,
} from './account-keeping.ts';
import type { CodeKeeper } from './codes.ts';
import { hashPassword } from './crypto.ts';
import { mailTexts, smsTexts } from './messages.ts';
import type { SessionKeeper } from './sessions.ts';

/** A forgotten password: a code to the address, checked, then the new password, every session ended. */
export function createPasswordReset({
  codes,
  sessions,
  messaging,
  accounts,
  now,
}: {
  codes: CodeKeeper;
  sessions: SessionKeeper;
  messaging: Messaging;
  accounts: AccountKeeping;
  now: () => Date;
}) {
  const { updateAndTell, findUser, ownerOf } = accounts;
  return {
    /**
     * POST /auth/reset-password: the same answer, wait and stored row whether or not the account exists;
     * only an existing account is sent a code.
     */
    async requestPasswordReset(body: ResetPasswordBody): Promise<{ channel: AuthChannel }> {
      const address = addressOf(body);
      const target = targetOf(address);
      await codes.assertCanSend('reset_password', target);
      const user = await findUser(address);
      const code = await codes.issueCode('reset_password', target, user?.id ?? null);
      if (user) {
        if (address.channel === 'email') {
          const mail = mailTexts.resetCode(code, CODE_MINUTES);
          await messaging.email(address.email, mail.subject, mail.text);
        } else {
          await messaging.sms(address.phone, smsTexts.resetCode(code, CODE_MINUTES));
        }
      }
      return { channel: address.channel };
    },

    /** POST /auth/reset-password/verify: checks the code without using it up. */
    async verifyPasswordReset(body: ResetPasswordVerifyBody) {
      await codes.checkCode('reset_password', targetOf(addressOf(body)), body.otpEmail, 'otpEmail', {
        consume: false,
      });
    },

    /** POST /auth/reset-password/new-password: uses the code, sets the password, ends every session. */
    async setNewPassword(body: NewPasswordBody) {
      const address = addressOf(body);
      const row = await codes.checkCode('reset_password', targetOf(address), body.otpEmail, 'otpEmail', {
        consume: true,
      });
      const user = await ownerOf(row.userId, address, 'otpEmail');
      const at = now();
      const confirms: AccountEvent[] = [];
      if (address.channel === 'email' && !user.emailVerifiedAt)
        confirms.push({ name: 'identity.email_confirmed', payload: { userId: user.id } });
      if (address.channel === 'sms' && !user.phoneVerifiedAt)
        confirms.push({ name: 'identity.phone_confirmed', payload: { userId: user.id } });
      await updateAndTell(
        user.id,
        {
          passwordHash: await hashPassword(body.newPassword),
          // The code reached this address, which proves it is the player's.
          ...(address.channel === 'email' ? { emailVerifiedAt: user.emailVerifiedAt ?? at } : {}),
          ...(address.channel === 'sms' ? { phoneVerifiedAt: user.phoneVerifiedAt ?? at } : {}),
        },
        [...confirms, { name: 'identity.password_changed', payload: { userId: user.id } }],
      );
      await sessions.revokeAllOf(user.id);
    },
  };
}
