import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ADJUSTMENT_APPROVAL_THRESHOLD,
  adjustmentNeedsApproval,
  adjustmentRequestSchema,
} from '../src/staff-money.ts';
import {
  normalizePromoCode,
  PROMO_MAX_AMOUNT,
  promoAmountFits,
  promoCodeCreateSchema,
  renderBroadcastMessage,
} from '../src/staff-promotions.ts';
import { moneySchema, STUDIO_MAX_STAKE_CENTS, stakeSchema } from '../src/studio.ts';
import { amountSchema, currencyCodes, formatMoney, fromMinor, MAX_AMOUNT, toMinor } from '../src/wallet.ts';

const centsArb = fc.integer({ min: -MAX_AMOUNT * 100, max: MAX_AMOUNT * 100 });

describe('minor units', () => {
  it('turns any amount of whole cents into its integer and back (property)', () => {
    fc.assert(
      fc.property(
        centsArb,
        fc.constantFrom('USD', 'PAWS', 'BONUS_USD') as fc.Arbitrary<'USD'>,
        (cents, currency) => {
          const amount = cents / 100;
          expect(toMinor(amount, currency)).toBe(cents);
          expect(fromMinor(cents, currency)).toBe(amount);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses more places than the currency has, and what is not a finite number', () => {
    for (const amount of [0.001, 1.005, 10.123, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(toMinor(amount, 'USD'), String(amount)).toBeNull();
    }
    expect(toMinor(3, 'FREE_SPINS')).toBe(3);
    expect(toMinor(2.5, 'FREE_SPINS')).toBeNull();
    expect(fromMinor(3, 'FREE_SPINS')).toBe(3);
    expect(toMinor(-12.5, 'USD')).toBe(-1250);
    expect(toMinor(0.07, 'USD')).toBe(7);
  });

  it('formats for people: unsigned, grouped, every place of the minor unit, symbol only for real money', () => {
    expect(formatMoney(500_000, 'USD')).toBe('$5,000.00');
    expect(formatMoney(-1_999, 'USD')).toBe('$19.99');
    expect(formatMoney(10_000, 'PAWS')).toBe('100.00 PAWS');
    expect(formatMoney(5, 'BONUS_USD')).toBe('0.05 BONUS_USD');
    expect(formatMoney(1_234, 'FREE_SPINS')).toBe('1,234 FREE_SPINS');
    expect(currencyCodes).toEqual(['USD', 'PAWS', 'BONUS_USD', 'FREE_SPINS']);
  });

  it('accepts an API amount from 0 to the maximum with at most 2 places', () => {
    for (const ok of [0, 0.01, 12.5, MAX_AMOUNT])
      expect(amountSchema.safeParse(ok).success, String(ok)).toBe(true);
    for (const bad of [-0.01, MAX_AMOUNT + 0.01, 1.001, Number.NaN, '5']) {
      expect(amountSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});

describe('studio money codecs', () => {
  it('parses a stake in dollars into positive whole cents and sends cents back as dollars (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: STUDIO_MAX_STAKE_CENTS }), (cents) => {
        const dollars = z.encode(stakeSchema, cents);
        expect(dollars).toBe(cents / 100);
        expect(stakeSchema.parse(dollars)).toBe(cents);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses stakes below a cent, above $10,000 or with a fraction of a cent', () => {
    expect(stakeSchema.parse(0.01)).toBe(1);
    expect(stakeSchema.parse(10_000)).toBe(1_000_000);
    for (const bad of [0, -1, 0.001, 10_000.01, 1.234, Number.NaN]) {
      expect(stakeSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('carries payouts of any size as whole cents, refusing fractions of a cent on the way out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 * STUDIO_MAX_STAKE_CENTS }), (cents) => {
        expect(moneySchema.parse(z.encode(moneySchema, cents))).toBe(cents);
      }),
    );
    expect(() => z.encode(moneySchema, 12.5)).toThrow();
    expect(() => z.encode(moneySchema, -1)).toThrow();
    expect(moneySchema.safeParse(0.005).success).toBe(false);
  });
});

describe('back-office money rules', () => {
  it('asks for a second approval only above each currency’s threshold, whatever the sign', () => {
    for (const currency of currencyCodes) {
      const limit = ADJUSTMENT_APPROVAL_THRESHOLD[currency];
      expect(adjustmentNeedsApproval(currency, limit), currency).toBe(false);
      expect(adjustmentNeedsApproval(currency, -limit), currency).toBe(false);
      expect(adjustmentNeedsApproval(currency, limit + 0.01), currency).toBe(true);
      expect(adjustmentNeedsApproval(currency, -(limit + 1)), currency).toBe(true);
    }
  });

  it('takes a signed, non-zero adjustment with at most 2 places, and whole free spins', () => {
    const body = (currency: string, amount: number) => ({
      playerId: '0b8e0d2c-2f1b-4f7e-9d55-3f6c8a1e2b4d',
      currency,
      amount,
      reasonCode: 'GOODWILL',
      note: 'Compensation',
    });
    const result = (currency: string, amount: number) => {
      const parsed = adjustmentRequestSchema.safeParse(body(currency, amount));
      return parsed.success ? 'ok' : parsed.error.issues.map((i) => i.path.join('.')).join() || 'root';
    };
    expect(result('USD', -12.34)).toBe('ok');
    expect(result('USD', 0)).toBe('amount');
    expect(result('USD', 1.001)).toBe('amount');
    expect(result('USD', MAX_AMOUNT + 1)).toBe('amount');
    expect(result('FREE_SPINS', 5)).toBe('ok');
    expect(result('FREE_SPINS', 2.5)).toBe('amount');
  });

  it('fits a promo amount to its currency: bonus dollars to the cent, free spins whole', () => {
    expect(promoAmountFits(10.5, 'BONUS_USD')).toBe(true);
    expect(promoAmountFits(10.555, 'BONUS_USD')).toBe(false);
    expect(promoAmountFits(10, 'FREE_SPINS')).toBe(true);
    expect(promoAmountFits(10.5, 'FREE_SPINS')).toBe(false);
    for (const bad of [0, -1, PROMO_MAX_AMOUNT + 1, Number.NaN])
      expect(promoAmountFits(bad, 'BONUS_USD')).toBe(false);
    expect(promoAmountFits(PROMO_MAX_AMOUNT, 'BONUS_USD')).toBe(true);
  });

  it('stores promo codes trimmed and upper-cased, exactly 6 letters or digits', () => {
    expect(normalizePromoCode('  ab12cd ')).toBe('AB12CD');
    const create = (code: string) =>
      promoCodeCreateSchema.safeParse({
        code,
        rewardCurrency: 'FREE_SPINS',
        amount: 10,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        maxUses: 10,
      });
    const parsed = create(' summ3r ');
    expect(parsed.success && parsed.data.code).toBe('SUMM3R');
    for (const bad of ['ABC12', 'ABC1234', 'AB-12C', 'ÄBC123']) expect(create(bad).success, bad).toBe(false);
  });

  it('joins a broadcast’s title and text with a colon unless the title ends its own sentence', () => {
    expect(renderBroadcastMessage(' Weekend bonus ', ' Double points! ')).toBe(
      'Weekend bonus: Double points!',
    );
    expect(renderBroadcastMessage('Good news!', 'We are back.')).toBe('Good news! We are back.');
    expect(renderBroadcastMessage('Wait…', 'more soon')).toBe('Wait… more soon');
  });
});
