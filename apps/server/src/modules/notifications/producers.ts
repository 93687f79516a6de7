import type { DomainEventPayload } from '@paws/contracts/events';
import { NOTIFICATIONS_NAMESPACE, type NotificationCategory } from '@paws/contracts/notifications';
import { currencies, formatMoney } from '@paws/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type { SubscribedEvent } from '../manifest.ts';
import { playerRoom } from './service.ts';

/** A win is news when it pays at least this many times the round's stake… */
export const NOTABLE_WIN_MULTIPLE = 10;
/** …or at least this much (minor units of a real currency: $100). */
export const NOTABLE_WIN_MINOR = 100_00;

/** The sentence a payment's outcome is told in. */
export function paymentMessage(result: DomainEventPayload<'payments.result'>): string {
  const amount = formatMoney(result.amount, result.currency);
  if (result.type === 'DEPOSIT') return `Your deposit of ${amount} was credited to your balance.`;
  switch (result.status) {
    case 'PENDING':
      return `Your withdrawal of ${amount} is being processed.`;
    case 'COMPLETED':
      return `Your withdrawal of ${amount} was paid out.`;
    case 'DECLINED':
      return result.reason
        ? `Your withdrawal of ${amount} was declined (${result.reason}); the amount is back on your balance.`
        : `Your withdrawal of ${amount} was declined; the amount is back on your balance.`;
  }
}

/** The sentence a verification result is told in (with the reviewer's reason when staff decided). */
export function verificationMessage(result: DomainEventPayload<'kyc.verification_result'>): string {
  if (result.result === 'APPROVED') return 'Your identity is verified. Thank you!';
  return result.reason
    ? `We could not verify your identity (${result.reason}). Please check your document and try again.`
    : 'We could not verify your identity. Please check your document and try again.';
}

/** A notable win's message, if the movement is one. */
async function winMessage(
  app: FastifyInstance,
  tx: Tx,
  movement: DomainEventPayload<'wallet.moved'>,
): Promise<string | undefined> {
  if (!movement.game || !currencies[movement.currency].real || movement.amount <= 0) return undefined;
  const staked = await app.wallet.roundStake(
    { providerCode: movement.game.providerCode, roundId: movement.game.roundId, userId: movement.userId },
    tx,
  );
  const notable =
    movement.amount >= NOTABLE_WIN_MINOR || (staked > 0 && movement.amount >= staked * NOTABLE_WIN_MULTIPLE);
  if (!notable) return undefined;
  const multiple = staked > 0 ? ` (×${Math.floor(movement.amount / staked)} your stake)` : '';
  return `Big win! You won ${formatMoney(movement.amount, movement.currency)}${multiple}. Congratulations!`;
}

/** The notice an event gives its player, if any. */
async function noticeOf(
  app: FastifyInstance,
  tx: Tx,
  event: SubscribedEvent<'notifications.notices'>,
): Promise<{ category: NotificationCategory; message: string } | undefined> {
  switch (event.name) {
    case 'payments.result':
      return { category: 'FINANCIAL', message: paymentMessage(event.payload) };
    case 'wallet.moved': {
      if (event.payload.kind !== 'WIN') return undefined;
      const message = await winMessage(app, tx, event.payload);
      return message ? { category: 'GAME_RESULT', message } : undefined;
    }
    case 'identity.password_changed':
      return {
        category: 'SECURITY',
        message:
          'Your password was changed and every session was signed out. If this was not you, contact support at once.',
      };
    case 'identity.signed_in':
      if (!event.payload.newDevice) return undefined;
      return {
        category: 'SECURITY',
        message: `New sign-in to your account from ${describeDevice(event.payload.userAgent)}. If this was not you, change your password.`,
      };
    case 'bonuses.credited': {
      const { ruleName, amount, currency } = event.payload;
      const reward =
        currency === 'BONUS_USD'
          ? `${formatMoney(amount, 'USD')} in bonus money`
          : formatMoney(amount, currency);
      return {
        category: 'SYSTEM',
        message: `You earned a bonus (${ruleName}): ${reward} is on your bonus balance.`,
      };
    }
    case 'kyc.verification_result':
      return { category: 'SYSTEM', message: verificationMessage(event.payload) };
  }
}

/**
 * Real events become notifications: payments' outcomes, notable wins, sign-ins from a new device, password
 * changes, bonuses and verification results. Each is written once (the subscriber's inbox, same
 * transaction) and pushed to the player's sockets after it commits.
 */
export function subscribeNotices(app: FastifyInstance) {
  return app.events.subscribe('notifications.notices', {
    mode: 'transactional',
    handle: async (event, tx) => {
      const notice = await noticeOf(app, tx, event);
      if (!notice) return undefined;
      const push = await app.notifications.write(tx, { userId: event.payload.userId, ...notice });
      if (event.name !== 'identity.password_changed') return push;
      // Every session ended, so must every open socket (on every process): one held by whoever had the
      // old password must not go on hearing the player's notifications.
      return () => {
        push();
        app.io.of(NOTIFICATIONS_NAMESPACE).in(playerRoom(event.payload.userId)).disconnectSockets(true);
      };
    },
  });
}

/** 'Chrome on Windows' from a user agent, or 'a new device'. */
export function describeDevice(userAgent: string | undefined) {
  if (!userAgent) return 'a new device';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([token]) => userAgent.includes(token as string))?.[1] ?? 'a browser';
  const system = [
    ['Android', 'Android'],
    ['iPhone', 'iOS'],
    ['iPad', 'iPadOS'],
    ['Windows', 'Windows'],
    ['Mac OS X', 'macOS'],
    ['Linux', 'Linux'],
  ].find(([token]) => userAgent.includes(token as string))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
