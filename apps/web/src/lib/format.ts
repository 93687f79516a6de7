import { type LocaleCode, localeTable, resolveLocale } from './locale-table';

/** Spec 000 §5/§8: what an unparseable date shows. */
export const INVALID_DATE = 'Invalid date';

export type DateInput = Date | string | number | null | undefined;

export interface FormatOptions {
  /** A locale tag or app language; defaults to en-US. */
  locale?: string;
  /** Overrides the locale's own time zone (tests, or a user preference). */
  timeZone?: string;
}

export function parseDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function parts(date: Date, locale: LocaleCode, timeZone: string) {
  const info = localeTable[locale];
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: info.hour12 ? 'h12' : 'h23',
  });
  const out: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) out[part.type] = part.value;
  return out;
}

/** The date in the locale's table format (e.g. de-DE dd.MM.yyyy, ja-JP yyyy/MM/dd), in its time zone. */
export function formatDate(value: DateInput, options: FormatOptions = {}): string {
  const date = parseDate(value);
  if (!date) return INVALID_DATE;
  const locale = resolveLocale(options.locale);
  const p = parts(date, locale, options.timeZone ?? localeTable[locale].timeZone);
  return localeTable[locale].dateFormat
    .replace('yyyy', p.year ?? '')
    .replace('MM', p.month ?? '')
    .replace('dd', p.day ?? '');
}

/** The time with the locale's clock: 12-hour 'hh:mm AM' or 24-hour 'HH:mm'. */
export function formatTime(value: DateInput, options: FormatOptions = {}): string {
  const date = parseDate(value);
  if (!date) return INVALID_DATE;
  const locale = resolveLocale(options.locale);
  const info = localeTable[locale];
  const p = parts(date, locale, options.timeZone ?? info.timeZone);
  const hour = info.hour12 ? p.hour : (p.hour ?? '').replace(/^24$/, '00');
  return info.hour12 ? `${hour}:${p.minute} ${p.dayPeriod}` : `${hour}:${p.minute}`;
}

export function formatDateTime(value: DateInput, options: FormatOptions = {}): string {
  const date = parseDate(value);
  if (!date) return INVALID_DATE;
  return `${formatDate(date, options)} ${formatTime(date, options)}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type RelativeUnit = 'minute' | 'hour' | 'day';

/** Spec 000 §8: when Intl fails, English text such as 'N minutes ago'. */
export function englishRelative(amount: number, unit: RelativeUnit): string {
  return `${amount} ${unit}${amount === 1 ? '' : 's'} ago`;
}

/** Under a minute ago: words, not '0 minutes ago'. */
const justNow: Record<string, string> = {
  en: 'just now',
  es: 'justo ahora',
  fr: 'à l’instant',
  it: 'proprio ora',
};

export interface RelativeOptions extends FormatOptions {
  now?: number;
  /** Injectable for the fallback path; defaults to Intl.RelativeTimeFormat. */
  createFormatter?: (locale: string) => Pick<Intl.RelativeTimeFormat, 'format'>;
}

/**
 * Spec 000 §9: under 60 minutes shows minutes, under 24 hours hours, under 7 days days, otherwise the
 * full date.
 */
export function formatRelativeTime(value: DateInput, options: RelativeOptions = {}): string {
  const date = parseDate(value);
  if (!date) return INVALID_DATE;
  const elapsed = Math.max(0, (options.now ?? Date.now()) - date.getTime());
  let amount: number;
  let unit: RelativeUnit;
  if (elapsed < HOUR) [amount, unit] = [Math.floor(elapsed / MINUTE), 'minute'];
  else if (elapsed < DAY) [amount, unit] = [Math.floor(elapsed / HOUR), 'hour'];
  else if (elapsed < 7 * DAY) [amount, unit] = [Math.floor(elapsed / DAY), 'day'];
  else return formatDate(date, options);
  const locale = options.locale ?? 'en';
  if (amount === 0) return justNow[locale.slice(0, 2)] ?? 'just now';
  try {
    const formatter = options.createFormatter
      ? options.createFormatter(locale)
      : new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    return formatter.format(-amount, unit);
  } catch {
    return englishRelative(amount, unit);
  }
}

// Made on first use: building an Intl formatter costs milliseconds, which the first screen would pay.
let numberFormat: Intl.NumberFormat | undefined;

/** Spec 000 §9: numbers are formatted en-US with grouping, whatever the language. */
export function formatNumber(value: number): string {
  numberFormat ??= new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 2 });
  return numberFormat.format(value);
}
