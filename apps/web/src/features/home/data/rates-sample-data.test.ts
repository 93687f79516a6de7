import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_PAGE_SIZE, podiumSize, RATE_PAGE_SIZES, ratesSampleData } from './rates-sample-data';

describe('rates sample data', () => {
  it('podium of 3, 5 or 7 by width; page sizes 10/25/50 default 10', () => {
    expect([podiumSize(390), podiumSize(1024), podiumSize(1440)]).toEqual([3, 5, 7]);
    expect(RATE_PAGE_SIZES).toEqual([10, 25, 50]);
    expect(DEFAULT_RATE_PAGE_SIZE).toBe(10);
    expect(ratesSampleData.topWinners).toHaveLength(50);
    expect(ratesSampleData.best).toHaveLength(7);
  });
});
