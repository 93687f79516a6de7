import type { StaffPage } from '@paws/contracts/staff-lists';
import {
  normalizePromoCode,
  PROMO_CODE_PATTERN,
  PROMO_FIELD,
  type PromoCodeCreate,
  type PromoCodeListQuery,
  type PromoCodeOffer,
  type PromoCodeStatus,
  promoCodeMessages,
  type StaffPromoCode,
} from '@paws/contracts/staff-promotions';
import { fromMinor, toMinor } from '@paws/contracts/wallet';
import { and, asc, count, desc, eq, gt, ilike, lt, lte, not, type SQL, sql } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuditService, StaffAuditActor } from '../audit/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { type PromoCodeRow, promoCodes, promoRedemptions } from './schema.ts';

/** A promo code the player may not use, with the reason on the sign-up payload's `promo` field. */
const refused = (message: string, statusCode = 400) => new AppError(statusCode, message, PROMO_FIELD);

function statusOf(row: PromoCodeRow, at: Date): PromoCodeStatus {
  if (!row.active) return 'inactive';
  if (row.expiresAt <= at) return 'expired';
  if (row.usesCount >= row.maxUses) return 'used_up';
  return 'active';
}

/** Why a code cannot be used now; undefined when it can. */
function refusalOf(row: PromoCodeRow | undefined, at: Date): AppError | undefined {
  if (!row) return refused(promoCodeMessages.unknown);
  switch (statusOf(row, at)) {
    case 'inactive':
      return refused(promoCodeMessages.inactive);
    case 'expired':
      return refused(promoCodeMessages.expired);
    case 'used_up':
      return refused(promoCodeMessages.usedUp);
    case 'active':
      return undefined;
  }
}

const offerOf = (row: PromoCodeRow): PromoCodeOffer => ({
  code: row.code,
  rewardCurrency: row.rewardCurrency,
  amount: fromMinor(row.rewardMinor, row.rewardCurrency),
  expiresAt: row.expiresAt.toISOString(),
});

