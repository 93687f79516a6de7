import { randomUUID } from 'node:crypto';
import type { UserBonusesResponse } from '@paws/contracts/bonuses';
import { promoCodeMessages } from '@paws/contracts/staff-promotions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusRules, promoCodes, promoRedemptions } from '../../src/modules/bonuses/schema.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { quiesce } from '../backbone/helpers.ts';
import type { StaffSession } from '../helpers/staff.ts';
import type { IdentityTestApp } from '../identity/helpers.ts';
import { signedInPlayer } from '../payments/helpers.ts';
import { ledgerProblems, noProblems } from '../wallet/helpers.ts';
import { createBonusesTestApp, freshCode, inFuture, promoCodeSteps } from './bonuses-helpers.ts';

let ctx: IdentityTestApp;
let finance: StaffSession;

beforeAll(async () => {
  ({ ctx, finance } = await createBonusesTestApp());
});
afterAll(() => ctx?.close());

const { db, players, actor, createCode, redeem } = promoCodeSteps(() => ({ ctx, finance }));

describe('promo codes: redemption (sign-up, issue 17)', () => {
  it('credits the reward once per player through the wallet, and shows it in the bonus history', async () => {
    const promo = await createCode({ amount: 7.5 });
    const { b, userId } = await signedInPlayer(ctx);
    // The confirmed address's welcome bonus arrives through the events subscriber: let it land first, so the
    // balance below moves by the promo code alone.
    await quiesce(ctx.app);
    const before = await ctx.app.wallet.balanceOf(userId, 'BONUS_USD');

    const first = await redeem(userId, promo.code.toLowerCase());
    expect(first).toMatchObject({
      ok: true,
      offer: { code: promo.code, rewardCurrency: 'BONUS_USD', amount: 7.5 },
    });
    const second = await redeem(userId, promo.code);
    expect(second).toMatchObject({
      ok: false,
      statusCode: 409,
      field: 'promo',
      message: promoCodeMessages.alreadyUsed,
    });
    expect(await ctx.app.wallet.balanceOf(userId, 'BONUS_USD')).toBe(before + 7_50);

    const history = (await b.get('/api/bonuses/user-bonuses')).json() as UserBonusesResponse;
    expect(
      history.userBonuses.filter((item) => item.presentationRuleName === `Promo code ${promo.code}`),
    ).toEqual([expect.objectContaining({ amount: 7.5 })]);
    expect(history.count).toBe(history.userBonuses.length);
    await expect(ctx.app.bonuses.validatePromoCode(promo.code, userId)).rejects.toMatchObject({
      statusCode: 409,
      message: promoCodeMessages.alreadyUsed,
    });
  });

  it('five redemptions by one player at once credit once', async () => {
    const promo = await createCode({ rewardCurrency: 'FREE_SPINS', amount: 15 });
    const [player] = await players(1);
    const results = await Promise.all(Array.from({ length: 5 }, () => redeem(player!, promo.code)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => result.message)).toEqual(
      Array(4).fill(promoCodeMessages.alreadyUsed),
    );
    expect(await ctx.app.wallet.balanceOf(player!, 'FREE_SPINS')).toBe(15);
  });

  it('20 players redeeming a 5-use code at once: exactly 5 are credited, the rest hear it is used up', async () => {
    const promo = await createCode({ amount: 2, maxUses: 5 });
    const crowd = await players(20);
    const results = await Promise.all(crowd.map((userId) => redeem(userId, promo.code)));
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    const refusals = results.filter((result) => !result.ok);
    expect(refusals.map((result) => [result.statusCode, result.field, result.message])).toEqual(
      Array(15).fill([400, 'promo', promoCodeMessages.usedUp]),
    );
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(row?.usesCount).toBe(5);
    expect(await db().$count(promoRedemptions, eq(promoRedemptions.promoCodeId, promo.id))).toBe(5);
    const balances = await Promise.all(crowd.map((userId) => ctx.app.wallet.balanceOf(userId, 'BONUS_USD')));
    expect(balances.filter((balance) => balance === 2_00)).toHaveLength(5);
    expect(balances.filter((balance) => balance === 0)).toHaveLength(15);
    expect(await ledgerProblems(db())).toEqual(noProblems);
  });

  it('refuses unknown, malformed, expired and used-up codes with clear messages; the caller keeps its transaction', async () => {
    const [player] = await players(1);
    expect(await redeem(player!, 'ZZZZZ9')).toMatchObject({
      ok: false,
      field: 'promo',
      message: promoCodeMessages.unknown,
    });
    expect(await redeem(player!, 'AB-12')).toMatchObject({
      ok: false,
      field: 'promo',
      message: promoCodeMessages.invalid,
    });

    const expired = await createCode();
    await db()
      .update(promoCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(promoCodes.id, expired.id));
    expect(await redeem(player!, expired.code)).toMatchObject({
      ok: false,
      message: promoCodeMessages.expired,
    });
    await expect(ctx.app.bonuses.validatePromoCode(expired.code)).rejects.toMatchObject({
      statusCode: 400,
      field: 'promo',
      message: promoCodeMessages.expired,
    });

    const single = await createCode({ maxUses: 1 });
    const [first, second] = await players(2);
    expect((await redeem(first!, single.code)).ok).toBe(true);
    await expect(ctx.app.bonuses.validatePromoCode(single.code)).rejects.toMatchObject({
      message: promoCodeMessages.usedUp,
    });
    expect(await redeem(second!, single.code)).toMatchObject({
      ok: false,
      message: promoCodeMessages.usedUp,
    });
    expect(await db().$count(promoRedemptions, eq(promoRedemptions.userId, second!))).toBe(0);

    // A refusal undoes only the redemption: the rest of the caller's transaction (a sign-up) still commits.
    const marker = `m-${randomUUID()}@promo.test`;
    await db().transaction(async (tx) => {
      await tx.insert(users).values({ email: marker, passwordHash: 'x' });
      await expect(ctx.app.bonuses.redeemPromoCode(tx, second!, expired.code)).rejects.toMatchObject({
        message: promoCodeMessages.expired,
      });
    });
    expect(await db().$count(users, eq(users.email, marker))).toBe(1);

    const valid = await createCode({ rewardCurrency: 'FREE_SPINS', amount: 25 });
    expect(await ctx.app.bonuses.validatePromoCode(valid.code.toLowerCase())).toEqual({
      code: valid.code,
      rewardCurrency: 'FREE_SPINS',
      amount: 25,
      expiresAt: valid.expiresAt,
    });
    await expect(ctx.app.bonuses.validatePromoCode('12')).rejects.toMatchObject({
      message: promoCodeMessages.invalid,
    });
    // The service refuses a code whose reward does not fit its currency even without the route's schema.
    await expect(
      ctx.app.bonuses.createPromoCode(actor(), {
        code: freshCode(),
        rewardCurrency: 'FREE_SPINS',
        amount: 0.5,
        expiresAt: inFuture(),
        maxUses: 1,
      }),
    ).rejects.toMatchObject({ statusCode: 400, field: 'amount' });
    expect(await db().$count(bonusRules)).toBeGreaterThan(0);
  });
});
