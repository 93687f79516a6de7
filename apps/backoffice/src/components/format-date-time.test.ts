import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from './ui';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe('staff times (issue 31)', () => {
  it('are in UTC and say so, whatever the zone of the staff member’s machine', () => {
    for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
      process.env.TZ = tz;
      expect(formatDateTime('2030-01-01T23:30:00.000Z'), tz).toBe('1\u00a0Jan\u00a02030, 23:30\u00a0UTC');
    }
    expect(formatDateTime(null)).toBe('—');
  });
});