export function toStaffPromoCode(row: PromoCodeRow, at: Date): StaffPromoCode {
  return {
    id: row.id,
    code: row.code,
    rewardCurrency: row.rewardCurrency,
    amount: fromMinor(row.rewardMinor, row.rewardCurrency),
    expiresAt: row.expiresAt.toISOString(),
    maxUses: row.maxUses,
    usesCount: row.usesCount,
    active: row.active,
    status: statusOf(row, at),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

const sortColumns = {
  createdAt: promoCodes.createdAt,
  code: promoCodes.code,
  expiresAt: promoCodes.expiresAt,
  usesCount: promoCodes.usesCount,
  amount: promoCodes.rewardMinor,
} as const;

/** The filter of a status, the same precedence as statusOf: inactive, expired, used up, active. */
function statusFilter(status: PromoCodeStatus, at: Date): SQL | undefined {
  const live = and(eq(promoCodes.active, true), gt(promoCodes.expiresAt, at));
  switch (status) {
    case 'inactive':
      return not(promoCodes.active);
    case 'expired':
      return and(eq(promoCodes.active, true), lte(promoCodes.expiresAt, at));
    case 'used_up':
      return and(live, sql`${promoCodes.usesCount} >= ${promoCodes.maxUses}`);
    case 'active':
      return and(live, lt(promoCodes.usesCount, promoCodes.maxUses));
  }
}

/**
 * Promo codes: made in the back office (audited), checked and redeemed at sign-up (issue 17). A redemption is
 * one row per player and code (unique) and takes one use by a guarded update, both in the caller's
 * transaction with the reward's wallet credit: a player is paid once, and a code never past its uses.
 */
export function createPromoCodes({
  db,
  wallet,
  audit,
  now,
}: {
  db: Db;
  wallet: Pick<WalletService, 'bonusCredit'>;
  audit: AuditService;
  now: () => Date;
}) {
  async function byCode(code: string, q: DbOrTx = db) {
    const [row] = await q.select().from(promoCodes).where(eq(promoCodes.code, code));
    return row;
  }

  /** The normalised code, or the spec's 'Please enter a valid promo code'. */
  function wellFormed(code: string) {
    const normalized = normalizePromoCode(code);
    if (!PROMO_CODE_PATTERN.test(normalized)) throw refused(promoCodeMessages.invalid);
    return normalized;
  }

  return {
    /** A new code (409 on `code` when taken); audited as promo_code.create. */
    async createPromoCode(actor: StaffAuditActor, input: PromoCodeCreate): Promise<StaffPromoCode> {
      const code = normalizePromoCode(input.code);
      const rewardMinor = toMinor(input.amount, input.rewardCurrency);
      if (rewardMinor === null || rewardMinor <= 0) throw badRequest(promoCodeMessages.amount, 'amount');
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(promoCodes)
          .values({
            code,
            rewardCurrency: input.rewardCurrency,
            rewardMinor,
            expiresAt: new Date(input.expiresAt),
            maxUses: input.maxUses,
            createdBy: actor.actorId,
          })
          .onConflictDoNothing({ target: promoCodes.code })
          .returning();
        if (!row) throw conflict(promoCodeMessages.codeTaken, 'code');
        const created = toStaffPromoCode(row, now());
        await audit.record(
          {
            ...actor,
            action: 'promo_code.create',
            targetType: 'promo_code',
            targetId: row.id,
            before: null,
            after: created,
          },
          tx,
        );
        return created;
      });
    },

    /** Switches a code on or off; audited as promo_code.update with the code before and after. */
    async setPromoCodeActive(actor: StaffAuditActor, id: string, active: boolean): Promise<StaffPromoCode> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
        if (!before) throw notFound(promoCodeMessages.notFound);
        const [after] = await tx.update(promoCodes).set({ active }).where(eq(promoCodes.id, id)).returning();
        const at = now();
        const result = toStaffPromoCode(after ?? before, at);
        await audit.record(
          {
            ...actor,
            action: 'promo_code.update',
            targetType: 'promo_code',
            targetId: id,
            before: toStaffPromoCode(before, at),
            after: result,
          },
          tx,
        );
        return result;
      });
    },

    async listPromoCodes(
      query: PromoCodeListQuery,
      page: number,
      limit: number,
    ): Promise<StaffPage<StaffPromoCode>> {
      const at = now();
      const prefix = query.code ? normalizePromoCode(query.code).replace(/[\\%_]/g, (c) => `\\${c}`) : '';
      const where = and(
        prefix ? ilike(promoCodes.code, `${prefix}%`) : undefined,
        query.status ? statusFilter(query.status, at) : undefined,
        query.rewardCurrency ? eq(promoCodes.rewardCurrency, query.rewardCurrency) : undefined,
      );
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(promoCodes)
          .where(where)
          .orderBy(direction(sortColumns[query.sort]), direction(promoCodes.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(promoCodes).where(where),
      ]);
      return { items: rows.map((row) => toStaffPromoCode(row, at)), total: total?.value ?? 0 };
    },

    /**
     * The sign-up form's check: what the code gives, or a 4xx on `promo` saying why it cannot be used
     * (malformed, unknown, switched off, expired, used up; already used by `userId` when given).
     */
    async validatePromoCode(code: string, userId?: string): Promise<PromoCodeOffer> {
      const row = await byCode(wellFormed(code));
      const refusal = refusalOf(row, now());
      if (refusal || !row) throw refusal;
      if (userId) {
        const used = await db.$count(
          promoRedemptions,
          and(eq(promoRedemptions.promoCodeId, row.id), eq(promoRedemptions.userId, userId)),
        );
        if (used > 0) throw refused(promoCodeMessages.alreadyUsed, 409);
      }
      return offerOf(row);
    },

    /**
     * Redeems a code for a player inside the caller's transaction (a savepoint of it, so a refusal undoes
     * only this): one redemption row per player and code, one use taken by an update that re-checks the
     * code under its row lock, and the reward credited through the wallet (bonus pool) under the
     * redemption's id. Refusals are 4xx on `promo`; a second redemption by the same player is 409.
     */
    async redeemPromoCode(
      tx: DbOrTx,
      userId: string,
      code: string,
    ): Promise<PromoCodeOffer & { redemptionId: string }> {
      const normalized = wellFormed(code);
      return tx.transaction(async (sp) => {
        const found = await byCode(normalized, sp);
        if (!found) throw refused(promoCodeMessages.unknown);
        const [redemption] = await sp
          .insert(promoRedemptions)
          .values({
            promoCodeId: found.id,
            userId,
            amountMinor: found.rewardMinor,
            currency: found.rewardCurrency,
          })
          .onConflictDoNothing()
          .returning();
        if (!redemption) throw refused(promoCodeMessages.alreadyUsed, 409);
        const at = now();
        const [claimed] = await sp
          .update(promoCodes)
          .set({ usesCount: sql`${promoCodes.usesCount} + 1` })
          .where(
            and(
              eq(promoCodes.id, found.id),
              eq(promoCodes.active, true),
              gt(promoCodes.expiresAt, at),
              lt(promoCodes.usesCount, promoCodes.maxUses),
            ),
          )
          .returning();
        if (!claimed) throw refusalOf(await byCode(normalized, sp), at) ?? refused(promoCodeMessages.usedUp);
        await wallet.bonusCredit(
          {
            userId,
            currency: claimed.rewardCurrency,
            amount: claimed.rewardMinor,
            key: `promo:${redemption.id}`,
            metadata: { promoCode: claimed.code },
          },
          sp,
        );
        await recordEvent(sp, 'bonuses.credited', {
          userId,
          ruleName: `Promo code ${claimed.code}`,
          ruleKey: 'promo-code',
          ruleParams: { code: claimed.code },
          amount: claimed.rewardMinor,
          currency: claimed.rewardCurrency,
        });
        return { ...offerOf(claimed), redemptionId: redemption.id };
      });
    },
  };
}
