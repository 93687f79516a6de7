import { randomBytes } from 'node:crypto';
import { authServerMessages, normalizePhone } from '@paws/contracts/auth';
import {
  AVATAR_MAX_BYTES,
  type AvatarResponse,
  type ProfileEditField,
  type ProfileEditResponse,
  profileFieldSchemas,
  profileMessages,
} from '@paws/contracts/profile';
import { badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import type { Storage } from '../../plugins/storage.ts';
import type { Messaging } from '../messaging/index.ts';
import { type AccountKeeping, CODE_MINUTES } from './account-keeping.ts';
import { renderAvatar, sniffImageType } from './avatar.ts';
import type { CodeKeeper } from './codes.ts';
import { mailTexts, smsTexts } from './messages.ts';
import { type IdentityRepository, uniqueViolation } from './repository.ts';
import type { UserRow } from './schema.ts';

/** The player's own edits: username, phone, e-mail (confirmed by a link), avatar. */
export function createProfileEdits({
  repo,
  codes,
  storage,
  messaging,
  accounts,
  now,
}: {
  repo: IdentityRepository;
  codes: CodeKeeper;
  storage: Storage;
  messaging: Messaging;
  accounts: AccountKeeping;
  now: () => Date;
}) {
  const { updateAndTell, linkFrom, assertCallbackUrl, ownerOf } = accounts;

  function parseField(field: ProfileEditField, value: string) {
    const result = profileFieldSchemas[field].safeParse(value);
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid value', 'value');
    return result.data;
  }

  async function removeFiles(user: UserRow) {
    for (const key of [user.avatarFull, user.avatarSmall]) if (key) await storage.delete(key);
  }

  return {
    /** POST /profile/edit/{field} */
    async editProfile(
      userId: string,
      field: ProfileEditField,
      rawValue: string,
      callbackUrl: string | undefined,
    ): Promise<ProfileEditResponse> {
      const value = parseField(field, rawValue);
      const user = await repo.userById(userId);
      if (!user) throw unauthorized();
      try {
        if (field === 'username') {
          const holder = await repo.userByUsername(value);
          if (holder && holder.id !== user.id) throw conflict(profileMessages.usernameTaken, 'value');
          await updateAndTell(user.id, { username: value }, [
            { name: 'identity.username_set', payload: { userId: user.id, username: value } },
          ]);
          return { message: profileMessages.usernameUpdated };
        }
        if (field === 'phone') {
          const phone = normalizePhone(value);
          if (phone === user.phone && user.phoneVerifiedAt) return { message: profileMessages.phoneUpdated };
          if (phone !== user.phone && (await repo.userByPhone(phone)))
            throw conflict(authServerMessages.phoneTaken, 'value');
          // Issue 31: the account keeps its phone (and signs in with it) until the code sent to the new
          // one is entered (POST /profile/verify-phone), so a typo or a borrowed session changes nothing.
          await codes.assertCanSend('phone_change', phone);
          const code = await codes.issueCode('phone_change', phone, user.id);
          await messaging.sms(phone, smsTexts.phoneChangeCode(code, CODE_MINUTES));
          return { message: profileMessages.phoneCodeSent(phone), codeSentTo: phone };
        }
        assertCallbackUrl(callbackUrl);
        const unchanged = value === user.email;
        // Sending the same address again only makes sense to get a new link for it.
        if (unchanged && user.emailVerifiedAt) throw badRequest(profileMessages.sameEmail, 'value');
        if (!unchanged && (await repo.userByEmail(value)))
          throw conflict(authServerMessages.emailTaken, 'value');
        await codes.assertCanSend('email_change', value);
        if (!unchanged) await repo.updateUser(user.id, { email: value, emailVerifiedAt: null });
        const token = await codes.issueLink('email_change', value, user.id);
        const mail = mailTexts.emailChangeLink(linkFrom(callbackUrl, token), CODE_MINUTES);
        await messaging.email(value, mail.subject, mail.text);
        if (!unchanged && user.email && user.emailVerifiedAt) {
          const notice = mailTexts.emailChangedNotice(value);
          await messaging.email(user.email, notice.subject, notice.text);
        }
        return { message: profileMessages.emailUpdated };
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === undefined) throw error;
        const message =
          field === 'username'
            ? profileMessages.usernameTaken
            : field === 'phone'
              ? authServerMessages.phoneTaken
              : authServerMessages.emailTaken;
        throw conflict(message, 'value');
      }
    },

    /** POST /profile/verify-email: the link sent to a new address confirms it. */
    async verifyEmailChange(token: string): Promise<{ message: string }> {
      const row = await codes.takeLink('email_change', token);
      const user = await ownerOf(row.userId, { channel: 'email', email: row.target }, 'token');
      await updateAndTell(user.id, { emailVerifiedAt: now() }, [
        { name: 'identity.email_confirmed', payload: { userId: user.id } },
      ]);
      return { message: profileMessages.emailVerified };
    },

    /**
     * POST /profile/verify-phone: the code sent to the new phone moves it onto the account, verified, and the
     * old number is told. A code issued to another player for the same number is refused without using a try.
     */
    async verifyPhoneChange(
      userId: string,
      rawPhone: string,
      otpPhone: string,
    ): Promise<{ message: string }> {
      const phone = normalizePhone(rawPhone);
      const user = await repo.userById(userId);
      if (!user) throw unauthorized();
      const pending = await repo.latestCode('phone_change', phone);
      if (pending?.userId !== user.id) throw badRequest(authServerMessages.wrongCode, 'otpPhone');
      const row = await codes.checkCode('phone_change', phone, otpPhone, 'otpPhone', { consume: true });
      if (row.userId !== user.id) throw badRequest(authServerMessages.wrongCode, 'otpPhone');
      const holder = await repo.userByPhone(phone);
      if (holder && holder.id !== user.id) throw conflict(authServerMessages.phoneTaken, 'value');
      try {
        await updateAndTell(user.id, { phone, phoneVerifiedAt: now() }, [
          { name: 'identity.phone_confirmed', payload: { userId: user.id } },
        ]);
      } catch (error) {
        if (uniqueViolation(error) === undefined) throw error;
        throw conflict(authServerMessages.phoneTaken, 'value');
      }
      if (user.phone && user.phone !== phone) {
        await messaging.sms(user.phone, smsTexts.phoneChangedNotice(phone));
      }
      return { message: profileMessages.phoneVerified };
    },

    /** POST /profile/avatar: `data` is the upload, `truncated` when it went past the multipart limit. */
    async setAvatar(userId: string, data: Buffer | undefined, truncated: boolean): Promise<AvatarResponse> {
      const type = data && sniffImageType(data);
      if (!data || !type) throw badRequest(profileMessages.avatarType, 'avatar');
      if (truncated || data.length > AVATAR_MAX_BYTES) throw badRequest(profileMessages.avatarSize, 'avatar');
      const user = await repo.userById(userId);
      if (!user) throw unauthorized();
      let images: Awaited<ReturnType<typeof renderAvatar>>;
      try {
        images = await renderAvatar(data, type);
      } catch {
        throw badRequest(profileMessages.avatarType, 'avatar');
      }
      const base = `avatars/${user.id}/${randomBytes(12).toString('base64url')}`;
      const fullKey = `${base}-full.${images.extension}`;
      const smallKey = `${base}-small.${images.extension}`;
      await storage.put(fullKey, images.full);
      await storage.put(smallKey, images.small);
      await repo.updateUser(user.id, { avatarFull: fullKey, avatarSmall: smallKey });
      await removeFiles(user);
      return { linkFull: storage.url(fullKey), linkMinified: storage.url(smallKey) };
    },

    /** DELETE /profile/avatar */
    async deleteAvatar(userId: string) {
      const user = await repo.userById(userId);
      if (!user) throw unauthorized();
      await repo.updateUser(user.id, { avatarFull: null, avatarSmall: null });
      await removeFiles(user);
    },
  };
}
