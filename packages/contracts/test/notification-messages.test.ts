import { describe, expect, it } from 'vitest';
import {
  bonusNameKeys,
  bonusNames,
  messageLanguages,
  notificationMessage,
  notificationMessageKeys,
  notificationTexts,
  renderBonusName,
  renderNotificationMessage,
  ticketNotice,
  ticketStatusNames,
} from '../src/notifications-messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the catalogues', () => {
  const catalogues = [
    ['notifications', notificationTexts, notificationMessageKeys],
    ['bonus names', bonusNames, bonusNameKeys],
    [
      'ticket statuses',
      ticketStatusNames,
      ['CREATED', 'IN_PROGRESS', 'RESOLVE_REQUEST', 'RETURNED', 'CLOSED', 'AUTO_CLOSED'],
    ],
  ] as const;

  it.each(catalogues)(
    'has every %s key in all four languages, non-empty, with the English placeholders',
    (_, catalogue, keys) => {
      expect(Object.keys(catalogue).sort()).toEqual([...messageLanguages].sort());
      const table = catalogue as unknown as Record<string, Record<string, string>>;
      for (const language of messageLanguages) {
        expect(Object.keys(table[language] ?? {}).sort(), language).toEqual([...keys].sort());
        for (const key of keys) {
          const text = table[language]?.[key] ?? '';
          expect(text.trim(), `${language} ${key}`).not.toBe('');
          expect(text, `${language} ${key}`).not.toMatch(/\{(?!\{)\w+\}(?!\})|\{\{\s|\s\}\}/); // a broken {{placeholder}}
          expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(table.en?.[key] ?? ''));
        }
      }
    },
  );

  it('translates every notification (no language left in English)', () => {
    for (const language of messageLanguages.filter((l) => l !== 'en')) {
      for (const key of notificationMessageKeys) {
        expect(notificationTexts[language][key], `${language} ${key}`).not.toBe(notificationTexts.en[key]);
      }
    }
  });
});

describe('writing and reading a notification', () => {
  it('stores the English text with its key and parameters, and refuses a missing parameter', () => {
    expect(notificationMessage('payment.deposit', { amount: '$25.00' })).toEqual({
      message: 'Your deposit of $25.00 was credited to your balance.',
      messageKey: 'payment.deposit',
      messageParams: { amount: '$25.00' },
    });
    expect(notificationMessage('win.bigMultiple', { amount: '$50.00', multiple: 120 }).message).toBe(
      'Big win! You won $50.00 (×120 your stake). Congratulations!',
    );
    expect(() => notificationMessage('payment.deposit', {})).toThrow(/payment\.deposit/);
    expect(() => notificationMessage('payment.withdrawDeclinedReason', { amount: '$1.00' })).toThrow();
  });

  it('renders in the reader’s language, taking the first two letters of a locale and English otherwise', () => {
    const row = notificationMessage('payment.withdrawPaid', { amount: '$9.99' });
    const stored = {
      notificationMessage: row.message,
      messageKey: row.messageKey,
      messageParams: row.messageParams,
    };
    expect(renderNotificationMessage(stored, 'es')).toBe('Tu retiro de $9.99 se ha pagado.');
    expect(renderNotificationMessage(stored, 'fr-CA')).toBe('Votre retrait de $9.99 a été versé.');
    expect(renderNotificationMessage(stored, 'IT')).toBe('Il tuo prelievo di $9.99 è stato pagato.');
    for (const other of ['de', '', undefined, 'e'])
      expect(renderNotificationMessage(stored, other)).toBe(row.message);
  });

  it('shows the stored text for rows without a key, unknown keys and parameters that do not fit', () => {
    const base = { notificationMessage: 'Stored text' };
    const rows: Parameters<typeof renderNotificationMessage>[0][] = [
      base,
      { ...base, messageKey: null, messageParams: null },
      { ...base, messageKey: 'no.such.key', messageParams: { amount: '$1' } },
      { ...base, messageKey: 'payment.deposit', messageParams: { sum: '$1' } },
      { ...base, messageKey: 'payment.deposit', messageParams: null },
      { ...base, messageKey: 'payment.deposit', messageParams: { amount: { wrong: true } as never } },
    ];
    for (const row of rows) {
      for (const language of messageLanguages)
        expect(renderNotificationMessage(row, language)).toBe('Stored text');
    }
  });

  it('translates nested bonus names and ticket statuses inside a message', () => {
    const credited = notificationMessage('bonus.credited', {
      rule: { bonusName: 'promo-code', params: { code: 'ABC123' }, text: 'Promo code ABC123' },
      amount: '$5.00',
    });
    expect(credited.message).toBe('You earned a bonus (Promo code ABC123): $5.00 is on your bonus balance.');
    expect(renderNotificationMessage({ notificationMessage: credited.message, ...credited }, 'es')).toBe(
      'Has conseguido un bono (Código promocional ABC123): $5.00 ya está en tu saldo de bonos.',
    );
    const typed = { bonusName: 'summer-special', text: 'Summer special' };
    expect(renderBonusName(typed.bonusName, undefined, typed.text, 'fr')).toBe('Summer special');
    expect(renderBonusName('daily-7-days', undefined, 'x', 'it')).toBe('Bonus giornaliero');
    expect(renderBonusName('promo-code', {}, 'Promo code ?', 'it')).toBe('Promo code ?');
    expect(renderBonusName(null, null, 'Kept', 'es')).toBe('Kept');
  });

  it('writes a support request’s notice for a reply, a status change or both', () => {
    const status = { code: 'IN_PROGRESS', label: 'In Progress' };
    expect(ticketNotice({ snippet: 'Hello' })?.messageKey).toBe('ticket.replied');
    expect(ticketNotice({ status })?.message).toBe('Request status has changed to: In Progress');
    const both = ticketNotice({ snippet: 'Done', status });
    expect(both?.messageKey).toBe('ticket.repliedStatusChanged');
    expect(both?.message).toBe(
      'Support replied to your request: Done\nRequest status has changed to: In Progress',
    );
    expect(ticketNotice({})).toBeUndefined();
    expect(ticketNotice({ snippet: '' })?.messageKey).toBe('ticket.replied');
    const stored = ticketNotice({ status }) as NonNullable<ReturnType<typeof ticketNotice>>;
    expect(renderNotificationMessage({ notificationMessage: stored.message, ...stored }, 'it')).toBe(
      'Lo stato della richiesta è cambiato in: In corso',
    );
    // A status the catalogue does not know keeps its English label.
    const unknown = ticketNotice({ status: { code: 'ESCALATED', label: 'Escalated' } }) as NonNullable<
      ReturnType<typeof ticketNotice>
    >;
    expect(renderNotificationMessage({ notificationMessage: unknown.message, ...unknown }, 'fr')).toBe(
      'Le statut de la demande est passé à : Escalated',
    );
  });
});
