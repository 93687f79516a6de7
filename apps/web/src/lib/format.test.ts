import { describe, expect, it } from 'vitest';
import {
  englishRelative,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRelativeTime,
  INVALID_DATE,
} from './format';
import { localeTable, resolveLocale } from './locale-table';

const at = Date.UTC(2026, 2, 7, 15, 5); // 7 March 2026 15:05 UTC

describe('locale table', () => {
  it('has the 22 locales of the spec with the documented examples', () => {
    expect(Object.keys(localeTable)).toHaveLength(22);
    expect(localeTable['en-US']).toMatchObject({ dateFormat: 'MM/dd/yyyy', hour12: true });
    expect(localeTable['de-DE']).toMatchObject({ dateFormat: 'dd.MM.yyyy', hour12: false });
    expect(localeTable['ja-JP']).toMatchObject({ dateFormat: 'yyyy/MM/dd', hour12: false });
    for (const code of ['ko-KR', 'ar-SA', 'es-MX'] as const) expect(localeTable[code].hour12).toBe(true);
  });

  it('maps app languages and unknown tags to a locale', () => {
    expect(resolveLocale('it')).toBe('it-IT');
    expect(resolveLocale('de')).toBe('de-DE');
    expect(resolveLocale('xx-YY')).toBe('en-US');
  });
});

describe('formatDate / formatDateTime', () => {
  it('uses the format and clock of each locale', () => {
    expect(formatDate(at, { locale: 'en-US', timeZone: 'UTC' })).toBe('03/07/2026');
    expect(formatDate(at, { locale: 'de-DE', timeZone: 'UTC' })).toBe('07.03.2026');
    expect(formatDate(at, { locale: 'ja-JP', timeZone: 'UTC' })).toBe('2026/03/07');
    expect(formatDateTime(at, { locale: 'en-US', timeZone: 'UTC' })).toBe('03/07/2026 03:05 PM');
    expect(formatDateTime(at, { locale: 'de-DE', timeZone: 'UTC' })).toBe('07.03.2026 15:05');
  });

  it('uses the locale time zone by default', () => {
    expect(formatDateTime(at, { locale: 'ja-JP' })).toBe('2026/03/08 00:05');
  });

  it("shows 'Invalid date' for something unparseable", () => {
    expect(formatDate('not a date')).toBe(INVALID_DATE);
    expect(formatDateTime(undefined)).toBe('Invalid date');
  });
});

describe('formatRelativeTime', () => {
  const now = at;
  it('uses minutes under an hour, hours under a day, days under a week, then the date', () => {
    expect(formatRelativeTime(now - 20_000, { now })).toBe('just now');
    expect(formatRelativeTime(now - 20_000, { now, locale: 'es' })).toBe('justo ahora');
    expect(formatRelativeTime(now - 20_000, { now, locale: 'fr' })).toBe('à l’instant');
    expect(formatRelativeTime(now - 20_000, { now, locale: 'it' })).toBe('proprio ora');
    expect(formatRelativeTime(now - 60_000, { now })).toBe('1 minute ago');
    expect(formatRelativeTime(now - 5 * 60_000, { now })).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 59 * 60_000, { now })).toBe('59 minutes ago');
    expect(formatRelativeTime(now - 60 * 60_000, { now })).toBe('1 hour ago');
    expect(formatRelativeTime(now - 23 * 3_600_000, { now })).toBe('23 hours ago');
    expect(formatRelativeTime(now - 24 * 3_600_000, { now })).toBe('1 day ago');
    expect(formatRelativeTime(now - 6 * 86_400_000, { now })).toBe('6 days ago');
    expect(formatRelativeTime(now - 7 * 86_400_000, { now, locale: 'en-US', timeZone: 'UTC' })).toBe(
      '02/28/2026',
    );
  });

  it('speaks the language asked for', () => {
    expect(formatRelativeTime(now - 3 * 3_600_000, { now, locale: 'es' })).toBe('hace 3 horas');
  });

  it('falls back to English text when the formatter fails', () => {
    const createFormatter = () => {
      throw new RangeError('unsupported');
    };
    expect(formatRelativeTime(now - 2 * 60_000, { now, createFormatter })).toBe('2 minutes ago');
    expect(formatRelativeTime(now - 3 * 86_400_000, { now, createFormatter })).toBe('3 days ago');
    expect(englishRelative(1, 'hour')).toBe('1 hour ago');
  });

  it("shows 'Invalid date' for an unparseable input", () => {
    expect(formatRelativeTime('yesterday-ish')).toBe('Invalid date');
  });
});

describe('formatNumber', () => {
  it('groups with en-US separators', () => {
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
  });
});
