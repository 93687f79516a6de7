import { z } from 'zod';
import { ticketStatuses } from './tickets.ts';
import { verificationResults } from './verification.ts';
import { currencyCodeSchema } from './wallet.ts';

/**
 * The domain events modules publish to each other: event name → payload. A module records its events in
 * the same database transaction as the change (the outbox); subscribers in any process receive them after
 * commit, at least once, and each subscriber's inbox makes each effect happen once. Amounts are integer
 * minor units; times are ISO strings.
 */
const uuid = z.string().uuid();

export const ledgerKinds = [
  'DEPOSIT',
  'WITHDRAW',
  'WITHDRAW_SETTLE',
  'WITHDRAW_RELEASE',
  'BET',
  'WIN',
  'ROLLBACK',
  'BONUS',
  'ADJUSTMENT',
] as const;

export const domainEventSchemas = {
  /** A committed change of a player's balance (never a replay). */
  'wallet.moved': z.object({
    kind: z.enum(ledgerKinds),
    userId: uuid,
    currency: currencyCodeSchema,
    /** Signed change of the player's balance. */
    amount: z.number().int(),
    balance: z.number().int(),
    ledgerTransactionId: uuid,
    at: z.string(),
    /**
     * ROLLBACK only: when the refunded bet was placed (the period its stake counted in). Absent in events
     * recorded before it was added.
     */
    refundedBetAt: z.string().optional(),
    game: z
      .object({
        providerCode: z.string(),
        gameCode: z.string().nullable(),
        roundId: z.string(),
        /**
         * A WIN of a round played in one call (a single-step game of the in-process studio): the round's stake,
         * minor units, so that a subscriber can judge the win without reading its bet. Absent otherwise.
         */
        stake: z.number().int().optional(),
      })
      .optional(),
    /** Why staff moved the money (an adjustment's note): the player is told it. */
    reason: z.string().optional(),
  }),
  /** A payment's outcome: a deposit credited, a withdrawal accepted (PENDING), paid out or declined. */
  'payments.result': z.object({
    paymentId: uuid,
    userId: uuid,
    type: z.enum(['DEPOSIT', 'WITHDRAW']),
    status: z.enum(['PENDING', 'COMPLETED', 'DECLINED']),
    amount: z.number().int(),
    currency: currencyCodeSchema,
    /** Why staff declined a withdrawal (told to the player); absent for the provider's outcomes. */
    reason: z.string().optional(),
  }),
  'identity.signed_in': z.object({
    userId: uuid,
    /** First sign-in from this browser: the player is told about it. */
    newDevice: z.boolean(),
    userAgent: z.string().optional(),
  }),
  'identity.password_changed': z.object({ userId: uuid }),
  /** The player ended sessions (sign-ins) from their list: each one's sockets are dropped at once. */
  'identity.sessions_ended': z.object({ userId: uuid, sessionIds: z.array(uuid) }),
  /** Staff turned a sign-in factor of the player off (an approved four-eyes request): the player is told. */
  'identity.factor_removed': z.object({ userId: uuid, factor: z.enum(['totp']), requestId: uuid }),
  /** A passkey of the player was blocked as a possible copy (its counter did not go up): the player is told. */
  'identity.passkey_blocked': z.object({ userId: uuid, passkeyId: uuid, name: z.string() }),
  'identity.email_confirmed': z.object({ userId: uuid }),
  'identity.phone_confirmed': z.object({ userId: uuid }),
  'identity.username_set': z.object({ userId: uuid, username: z.string() }),
  /** Staff banned the account (a ban in force replaced); endsAt null: permanent. ISO 8601 times. */
  'identity.banned': z.object({
    userId: uuid,
    banId: uuid,
    reason: z.string(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
  }),
  /**
   * The player took a time-out or excluded themselves (responsible gaming): signed out everywhere, no play,
   * deposits or advertising until endsAt (null: until they ask to return, from returnAllowedAt, and 24 hours).
   */
  'identity.self_restricted': z.object({
    userId: uuid,
    banId: uuid,
    kind: z.enum(['TIME_OUT', 'SELF_EXCLUSION']),
    endsAt: z.string().nullable(),
    returnAllowedAt: z.string().nullable(),
  }),
  /** Staff lifted the account's ban (the bans lifted). A ban that simply ends publishes nothing. */
  'identity.unbanned': z.object({ userId: uuid, banIds: z.array(uuid) }),
  /**
   * A player's limit changed, or a raise or removal was asked for (pending until effectiveAt). Amounts minor units;
   * minutes for the daily play-time limit (PLAY_TIME, period DAY).
   */
  'responsible-gaming.limit_changed': z.object({
    userId: uuid,
    kind: z.enum(['DEPOSIT', 'LOSS', 'WAGER', 'PLAY_TIME']),
    period: z.enum(['DAY', 'WEEK', 'MONTH']),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    effectiveAt: z.string(),
  }),
  'bonuses.credited': z.object({
    userId: uuid,
    ruleName: z.string(),
    /** The name's translation key and parameters (contracts bonusNames); absent for a typed name. */
    ruleKey: z.string().nullable().optional(),
    ruleParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    amount: z.number().int(),
    currency: currencyCodeSchema,
  }),
  'kyc.verification_result': z.object({
    userId: uuid,
    result: z.enum(verificationResults),
    /** Why staff decided so (the back office's verification queue), told to the player. */
    reason: z.string().optional(),
  }),
  /**
   * Support answered a player's ticket: a staff reply and/or a status change made by staff or the scheduler
   * (the auto-close). `reply` is the reply's opening words (absent for a status change alone), `status` the
   * status it moved to. `messageId` is the first message it wrote. Visitors' tickets (no account) record tickets.guest_replied.
   */
  'tickets.replied': z.object({
    ticketId: uuid,
    userId: uuid,
    messageId: uuid,
    reply: z.string().optional(),
    status: z.enum(ticketStatuses).optional(),
  }),
  /**
   * Support answered a visitor's ticket (no account: it has an e-mail address, no userId), as for
   * tickets.replied: a staff reply and/or a status change by staff or the scheduler. The tickets module
   * e-mails the visitor from it, with a private link of the ticket's current link generation. The address
   * is not carried: the subscriber reads the ticket.
   */
  'tickets.guest_replied': z.object({
    ticketId: uuid,
    messageId: uuid,
    reply: z.string().optional(),
    status: z.enum(ticketStatuses).optional(),
  }),
} as const;

export type DomainEventName = keyof typeof domainEventSchemas;
export const domainEventNames = Object.keys(domainEventSchemas) as DomainEventName[];
export type DomainEventPayload<N extends DomainEventName> = z.infer<(typeof domainEventSchemas)[N]>;

/** An event as delivered: its outbox id (a UUIDv7, so ids sort by time), name, payload and commit time. */
export type DomainEvent<N extends DomainEventName = DomainEventName> = {
  [K in N]: { id: string; name: K; payload: DomainEventPayload<K>; createdAt: string };
}[N];
