/**
 * What a player reads that the server writes: notifications and bonus names, kept as a key with parameters
 * and rendered in the reader's language (issue 18 point 8). Plain constants without zod: the web app's first
 * screen (the header bell) renders them. The server stores the English rendering beside the key (searched,
 * read by staff, and shown as it is when a key is unknown or a row predates keys).
 */

import {
  type BonusNameKey,
  bonusNameKeys,
  bonusNames,
  type MessageLanguage,
  messageLanguages,
  type NotificationMessageKey,
  notificationMessageKeys,
  notificationTexts,
  type TicketStatusCode,
  ticketStatusCodes,
  ticketStatusNames,
} from './notifications-texts.ts';

// The tables of words live in ./notifications-texts.ts; this module stays the one import.
export {
  type BonusNameKey,
  bonusNameKeys,
  bonusNames,
  type MessageLanguage,
  messageLanguages,
  type NotificationMessageKey,
  notificationMessageKeys,
  notificationTexts,
  ticketStatusNames,
} from './notifications-texts.ts';

/** A parameter that is itself translated: a bonus rule's name (its key) with the stored text as fallback. */
export interface BonusNameRef {
  bonusName: string;
  params?: Record<string, string | number>;
  text: string;
}
/** A parameter that is a support request's status (its code), with the English label as fallback. */
export interface TicketStatusRef {
  ticketStatus: string;
  text: string;
}
export type MessageParam = string | number | BonusNameRef | TicketStatusRef;
export type MessageParams = Record<string, MessageParam>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

const languageOf = (language: string | undefined): MessageLanguage => {
  const short = (language ?? 'en').slice(0, 2).toLowerCase();
  return (messageLanguages as readonly string[]).includes(short) ? (short as MessageLanguage) : 'en';
};

const isBonusNameRef = (value: unknown): value is BonusNameRef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BonusNameRef).bonusName === 'string' &&
  typeof (value as BonusNameRef).text === 'string';

/** The template with its {{placeholders}} filled; undefined when a parameter is missing or malformed. */
function fill(
  template: string,
  params: MessageParams | null | undefined,
  language: MessageLanguage,
): string | undefined {
  let missing = false;
  const text = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = params?.[name];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (isBonusNameRef(value)) return renderBonusName(value.bonusName, value.params, value.text, language);
    if (isTicketStatusRef(value)) return renderTicketStatus(value.ticketStatus, value.text, language);
    missing = true;
    return '';
  });
  return missing ? undefined : text;
}

const isTicketStatusRef = (value: unknown): value is TicketStatusRef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TicketStatusRef).ticketStatus === 'string' &&
  typeof (value as TicketStatusRef).text === 'string';

function renderTicketStatus(code: string, text: string, language: MessageLanguage): string {
  return (ticketStatusCodes as readonly string[]).includes(code)
    ? ticketStatusNames[language][code as TicketStatusCode]
    : text;
}

export const isBonusNameKey = (key: unknown): key is BonusNameKey =>
  typeof key === 'string' && (bonusNameKeys as readonly string[]).includes(key);

/**
 * A bonus name in the reader's language: the key's translation when the key is known and its parameters
 * fit, else the stored text (a name an operator typed, or a rule added without a key).
 */
export function renderBonusName(
  key: string | null | undefined,
  params: MessageParams | null | undefined,
  text: string,
  language?: string,
): string {
  if (!isBonusNameKey(key)) return text;
  return fill(bonusNames[languageOf(language)][key], params, languageOf(language)) ?? text;
}

export const isNotificationMessageKey = (key: unknown): key is NotificationMessageKey =>
  typeof key === 'string' && (notificationMessageKeys as readonly string[]).includes(key);

/** A notification to write: its key and parameters, and the English text stored beside them. */
export function notificationMessage(
  key: NotificationMessageKey,
  params: MessageParams = {},
): { message: string; messageKey: NotificationMessageKey; messageParams: MessageParams } {
  const message = fill(notificationTexts.en[key], params, 'en');
  if (message === undefined) throw new Error(`Notification ${key} is missing a parameter`);
  return { message, messageKey: key, messageParams: params };
}

/**
 * A notification's text in the reader's language. Rows without a key (written before keys, or an
 * operator's broadcast typed in one language), unknown keys and parameters that do not fit show the
 * stored text.
 */
/** A broadcast's key: its messageParams hold the text per language (en always, es / fr / it if written). */
export const BROADCAST_MESSAGE_KEY = 'broadcast';

export function renderNotificationMessage(
  notification: {
    notificationMessage: string;
    messageKey?: string | null;
    messageParams?: MessageParams | null;
  },
  language?: string,
): string {
  const { messageKey, messageParams, notificationMessage: stored } = notification;
  if (messageKey === BROADCAST_MESSAGE_KEY) {
    // An operator's broadcast: the reader's language as staff wrote it, else the English.
    const own = messageParams?.[languageOf(language)];
    return typeof own === 'string' && own ? own : stored;
  }
  if (!isNotificationMessageKey(messageKey)) return stored;
  const lang = languageOf(language);
  return fill(notificationTexts[lang][messageKey], messageParams, lang) ?? stored;
}

/**
 * A support request's notice to its player: the staff reply (its first words, as written) and/or the status
 * it moved to. The English text is what the tickets module wrote before keys (one line each).
 */
export function ticketNotice(change: { snippet?: string; status?: { code: string; label: string } }) {
  const status = change.status ? { ticketStatus: change.status.code, text: change.status.label } : undefined;
  if (change.snippet !== undefined && status)
    return notificationMessage('ticket.repliedStatusChanged', { snippet: change.snippet, status });
  if (change.snippet !== undefined) return notificationMessage('ticket.replied', { snippet: change.snippet });
  if (status) return notificationMessage('ticket.statusChanged', { status });
  return undefined;
}
