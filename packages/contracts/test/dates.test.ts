import { describe, expect, it } from 'vitest';
import { historyMessages, historyQuerySchema, parseHistoryDate } from '../src/history.ts';
import { notificationsQuerySchema } from '../src/notifications.ts';
import { ROLLUP_MAX_DAYS, rollupRunBodySchema, rtpQuerySchema } from '../src/staff-reports.ts';

const iso = (d: Date | null | undefined) => (d instanceof Date ? d.toISOString() : d);

describe('history dates', () => {
  it('takes a bare date as a whole UTC day: its first millisecond from, its last to', () => {
    expect(iso(parseHistoryDate('2024-02-29', 'from'))).toBe('2024-02-29T00:00:00.000Z');
    expect(iso(parseHistoryDate('2024-02-29', 'to'))).toBe('2024-02-29T23:59:59.999Z');
    expect(parseHistoryDate(undefined, 'from')).toBeUndefined();
    expect(parseHistoryDate('', 'to')).toBeUndefined();
  });

  it('takes a date-time as written, with or without seconds and offset', () => {
    expect(iso(parseHistoryDate('2024-05-01T10:00:00Z', 'to'))).toBe('2024-05-01T10:00:00.000Z');
    expect(iso(parseHistoryDate('2024-05-01T10:00:00.250+02:00', 'from'))).toBe('2024-05-01T08:00:00.250Z');
    expect(iso(parseHistoryDate('2024-05-01T10:00-0130', 'from'))).toBe('2024-05-01T11:30:00.000Z');
  });

  it('refuses what is not a calendar date, in either form', () => {
    for (const bad of [
      '2023-02-29',
      '2024-02-30',
      '2024-13-01',
      '2024-00-10',
      '2024-5-1',
      '01/05/2024',
      'yesterday',
      '2024-05-01T25:00:00Z',
      '2024-05-01 10:00:00',
      '2023-02-29T10:00:00Z',
      '2024-02-30T10:00:00Z',
      '2024-04-31T00:00:00+02:00',
    ]) {
      expect(parseHistoryDate(bad, 'from'), bad).toBeNull();
      expect(historyQuerySchema.safeParse({ dateFrom: bad }).success, bad).toBe(false);
      expect(notificationsQuerySchema.safeParse({ dateTo: bad }).success, bad).toBe(false);
    }
  });

  it('accepts a one-day range and refuses an end before the start, on dateTo', () => {
    expect(historyQuerySchema.parse({ dateFrom: '2024-05-01', dateTo: '2024-05-01' })).toMatchObject({
      page: 1,
      limit: 10,
    });
    const reversed = historyQuerySchema.safeParse({ dateFrom: '2024-05-02', dateTo: '2024-05-01' });
    expect(reversed.error?.issues).toEqual([
      expect.objectContaining({ path: ['dateTo'], message: historyMessages.dateOrder }),
    ]);
    // A date-time start later the same day is still inside a bare-date end.
    expect(
      historyQuerySchema.safeParse({ dateFrom: '2024-05-01T23:00:00Z', dateTo: '2024-05-01' }).success,
    ).toBe(true);
  });

  it('reads page and limit from the query string, within bounds', () => {
    expect(historyQuerySchema.parse({ page: '3', limit: '50' })).toMatchObject({ page: 3, limit: 50 });
    for (const bad of [{ page: '0' }, { page: '1.5' }, { limit: '51' }, { limit: 'ten' }]) {
      expect(historyQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(notificationsQuerySchema.parse({})).toMatchObject({ page: 1, limit: 20 });
    expect(notificationsQuerySchema.safeParse({ category: '' }).success).toBe(true);
    expect(notificationsQuerySchema.safeParse({ category: 'LOTTERY' }).success).toBe(false);
  });
});

describe('report ranges', () => {
  it('recomputes at most 366 days at once, the end not before the start', () => {
    expect(ROLLUP_MAX_DAYS).toBe(366);
    expect(rollupRunBodySchema.safeParse({ dateFrom: '2024-01-01', dateTo: '2024-12-31' }).success).toBe(
      true,
    );
    const tooLong = rollupRunBodySchema.safeParse({ dateFrom: '2024-01-01', dateTo: '2025-01-01' });
    expect(tooLong.error?.issues.map((i) => i.path)).toEqual([['dateTo']]);
    expect(rollupRunBodySchema.safeParse({ dateFrom: '2024-05-02', dateTo: '2024-05-01' }).success).toBe(
      false,
    );
    expect(rollupRunBodySchema.safeParse({}).success).toBe(true);
    expect(rtpQuerySchema.safeParse({ dateFrom: '2024-05-02', dateTo: '2024-05-01' }).success).toBe(false);
    expect(rtpQuerySchema.safeParse({ dateFrom: '2024-02-30' }).success).toBe(false);
  });
});
