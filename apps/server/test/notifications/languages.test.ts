import {
  bonusNameKeys,
  bonusNames,
  messageLanguages,
  type Notification,
  notificationMessageKeys,
  notificationTexts,
  renderNotificationMessage,
  ticketNotice,
} from '@paws/contracts/notifications';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentMessage,
  signInMessage,
  verificationMessage,
} from '../../src/modules/notifications/producers.ts';
import { notifications } from '../../src/modules/notifications/schema.ts';
import { quiesce } from '../backbone/helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { deposit, eventually, signedInPlayer } from '../payments/helpers.ts';
import { connected, listOf, nextEvent, openChannel, originOf } from './helpers.ts';

let ctx: IdentityTestApp;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createIdentityTestApp();
  origin = await originOf(ctx.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx?.close();
});

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  it('has every notification and bonus name in all four languages, with the English placeholders', () => {
    for (const language of messageLanguages) {
      for (const key of notificationMessageKeys) {
        const text = notificationTexts[language][key];
        expect(text, `${language} ${key}`).toMatch(/\S/);
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(notificationTexts.en[key]));
        if (language !== 'en') expect(text, `${language} ${key}`).not.toBe(notificationTexts.en[key]);
      }
      for (const key of bonusNameKeys) {
        expect(placeholders(bonusNames[language][key]), `${language} ${key}`).toEqual(
          placeholders(bonusNames.en[key]),
        );
      }
    }
  });
});

describe('notifications as a key with parameters', () => {
  it('a deposit’s notification is stored with its key and read in each language, listed and pushed', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await quiesce(ctx.app);
    const socket = openChannel(origin, b, userId, sockets);
    await connected(socket);
    const pushed = nextEvent<Notification>(socket, 'newNotification', (n) => n.category === 'FINANCIAL');
    await deposit(b, 25);
    const listed = await eventually(async () => {
      const found = await listOf(b, '?category=FINANCIAL');
      expect(found.notifications).toHaveLength(1);
      return found.notifications[0]!;
    });
    const expected = {
      notificationMessage: 'Your deposit of $25.00 was credited to your balance.',
      messageKey: 'payment.deposit',
      messageParams: { amount: '$25.00' },
    };
    expect(listed).toMatchObject(expected);
    expect(await pushed).toMatchObject(expected);
    expect(renderNotificationMessage(listed, 'en')).toBe(
      'Your deposit of $25.00 was credited to your balance.',
    );
    expect(renderNotificationMessage(listed, 'es')).toBe('Tu depósito de $25.00 se ha abonado en tu saldo.');
    expect(renderNotificationMessage(listed, 'fr')).toBe(
      'Votre dépôt de $25.00 a été crédité sur votre solde.',
    );
    expect(renderNotificationMessage(listed, 'it')).toBe(
      'Il tuo deposito di $25.00 è stato accreditato sul tuo saldo.',
    );
    // Search still finds it by its stored text.
    expect((await listOf(b, '?search=deposit%20of%20%2425')).count).toBe(1);
  });

  it('rows without a key (written before keys, or by the older call shape) keep their text in every language', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await quiesce(ctx.app);
    await ctx.app.database.db
      .insert(notifications)
      .values({ userId, category: 'SYSTEM', message: 'Written before keys existed' });
    await ctx.app.notifications.notify({ userId, category: 'SYSTEM', message: 'Plain text from a caller' });
    const rows = (await listOf(b, '?search=e')).notifications.filter((n) => !n.messageKey);
    expect(rows.map((n) => [n.notificationMessage, n.messageKey, n.messageParams])).toEqual([
      ['Plain text from a caller', null, null],
      ['Written before keys existed', null, null],
    ]);
    for (const language of messageLanguages) {
      expect(rows.map((row) => renderNotificationMessage(row, language))).toEqual([
        'Plain text from a caller',
        'Written before keys existed',
      ]);
    }
  });

  it('an unknown key or parameters that do not fit show the stored text', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await quiesce(ctx.app);
    await ctx.app.notifications.notify({
      userId,
      category: 'FINANCIAL',
      message: 'Stored text A',
      messageKey: 'payment.deposit',
      messageParams: { sum: '$1.00' },
    });
    await ctx.app.database.db.insert(notifications).values({
      userId,
      category: 'FINANCIAL',
      message: 'Stored text B',
      messageKey: 'payment.somethingNew',
      messageParams: {},
    });
    const rows = (await listOf(b, '?search=Stored%20text')).notifications;
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(renderNotificationMessage(row, 'es')).toBe(row.notificationMessage);
    }
  });

  it('a support reply and status change: the reply as written, the status in the reader’s language', () => {
    const both = ticketNotice({
      snippet: 'Try again now',
      status: { code: 'RESOLVE_REQUEST', label: 'Resolve Request' },
    });
    expect(both?.message).toBe(
      'Support replied to your request: Try again now\nRequest status has changed to: Resolve Request',
    );
    expect(renderNotificationMessage({ notificationMessage: both!.message, ...both }, 'fr')).toBe(
      'Le support a répondu à votre demande : Try again now\nLe statut de la demande est passé à : Résolution proposée',
    );
    const closed = ticketNotice({ status: { code: 'CLOSED', label: 'Closed' } })!;
    expect(closed.message).toBe('Request status has changed to: Closed');
    expect(renderNotificationMessage({ notificationMessage: closed.message, ...closed }, 'it')).toBe(
      'Lo stato della richiesta è cambiato in: Chiusa',
    );
    expect(ticketNotice({})).toBeUndefined();
  });

  it('the server’s notices choose keys by what happened; staff reasons go in as written', () => {
    expect(signInMessage('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1')).toEqual({
      message: 'New sign-in to your account from Safari on iOS. If this was not you, change your password.',
      messageKey: 'security.newSignIn',
      messageParams: { browser: 'Safari', system: 'iOS' },
    });
    expect(signInMessage(undefined).messageKey).toBe('security.newSignInDevice');
    expect(signInMessage('curl/8.0 (Linux)').messageKey).toBe('security.newSignInSystem');
    const declined = paymentMessage({
      userId: '00000000-0000-4000-8000-000000000000',
      paymentId: '00000000-0000-4000-8000-000000000001',
      type: 'WITHDRAW',
      status: 'DECLINED',
      amount: 15_00,
      currency: 'USD',
      reason: 'Please withdraw to the card you deposited with',
    });
    expect(declined.message).toBe(
      'Your withdrawal of $15.00 was declined (Please withdraw to the card you deposited with); the amount is back on your balance.',
    );
    expect(renderNotificationMessage({ notificationMessage: declined.message, ...declined }, 'it')).toBe(
      'Il tuo prelievo di $15.00 è stato rifiutato (Please withdraw to the card you deposited with); l’importo è tornato sul tuo saldo.',
    );
    const verified = verificationMessage({
      userId: '00000000-0000-4000-8000-000000000000',
      result: 'APPROVED',
    });
    expect(renderNotificationMessage({ notificationMessage: verified.message, ...verified }, 'es')).toBe(
      'Tu identidad está verificada. ¡Gracias!',
    );
  });
});
