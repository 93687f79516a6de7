import type { DomainEventPayload } from '@paws/contracts/events';
import {
  isNotableWin,
  NOTIFICATIONS_NAMESPACE,
  type NotificationCategory,
  notificationMessage,
} from '@paws/contracts/notifications';
import { ticketNotice } from '@paws/contracts/notifications-messages';
import { ticketStatusLabels } from '@paws/contracts/tickets';
import { currencies, formatMoney } from '@paws/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type { SubscribedEvent } from '../manifest.ts';
import { playerRoom } from './service.ts';

type Notice = ReturnType<typeof notificationMessage>;

/** A payment's outcome, as a message key with its parameters. */
export function paymentMessage(result: DomainEventPayload<'payments.result'>): Notice {
  const amount = formatMoney(result.amount, result.currency);
  if (result.type === 'DEPOSIT') return notificationMessage('payment.deposit', { amount });
  switch (result.status) {
    case 'PENDING':
      return notificationMessage('payment.withdrawPending', { amount });
    case 'COMPLETED':
      return notificationMessage('payment.withdrawPaid', { amount });
    case 'DECLINED':
      // The reviewer's reason is shown as they wrote it.
      return result.reason
        ? notificationMessage('payment.withdrawDeclinedReason', { amount, reason: result.reason })
        : notificationMessage('payment.withdrawDeclined', { amount });
  }
}

/** A staff adjustment of the balance, with the reason staff gave. */
export function adjustmentMessage(movement: DomainEventPayload<'wallet.moved'>): Notice {
  const amount = formatMoney(Math.abs(movement.amount), movement.currency);
  const reason = movement.reason ?? '';
  return movement.amount > 0
    ? notificationMessage('wallet.adjustmentCredit', { amount, reason })
    : notificationMessage('wallet.adjustmentDebit', { amount, reason });
}

/** A verification result (with the reviewer's reason when staff decided). */
export function verificationMessage(result: DomainEventPayload<'kyc.verification_result'>): Notice {
  if (result.result === 'APPROVED') return notificationMessage('verification.approved');
  return result.reason
    ? notificationMessage('verification.declinedReason', { reason: result.reason })
    : notificationMessage('verification.declined');
}

/** Stakes of rounds (`provider|round|user`), read for a whole batch of wins at once. */
type RoundStakes = Map<string, number>;
const roundOf = (movement: DomainEventPayload<'wallet.moved'>) =>
  movement.game && currencies[movement.currency].real && movement.amount > 0
    ? { providerCode: movement.game.providerCode, roundId: movement.game.roundId, userId: movement.userId }
    : undefined;
const stakeKey = (round: { providerCode: string; roundId: string; userId: string }) =>
  `${round.providerCode}|${round.roundId}|${round.userId}`;

/** The stakes of the rounds the batch's wins pay and do not carry: one read for all. */
function roundStakesOf(app: FastifyInstance, tx: Tx, events: SubscribedEvent<'notifications.notices'>[]) {
  const rounds = events.flatMap((event) => {
    const round =
      event.name === 'wallet.moved' && event.payload.game?.stake === undefined
        ? roundOf(event.payload)
        : undefined;
    return round ? [round] : [];
  });
  return app.wallet.roundStakes(rounds, tx);
}

/** A notable win's message, if the movement is one. */
function winMessage(movement: DomainEventPayload<'wallet.moved'>, stakes: RoundStakes): Notice | undefined {
  const round = roundOf(movement);
  if (!round) return undefined;
  const staked = movement.game?.stake ?? stakes.get(stakeKey(round)) ?? 0;
  if (!isNotableWin(movement.amount, staked)) return undefined;
  const amount = formatMoney(movement.amount, movement.currency);
  return staked > 0
    ? notificationMessage('win.bigMultiple', { amount, multiple: Math.floor(movement.amount / staked) })
    : notificationMessage('win.big', { amount });
}

/** A credited bonus: its rule's name goes in translated when it has a key. */
export function bonusMessage(credited: DomainEventPayload<'bonuses.credited'>): Notice {
  const { ruleName, ruleKey, ruleParams, amount, currency } = credited;
  const rule = ruleKey
    ? { bonusName: ruleKey, text: ruleName, ...(ruleParams ? { params: ruleParams } : {}) }
    : ruleName;
  return currency === 'BONUS_USD'
    ? notificationMessage('bonus.creditedBonusMoney', { rule, amount: formatMoney(amount, 'USD') })
    : notificationMessage('bonus.credited', { rule, amount: formatMoney(amount, currency) });
}

