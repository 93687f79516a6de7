import { randomUUID } from 'node:crypto';
import type { UserBonusesResponse } from '@paws/contracts/bonuses';
import type { StaffPage } from '@paws/contracts/staff-lists';
import {
  bonusRuleMessages,
  type PromoCodeCreate,
  promoCodeMessages,
  type StaffBonusRule,
  type StaffPromoCode,
} from '@paws/contracts/staff-promotions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { bonusRules, promoCodes, promoRedemptions, userBonuses } from '../../src/modules/bonuses/schema.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/signature.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { deposit, eventually, signedInPlayer } from '../payments/helpers.ts';
import { ledgerProblems, noProblems } from '../wallet/helpers.ts';

const API = '/api/staff/bonuses';
let ctx: IdentityTestApp;
let finance: StaffSession;
let support: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [finance, support] = await Promise.all([
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['support']),
  ]);
});
afterAll(() => ctx?.close());

const db = () => ctx.app.database.db;
const inFuture = (days = 30) => new Date(Date.now() + days * 86_400_000).toISOString();
/** A code no other test uses. */
const freshCode = () => randomUUID().replaceAll('-', '').slice(0, 6).toUpperCase();
/** A player account written straight to the table (many at once, no sign-up round trips). */
async function players(n: number): Promise<string[]> {
  const rows = await db()
    .insert(users)
    .values(Array.from({ length: n }, () => ({ email: `p-${randomUUID()}@promo.test`, passwordHash: 'x' })))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}
const actor = () => ({ actorId: finance.userId, actorRoles: ['finance'], ip: '192.0.2.7' });

