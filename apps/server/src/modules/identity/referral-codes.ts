import { randomInt } from 'node:crypto';
import { normalizeReferralCode, referralMessages } from '@paws/contracts/referrals';
import { normalizePromoCode } from '@paws/contracts/staff-promotions';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { type IdentityRepository, uniqueViolation } from './repository.ts';
import { users } from './schema.ts';

/** The sign-up form's promo-code check: answers, or throws a 4xx naming `promo`. */
export type PromoCheck = (code: string) => Promise<unknown>;

// No 0/O or 1/I: a code read aloud or copied by hand stays unambiguous.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * Sign-up codes on identity's side: the promo code checked (by the bonuses module's rule, installed at start)
 * before an account is created, the referrer a referral code names, and each player's own referral code.
 */
export function createReferralCodes({ db, repo }: { db: Db; repo: IdentityRepository }) {
  let promoCheck: PromoCheck | undefined;

  return {
    setPromoCheck(check: PromoCheck) {
      promoCheck = check;
    },

    /** The code as stored (upper-cased) once the check accepts it; the check's 4xx on `promo` otherwise. */
    async checkPromo(code: string) {
      const normalized = normalizePromoCode(code);
      await promoCheck?.(normalized);
      return normalized;
    },

    /**
     * The account a referral code is of, or undefined: an unknown code is ignored (the sign-up goes on,
     * unreferred), since the player never typed it and could not correct it.
     */
    async referrerOf(code: string): Promise<{ id: string } | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.ownReferralCode, normalizeReferralCode(code)));
      return row;
    },

    /** 400 on `referralCode` when a player would refer themselves. */
    assertNotSelf(userId: string, referrer: { id: string } | undefined) {
      if (referrer?.id === userId) throw badRequest(referralMessages.self, 'referralCode');
    },

    /** The player's own code, made on first use (a collision, unlikely among 32^8, draws again). */
    async ownCodeOf(userId: string): Promise<string> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const user = await repo.userById(userId);
        if (!user) throw unauthorized();
        if (user.ownReferralCode) return user.ownReferralCode;
        try {
          await db
            .update(users)
            .set({ ownReferralCode: newCode() })
            .where(and(eq(users.id, userId), isNull(users.ownReferralCode)));
        } catch (error) {
          if (uniqueViolation(error) === undefined) throw error;
        }
      }
      throw new Error('Could not make a unique referral code');
    },
  };
}

export type ReferralCodes = ReturnType<typeof createReferralCodes>;