/** A sign-in from a device not seen before, told by its browser and system when the user agent names them. */
export function signInMessage(userAgent: string | undefined): Notice {
  const { browser, system } = deviceOf(userAgent);
  if (browser && system) return notificationMessage('security.newSignIn', { browser, system });
  if (browser) return notificationMessage('security.newSignInBrowser', { browser });
  if (system) return notificationMessage('security.newSignInSystem', { system });
  return notificationMessage('security.newSignInDevice');
}

/** The notice an event gives its player, if any. */
async function noticeOf(
  app: FastifyInstance,
  stakes: RoundStakes,
  event: SubscribedEvent<'notifications.notices'>,
): Promise<({ category: NotificationCategory } & Notice) | undefined> {
  switch (event.name) {
    case 'payments.result':
      return { category: 'FINANCIAL', ...paymentMessage(event.payload) };
    case 'wallet.moved': {
      if (event.payload.kind === 'ADJUSTMENT')
        return { category: 'FINANCIAL', ...adjustmentMessage(event.payload) };
      if (event.payload.kind !== 'WIN') return undefined;
      const message = winMessage(event.payload, stakes);
      return message ? { category: 'GAME_RESULT', ...message } : undefined;
    }
    case 'identity.password_changed':
      return { category: 'SECURITY', ...notificationMessage('security.passwordChanged') };
    case 'identity.signed_in':
      if (!event.payload.newDevice) return undefined;
      return { category: 'SECURITY', ...signInMessage(event.payload.userAgent) };
    case 'bonuses.credited':
      return { category: 'SYSTEM', ...bonusMessage(event.payload) };
    case 'kyc.verification_result':
      return { category: 'SYSTEM', ...verificationMessage(event.payload) };
    case 'identity.banned':
      return {
        category: 'SECURITY',
        ...notificationMessage('account.restricted', { reason: event.payload.reason }),
      };
    case 'identity.unbanned':
      return { category: 'SECURITY', ...notificationMessage('account.restrictionLifted') };
    case 'identity.factor_removed':
      return { category: 'SECURITY', ...notificationMessage('security.twoStepRemovedBySupport') };
    case 'identity.passkey_blocked':
      return {
        category: 'SECURITY',
        ...notificationMessage('security.passkeyBlocked', { name: event.payload.name }),
      };
    case 'tickets.replied': {
      const { ticketId, userId, reply, status } = event.payload;
      // The player watching the chat has seen the answer arrive: no notice (asked at delivery, any process).
      if (await app.ticketsRealtime.playerInChat(ticketId, userId)) return undefined;
      const notice = ticketNotice({
        snippet: reply,
        status: status ? { code: status, label: ticketStatusLabels[status] } : undefined,
      });
      return notice ? { category: 'SYSTEM', ...notice } : undefined;
    }
  }
}

/**
 * Real events become notifications: payments' outcomes, staff adjustments of the balance, notable wins, sign-ins from a new device, password
 * changes, bonuses, verification results, support's answers to a ticket (unless the player has its chat
 * open), and a ban put on or lifted. Each is written once (the subscriber's inbox, same transaction: one per
 * delivered batch) and pushed to the player's sockets after it commits.
 */
export function subscribeNotices(app: FastifyInstance) {
  return app.events.subscribe('notifications.notices', {
    mode: 'batch',
    handle: async (events, tx) => {
      const after: (() => void)[] = [];
      const stakes = await roundStakesOf(app, tx, events);
      for (const event of events) {
        const notice = await noticeOf(app, stakes, event);
        if (!notice) continue;
        after.push(await app.notifications.write(tx, { userId: event.payload.userId, ...notice }));
        // Every session ended, so must every open socket (on every process): one held by whoever had the
        // old password must not go on hearing the player's notifications.
        if (event.name === 'identity.password_changed') {
          after.push(() =>
            app.io.of(NOTIFICATIONS_NAMESPACE).in(playerRoom(event.payload.userId)).disconnectSockets(true),
          );
        }
      }
      if (after.length === 0) return undefined;
      return () => {
        for (const effect of after) effect();
      };
    },
  });
}

/** The browser and system a user agent names (either may be unknown). */
export function deviceOf(userAgent: string | undefined): { browser?: string; system?: string } {
  if (!userAgent) return {};
  const browser = [
    ['Edg/', 'Edge'],
    ['OPR/', 'Opera'],
    ['Firefox/', 'Firefox'],
    ['Chrome/', 'Chrome'],
    ['Safari/', 'Safari'],
  ].find(([token]) => userAgent.includes(token as string))?.[1];
  const system = [
    ['Android', 'Android'],
    ['iPhone', 'iOS'],
    ['iPad', 'iPadOS'],
    ['Windows', 'Windows'],
    ['Mac OS X', 'macOS'],
    ['Linux', 'Linux'],
  ].find(([token]) => userAgent.includes(token as string))?.[1];
  return { browser, system };
}