async function createCode(body: Partial<PromoCodeCreate> = {}) {
  const res = await finance.inject({
    method: 'POST',
    url: `${API}/promo-codes`,
    payload: {
      code: freshCode(),
      rewardCurrency: 'BONUS_USD',
      amount: 5,
      expiresAt: inFuture(),
      maxUses: 10,
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as StaffPromoCode;
}
/** What a redemption answers, or the refusal's status and message. */
async function redeem(userId: string, code: string) {
  try {
    const offer = await db().transaction((tx) => ctx.app.bonuses.redeemPromoCode(tx, userId, code));
    return { ok: true as const, offer };
  } catch (error) {
    const { statusCode, message, field } = error as { statusCode?: number; message: string; field?: string };
    return { ok: false as const, statusCode, message, field };
  }
}

describe('bonus rules', () => {
  const rules = async (session: StaffSession) => {
    const res = await session.inject({ method: 'GET', url: `${API}/rules` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: StaffBonusRule[] }).items;
  };
  const ruleByCode = async (code: string) => (await rules(finance)).find((rule) => rule.code === code)!;

  it('lists every rule with its figures in dollars; support reads, only finance and admin write', async () => {
    const list = await rules(support);
    expect(list.find((rule) => rule.code === 'weekly-bets')).toMatchObject({
      name: 'Weekly bonus',
      kind: 'WEEKLY',
      targetAmount: 500,
      rewardAmount: 10,
      rewardCurrency: 'BONUS_USD',
      active: true,
    });
    expect(list.find((rule) => rule.code === 'daily-7-days')?.targetAmount).toBeNull();
    const refused = await support.inject({
      method: 'PATCH',
      url: `${API}/rules/${list[0]!.id}`,
      payload: { rewardAmount: 1 },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('an edit counts from the next evaluation, and is audited with the rule before and after', async () => {
    const weekly = await ruleByCode('weekly-bets');
    const res = await finance.inject({
      method: 'PATCH',
      url: `${API}/rules/${weekly.id}`,
      payload: { targetAmount: 10, rewardAmount: 3.5, name: 'Weekly sprint' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ targetAmount: 10, rewardAmount: 3.5, name: 'Weekly sprint' });

    // A player staking $10 now reaches the new target and gets the new reward.
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 50);
    const session = await ctx.app.wallet.createGameSession({
      userId,
      currency: 'USD',
      gameCode: 'european-roulette',
      providerCode: STUDIO_PROVIDER.code,
    });
    const roundId = randomUUID();
    await ctx.app.wallet.bet({
      providerCode: STUDIO_PROVIDER.code,
      transactionId: `bet-${roundId}`,
      roundId,
      sessionToken: session.token,
      userId,
      currency: 'USD',
      amount: 10_00,
      gameCode: 'european-roulette',
    });
    const credited = await eventually(async () => {
      const [row] = await db()
        .select()
        .from(userBonuses)
        .where(and(eq(userBonuses.userId, userId), eq(userBonuses.ruleId, weekly.id)));
      expect(row).toBeDefined();
      return row!;
    });
    expect(credited.amountMinor).toBe(3_50);
    const overview = (await b.get('/api/bonuses/profile/bonuses')).json();
    expect(overview.activityBonuses.everyWeek).toMatchObject({
      presentationRuleName: 'Weekly sprint',
      targetAmount: 10,
      amount: 3.5,
      credited: true,
    });

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bonus_rule.update'), eq(auditLog.targetId, weekly.id)));
    expect(audit).toMatchObject({
      actorId: finance.userId,
      actorRoles: ['finance'],
      targetType: 'bonus_rule',
      before: { targetAmount: 500, rewardAmount: 10, name: 'Weekly bonus' },
      after: { targetAmount: 10, rewardAmount: 3.5, name: 'Weekly sprint' },
    });

    // A switched-off rule pays nobody and is not shown.
    const off = await finance.inject({
      method: 'PATCH',
      url: `${API}/rules/${weekly.id}`,
      payload: { active: false },
    });
    expect(off.json().active).toBe(false);
    const after = (await b.get('/api/bonuses/profile/bonuses')).json();
    expect(after.activityBonuses.everyWeek).toBeNull();
    await finance.inject({
      method: 'PATCH',
      url: `${API}/rules/${weekly.id}`,
      payload: { active: true, targetAmount: 500, rewardAmount: 10, name: 'Weekly bonus' },
    });
    expect(await ledgerProblems(db())).toEqual(noProblems);
  });

  it('refuses bad edits, naming the field', async () => {
    const weekly = await ruleByCode('weekly-bets');
    const daily = await ruleByCode('daily-7-days');
    const cases: [string, unknown, string | undefined, string][] = [
      [weekly.id, { rewardAmount: 0 }, 'rewardAmount', bonusRuleMessages.rewardAmount],
      [weekly.id, { rewardAmount: 1.234 }, 'rewardAmount', bonusRuleMessages.rewardAmount],
      [weekly.id, { rewardAmount: '5' }, 'rewardAmount', bonusRuleMessages.rewardAmount],
      [weekly.id, { targetAmount: -1 }, 'targetAmount', bonusRuleMessages.targetAmount],
      [daily.id, { targetAmount: 10 }, 'targetAmount', bonusRuleMessages.targetNotApplicable],
      [weekly.id, { name: '  ' }, 'name', bonusRuleMessages.name],
      [weekly.id, { name: 'x'.repeat(101) }, 'name', bonusRuleMessages.name],
      [weekly.id, { active: 'yes' }, 'active', bonusRuleMessages.active],
      [weekly.id, { sortOrder: 1.5 }, 'sortOrder', bonusRuleMessages.sortOrder],
      [weekly.id, {}, undefined, bonusRuleMessages.empty],
      ['not-an-id', { active: true }, 'id', bonusRuleMessages.id],
    ];
    for (const [id, payload, field, message] of cases) {
      const res = await finance.inject({
        method: 'PATCH',
        url: `${API}/rules/${id}`,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ message, ...(field ? { field } : {}) });
    }
    const unknown = await finance.inject({
      method: 'PATCH',
      url: `${API}/rules/${randomUUID()}`,
      payload: { active: true },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await ruleByCode('weekly-bets')).rewardAmount).toBe(10);
  });
});

describe('promo codes: the back office', () => {
  it('creates a code upper-cased and audited; the same code again is 409 on code', async () => {
    const code = freshCode();
    const created = await createCode({ code: ` ${code.toLowerCase()} `, amount: 12.5, maxUses: 3 });
    expect(created).toMatchObject({
      code,
      rewardCurrency: 'BONUS_USD',
      amount: 12.5,
      maxUses: 3,
      usesCount: 0,
      active: true,
      status: 'active',
      createdBy: finance.userId,
    });
    const again = await finance.inject({
      method: 'POST',
      url: `${API}/promo-codes`,
      payload: {
        code: code.toLowerCase(),
        rewardCurrency: 'FREE_SPINS',
        amount: 5,
        expiresAt: inFuture(),
        maxUses: 1,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'code', message: promoCodeMessages.codeTaken });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promo_code.create'), eq(auditLog.targetId, created.id)));
    expect(audit).toMatchObject({ actorId: finance.userId, before: null, after: { code, amount: 12.5 } });
    const supportTry = await support.inject({
      method: 'POST',
      url: `${API}/promo-codes`,
      payload: {
        code: freshCode(),
        rewardCurrency: 'BONUS_USD',
        amount: 1,
        expiresAt: inFuture(),
        maxUses: 1,
      },
    });
    expect(supportTry.statusCode).toBe(403);
  });

  it('refuses bad input on every field, naming it', async () => {
    const good = {
      code: freshCode(),
      rewardCurrency: 'BONUS_USD',
      amount: 5,
      expiresAt: inFuture(),
      maxUses: 10,
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'AB12' }, 'code', promoCodeMessages.code],
      [{ code: 'AB-123' }, 'code', promoCodeMessages.code],
      [{ code: 'ABCDEFG' }, 'code', promoCodeMessages.code],
      [{ code: undefined }, 'code', promoCodeMessages.code],
      [{ rewardCurrency: 'USD' }, 'rewardCurrency', promoCodeMessages.rewardCurrency],
      [{ amount: 0 }, 'amount', promoCodeMessages.amount],
      [{ amount: 1.234 }, 'amount', promoCodeMessages.amount],
      [{ amount: 100_001 }, 'amount', promoCodeMessages.amount],
      [{ amount: '5' }, 'amount', promoCodeMessages.amount],
      [{ rewardCurrency: 'FREE_SPINS', amount: 2.5 }, 'amount', promoCodeMessages.amount],
      [{ expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt', promoCodeMessages.expiresAt],
      [{ expiresAt: 'next week' }, 'expiresAt', promoCodeMessages.expiresAt],
      [{ expiresAt: undefined }, 'expiresAt', promoCodeMessages.expiresAt],
      [{ maxUses: 0 }, 'maxUses', promoCodeMessages.maxUses],
      [{ maxUses: 2.5 }, 'maxUses', promoCodeMessages.maxUses],
      [{ maxUses: undefined }, 'maxUses', promoCodeMessages.maxUses],
    ];
    for (const [change, field, message] of cases) {
      const res = await finance.inject({
        method: 'POST',
        url: `${API}/promo-codes`,
        payload: { ...good, ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({ field, message });
    }
    expect(await db().$count(promoCodes, eq(promoCodes.code, good.code))).toBe(0);
  });

  it('lists with filters (code prefix, status, currency), pages and exports CSV', async () => {
    const prefix = freshCode().slice(0, 3);
    const spins = await createCode({
      code: `${prefix}SP1`,
      rewardCurrency: 'FREE_SPINS',
      amount: 20,
      maxUses: 1,
    });
    const cash = await createCode({ code: `${prefix}CA1`, amount: 7.25 });
    const off = await createCode({ code: `${prefix}OF1` });
    const old = await createCode({ code: `${prefix}EX1` });
    await finance.inject({
      method: 'PATCH',
      url: `${API}/promo-codes/${off.id}`,
      payload: { active: false },
    });
    await db()
      .update(promoCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(promoCodes.id, old.id));
    const [spinner] = await players(1);
    expect((await redeem(spinner!, spins.code)).ok).toBe(true);

    const list = async (query: string) => {
      const res = await support.inject({ method: 'GET', url: `${API}/promo-codes?code=${prefix}&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as StaffPage<StaffPromoCode>;
    };
    const all = await list('sort=code&order=asc');
    expect(all.total).toBe(4);
    expect(all.items.map((item) => [item.code, item.status])).toEqual([
      [cash.code, 'active'],
      [old.code, 'expired'],
      [off.code, 'inactive'],
      [spins.code, 'used_up'],
    ]);
    expect((await list('status=active')).items.map((item) => item.code)).toEqual([cash.code]);
    expect((await list('status=expired')).items.map((item) => item.code)).toEqual([old.code]);
    expect((await list('status=inactive')).items.map((item) => item.code)).toEqual([off.code]);
    expect((await list('status=used_up')).items.map((item) => item.code)).toEqual([spins.code]);
    expect((await list('rewardCurrency=FREE_SPINS')).items.map((item) => item.code)).toEqual([spins.code]);
    const paged = await list('sort=code&order=desc&limit=1&page=2');
    expect(paged).toMatchObject({ total: 4, items: [{ code: off.code }] });

    const csv = await support.inject({
      method: 'GET',
      url: `${API}/promo-codes?code=${prefix}&sort=code&order=asc&format=csv`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Code,Reward currency,Amount,Expires at,Maximum uses,Uses,Status,Created by,Created at',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`${cash.code},BONUS_USD,7.25,`);
    expect(lines[4]).toContain(`${spins.code},FREE_SPINS,20,`);

    for (const [query, field] of [
      ['status=gone', 'status'],
      ['rewardCurrency=USD', 'rewardCurrency'],
      ['sort=owner', 'sort'],
      ['limit=0', 'limit'],
    ] as const) {
      const res = await support.inject({ method: 'GET', url: `${API}/promo-codes?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it('deactivates (and reactivates) a code, audited; a deactivated code is refused', async () => {
    const promo = await createCode();
    const off = await finance.inject({
      method: 'PATCH',
      url: `${API}/promo-codes/${promo.id}`,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false, status: 'inactive' });
    const [player] = await players(1);
    expect(await redeem(player!, promo.code)).toMatchObject({
      ok: false,
      statusCode: 400,
      field: 'promo',
      message: promoCodeMessages.inactive,
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promo_code.update'), eq(auditLog.targetId, promo.id)));
    expect(audit).toMatchObject({ before: { active: true }, after: { active: false } });

    const on = await finance.inject({
      method: 'PATCH',
      url: `${API}/promo-codes/${promo.id}`,
      payload: { active: true },
    });
    expect(on.json().status).toBe('active');
    expect((await redeem(player!, promo.code)).ok).toBe(true);

    for (const [url, payload, status, field] of [
      [`${API}/promo-codes/${promo.id}`, { active: 'no' }, 400, 'active'],
      [`${API}/promo-codes/nope`, { active: false }, 400, 'id'],
      [`${API}/promo-codes/${randomUUID()}`, { active: false }, 404, undefined],
    ] as const) {
      const res = await finance.inject({ method: 'PATCH', url, payload });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().field).toBe(field);
    }
  });
});

describe('promo codes: redemption (sign-up, issue 17)', () => {
  it('credits the reward once per player through the wallet, and shows it in the bonus history', async () => {
    const promo = await createCode({ amount: 7.5 });
    const { b, userId } = await signedInPlayer(ctx);
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
