import { slotBetSchema } from '@paws/contracts/studio';
import { describe, expect, it } from 'vitest';
import {
  addDollars,
  chipLabel,
  formatMoney,
  isSlotStake,
  SLOT_STAKES,
  stepStake,
  TABLE_STAKES,
} from './money.ts';

describe('stake stepping', () => {
  it('walks the ladder and holds at both ends', () => {
    expect(stepStake(SLOT_STAKES, 0.2, 1)).toBe(0.4);
    expect(stepStake(SLOT_STAKES, 0.4, -1)).toBe(0.2);
    expect(stepStake(SLOT_STAKES, 0.2, -1)).toBe(0.2);
    expect(stepStake(SLOT_STAKES, 100, 1)).toBe(100);
  });

  it('moves a stake that is off the ladder to the next rung that way', () => {
    expect(stepStake(TABLE_STAKES, 3, 1)).toBe(5);
    expect(stepStake(TABLE_STAKES, 3, -1)).toBe(2);
    expect(stepStake(TABLE_STAKES, 0.01, -1)).toBe(0.1);
  });

  it('every slot stake is a multiple of 0.20 the contract accepts, and the ladder ascends', () => {
    for (const [i, stake] of SLOT_STAKES.entries()) {
      expect(isSlotStake(stake)).toBe(true);
      expect(slotBetSchema.safeParse({ fund: 'cash', stake }).success).toBe(true);
      if (i > 0) expect(stake).toBeGreaterThan(SLOT_STAKES[i - 1] as number);
    }
    expect(isSlotStake(0.3)).toBe(false);
    expect(isSlotStake(0.1)).toBe(false);
    expect(slotBetSchema.safeParse({ fund: 'cash', stake: 0.3 }).success).toBe(false);
  });

  it('adds dollars without float drift and formats them', () => {
    expect(addDollars(0.1, 0.2)).toBe(0.3);
    expect(addDollars(1.1, -0.5)).toBe(0.6);
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(12, 'PAWS')).toBe('12.00 PAWS');
    expect(chipLabel(0.5)).toBe('0.5');
    expect(chipLabel(1000)).toBe('1K');
  });
});
