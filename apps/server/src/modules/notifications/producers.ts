import { NOTIFICATIONS_NAMESPACE, type NotificationCategory } from '@paws/contracts/notifications';
import { type CurrencyCode, currencies, fromMinor } from '@paws/contracts/wallet';
import { and, eq, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentResult } from '../payments/service.ts';
import { gameTransactions } from '../wallet/schema.ts';
import type { WalletMovement } from '../wallet/service.ts';
import { playerRoom } from './service.ts';

/** A win is news when it pays at least this many times the round's stake… */
export const NOTABLE_WIN_MULTIPLE = 10;
/** …or at least this much (minor units of a real currency: $100). */
export const NOTABLE_WIN_MINOR = 100_00;

const money = (minor: number, currency: CurrencyCode) => {
  const value = fromMinor(Math.abs(minor), currency).toLocaleString('en-US', {
    minimumFractionDigits: currencies[currency].minorUnit,
    maximumFractionDigits: currencies[currency].minorUnit,
  });
  const symbol = currencies[currency].symbol;
  return symbol ? `${symbol}${value}` : `${value} ${currency}`;
};

/** The sentence a payment's outcome is told in. */
export function paymentMessage(result: PaymentResult): string {
  const amount = money(result.amount, result.currency);
  if (result.type === 'DEPOSIT') return `Your deposit of ${amount} was credited to your balance.`;
  switch (result.status) {
    case 'PENDING':
      return `Your withdrawal of ${amount} is being processed.`;
    case 'COMPLETED':
      return `Your withdrawal of ${amount} was paid out.`;
    case 'DECLINED':
      return `Your withdrawal of ${amount} was declined; the amount is back on your balance.`;
  }
}

/** A notable win's message, if the movement is one. */
async function winMessage(app: FastifyInstance, movement: WalletMovement): Promise<string | undefined> {
  if (!movement.game || !currencies[movement.currency].real || movement.amount <= 0) return undefined;
  const [round] = await app.database.db
    .select({ staked: sum(gameTransactions.amount).mapWith(Number) })
    .from(gameTransactions)
    .where(
      and(
        eq(gameTransactions.providerCode, movement.game.providerCode),
        eq(gameTransactions.roundId, movement.game.roundId),
        eq(gameTransactions.userId, movement.userId),
        eq(gameTransactions.kind, 'BET'),
        eq(gameTransactions.status, 'OK'),
      ),
    );
  const staked = round?.staked ?? 0;
  const notable =
    movement.amount >= NOTABLE_WIN_MINOR || (staked > 0 && movement.amount >= staked * NOTABLE_WIN_MULTIPLE);
  if (!notable) return undefined;
  const multiple = staked > 0 ? ` (×${Math.floor(movement.amount / staked)} your stake)` : '';
  return `Big win! You won ${money(movement.amount, movement.currency)}${multiple}. Congratulations!`;
}

/**
 * Real events become notifications: payments' outcomes, notable wins, sign-ins from a new device and
 * password changes. A producer never fails the call that caused it.
 */
export function wireProducers(app: FastifyInstance) {
  const notify = (userId: string, category: NotificationCategory, message: string) =>
    app.notifications.notify({ userId, category, message }).catch((error: unknown) => {
      app.log.error({ err: error, userId, category }, 'notification not written');
    });

  const unsubscribe = [
    app.payments.onResult((result) => {
      void notify(result.userId, 'FINANCIAL', paymentMessage(result));
    }),
    app.wallet.onMovement((movement) => {
      if (movement.kind !== 'WIN') return;
      winMessage(app, movement).then(
        (message) => {
          if (message) void notify(movement.userId, 'GAME_RESULT', message);
        },
        (error: unknown) => app.log.error({ err: error }, 'notification for a win failed'),
      );
    }),
    app.identity.onSecurityEvent((event) => {
      if (event.type === 'PASSWORD_CHANGED') {
        // Every session ended, so must every open socket (on every process): one held by whoever had the
        // old password must not go on hearing the player's notifications.
        void notify(
          event.userId,
          'SECURITY',
          'Your password was changed and every session was signed out. If this was not you, contact support at once.',
        ).finally(() =>
          app.io.of(NOTIFICATIONS_NAMESPACE).in(playerRoom(event.userId)).disconnectSockets(true),
        );
      } else {
        void notify(
          event.userId,
          'SECURITY',
          `New sign-in to your account from ${describeDevice(event.userAgent)}. If this was not you, change your password.`,
        );
      }
    }),
    app.bonuses.onCredited(({ userId, ruleName, amount, currency }) => {
      const reward =
        currency === 'BONUS_USD' ? `${money(amount, 'USD')} in bonus money` : money(amount, currency);
      void notify(userId, 'SYSTEM', `You earned a bonus (${ruleName}): ${reward} is on your bonus balance.`);
    }),
    app.kyc.onVerificationResult(({ userId, result }) => {
      void notify(
        userId,
        'SYSTEM',
        result === 'APPROVED'
          ? 'Your identity is verified. Thank you!'
          : 'We could not verify your identity. Please check your document and try again.',
      );
    }),
  ];
  return () => {
    for (const stop of unsubscribe) stop();
  };
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
