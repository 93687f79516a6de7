import { authMessages, authServerMessages, normalizePhone } from '@paws/contracts/auth';
import type { DomainEventName, DomainEventPayload } from '@paws/contracts/events';
import type { Env } from '../../config/env.ts';
import { recordEvent } from '../../core/events/record.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { CODE_TTL_SECONDS } from './codes.ts';
import type { IdentityRepository, NewUser } from './repository.ts';
import type { UserRow } from './schema.ts';

export const CODE_MINUTES = CODE_TTL_SECONDS / 60;

/** The account events identity publishes (see packages/contracts/src/events.ts). */
export type AccountEvent = {
  [N in Extract<DomainEventName, `identity.${string}`>]: { name: N; payload: DomainEventPayload<N> };
}[Extract<DomainEventName, `identity.${string}`>];

/** An e-mail or phone as the client sent it, in its stored form. */
export type Address = { channel: 'email'; email: string } | { channel: 'sms'; phone: string };
export const addressOf = (body: { email?: string; phone?: string }): Address =>
  body.email !== undefined
    ? { channel: 'email', email: body.email }
    : { channel: 'sms', phone: normalizePhone(body.phone ?? '') };
export const targetOf = (address: Address) => (address.channel === 'email' ? address.email : address.phone);

/**
 * What the account's use cases (sign-up and sign-in, passwords, profile edits) share: finding the account
 * by address, changing it with its events, the links they e-mail and the owner of a code or link.
 */
export function createAccountKeeping({
  db,
  env,
  repo,
  settle,
}: {
  db: Db;
  env: Env;
  repo: IdentityRepository;
  /** Returns once every process has heard a committed change of an account (core/changes.ts). */
  settle: () => Promise<void>;
}) {
  const origins = new Set([new URL(env.LANDING_URL).origin, new URL(env.PLATFORM_URL).origin]);

  /**
   * Updates the account and records its events in one transaction: told only if the change commits; answers
   * once every process has heard it.
   */
  async function updateAndTell(userId: string, values: Partial<NewUser>, events: AccountEvent[]) {
    await db.transaction(async (tx) => {
      await repo.updateUser(userId, values, tx);
      for (const event of events) await recordEvent(tx, event.name, event.payload);
    });
    await settle();
  }

  const findUser = (address: Address) =>
    address.channel === 'email' ? repo.userByEmail(address.email) : repo.userByPhone(address.phone);

  /** The e-mailed link: the client's callback page on one of our two origins, with the token. */
  function linkFrom(callbackUrl: string | undefined, token: string, path?: string) {
    if (!callbackUrl) throw badRequest(authMessages.callbackUrlRequired, 'callbackUrl');
    const url = URL.canParse(callbackUrl) ? new URL(callbackUrl) : undefined;
    if (!url || !origins.has(url.origin)) throw badRequest(authMessages.callbackUrlInvalid, 'callbackUrl');
    if (path) url.pathname = path;
    url.searchParams.set('token', token);
    return url.toString();
  }
  function assertCallbackUrl(callbackUrl: string | undefined) {
    linkFrom(callbackUrl, '');
  }

  const isVerified = (user: UserRow, address: Address) =>
    address.channel === 'email' ? user.emailVerifiedAt !== null : user.phoneVerifiedAt !== null;

  /** The user a verified code or link was for, if the address it went to is still theirs. */
  async function ownerOf(userId: string, address: Address, field: string) {
    const user = await repo.userById(userId);
    const current = user && (address.channel === 'email' ? user.email : user.phone);
    if (!user || current !== targetOf(address)) {
      throw badRequest(
        field === 'token' ? authServerMessages.invalidLink : authServerMessages.wrongCode,
        field,
      );
    }
    return user;
  }

  return { updateAndTell, findUser, linkFrom, assertCallbackUrl, isVerified, ownerOf };
}

export type AccountKeeping = ReturnType<typeof createAccountKeeping>;
