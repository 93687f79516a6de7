import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { IdentityService } from '../identity/index.ts';
import type { SubscribedEvent } from '../manifest.ts';
import type { WalletService } from '../wallet/index.ts';
import { type BonusRuleRow, bonusRules, promoCodes, userBonuses } from './schema.ts';
import type { BonusesService } from './service.ts';

/** The referral rules, as data (bonus_rules rows of kind REFERRAL): an operator changes their rewards. */
export const REFERRER_RULE = 'referral-referrer';
export const REFERRED_RULE = 'referral-referred';
export const defaultReferralRules: (typeof bonusRules.$inferInsert)[] = [
  {
    code: REFERRER_RULE,
    nameKey: REFERRER_RULE,
    name: 'Referral reward',
    kind: 'REFERRAL',
    rewardMinor: 10_00,
    sortOrder: 60,
  },
  {
    code: REFERRED_RULE,
    nameKey: REFERRED_RULE,
    name: 'Referral welcome bonus',
    kind: 'REFERRAL',
    rewardMinor: 5_00,
    sortOrder: 61,
  },
];

type Accounts = {
  accountOf(userId: string): Promise<{ promoCode: string | null; referredBy: string | null } | undefined>;
  bonusEligibility: IdentityService['bonusEligibility'];
};

/**
 * Sign-up codes on the bonuses side (issue 17): the sign-up form's promo check (installed in identity), the
 * promo code redeemed once the account is confirmed, and the referral rewards paid when a referred player's
 * first deposit completes, to both players, once (the unique (player, rule, period) key of user_bonuses).
 */
export function createReferrals({
  db,
  service,
  accounts,
  wallet,
}: {
  db: Db;
  service: Pick<BonusesService, 'redeemPromoCode'>;
  accounts: Accounts;
  wallet: Pick<WalletService, 'ensureAccounts' | 'bonusCredit'>;
}) {
  /** Inserts the bonus row and credits it, in `tx`; nothing when the player already has it or is on a break. */
  async function pay(tx: DbOrTx, userId: string, rule: BonusRuleRow, periodKey: string) {
    if ((await accounts.bonusEligibility(userId, tx)) !== 'yes') return false;
    const [row] = await tx
      .insert(userBonuses)
      .values({
        userId,
        ruleId: rule.id,
        periodKey,
        amountMinor: rule.rewardMinor,
        currency: rule.rewardCurrency,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return false;
    await wallet.bonusCredit(
      {
        userId,
        currency: rule.rewardCurrency,
        amount: rule.rewardMinor,
        key: row.id,
        metadata: { rule: rule.code, periodKey },
      },
      tx,
    );
    await recordEvent(tx, 'bonuses.credited', {
      userId,
      ruleName: rule.name,
      ruleKey: rule.nameKey,
      amount: rule.rewardMinor,
      currency: rule.rewardCurrency,
    });
    return true;
  }

  return {
    /** The promo code entered at sign-up, redeemed once (a second confirmation finds it used: nothing). */
    async redeemSignUpPromo(userId: string) {
      const account = await accounts.accountOf(userId);
      if (!account?.promoCode) return { redeemed: false };
      const code = account.promoCode;
      try {
        await db.transaction((tx) => service.redeemPromoCode(tx, userId, code));
        return { redeemed: true };
      } catch (error) {
        // Used already (a repeated confirmation), or expired or used up since the sign-up: nothing to pay.
        if (error instanceof AppError && error.statusCode < 500)
          return { redeemed: false, why: error.message };
        throw error;
      }
    },

    /**
     * On a completed deposit of a referred player: the referrer's reward (one per referred player) and the
     * referred player's welcome (once). Only the first deposit pays: the later ones find both rows.
     */
    async rewardReferral(userId: string) {
      const account = await accounts.accountOf(userId);
      const referrer = account?.referredBy;
      if (!referrer || referrer === userId) return false;
      const rules = await db
        .select()
        .from(bonusRules)
        .where(and(inArray(bonusRules.code, [REFERRER_RULE, REFERRED_RULE]), eq(bonusRules.active, true)));
      const of = (code: string) => rules.find((rule) => rule.code === code);
      await wallet.ensureAccounts(referrer);
      await wallet.ensureAccounts(userId);
      return db.transaction(async (tx) => {
        const referrerRule = of(REFERRER_RULE);
        const referredRule = of(REFERRED_RULE);
        const paidReferrer = referrerRule
          ? await pay(tx, referrer, referrerRule, `referral:${userId}`)
          : false;
        const paidReferred = referredRule ? await pay(tx, userId, referredRule, 'once') : false;
        return paidReferrer || paidReferred;
      });
    },
  };
}

/** Seeds the referral rules, installs the promo check in identity and subscribes to confirmations and deposits. */
export async function registerReferrals(app: FastifyInstance, service: BonusesService) {
  const db = app.database.db;
  await db.insert(bonusRules).values(defaultReferralRules).onConflictDoNothing({ target: bonusRules.code });
  app.identity.setPromoCheck((code) => service.validatePromoCode(code));
  const referrals = createReferrals({ db, service, accounts: app.identity, wallet: app.wallet });
  if (!app.serves('bonuses')) return;
  await app.events.subscribe('bonuses.sign-up-codes', {
    mode: 'idempotent',
    handle: async (event: SubscribedEvent<'bonuses.sign-up-codes'>) => {
      if (event.name === 'payments.result') await referrals.rewardReferral(event.payload.userId);
      else await referrals.redeemSignUpPromo(event.payload.userId);
    },
  });
}

/** The demo promo code (demo data, db/seed.ts): $10 of bonus for the first 1,000 sign-ups, for a year. */
export const DEMO_PROMO_CODE = 'WELCOM';
export async function seedDemoPromoCode(db: Db) {
  await db
    .insert(promoCodes)
    .values({
      code: DEMO_PROMO_CODE,
      rewardCurrency: 'BONUS_USD',
      rewardMinor: 10_00,
      expiresAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
      maxUses: 1000,
    })
    .onConflictDoNothing({ target: promoCodes.code });
}
