import { randomUUID } from 'node:crypto';
import type { StaffPage } from '@paws/contracts/staff-lists';
import { promoCodeMessages, type StaffPromoCode } from '@paws/contracts/staff-promotions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { promoCodes } from '../../src/modules/bonuses/schema.ts';
import type { StaffSession } from '../helpers/staff.ts';
import type { IdentityTestApp } from '../identity/helpers.ts';
import { API, createBonusesTestApp, freshCode, inFuture, promoCodeSteps } from './bonuses-helpers.ts';

let ctx: IdentityTestApp;
let finance: StaffSession;
let support: StaffSession;

beforeAll(async () => {
  ({ ctx, finance, support } = await createBonusesTestApp());
});
afterAll(() => ctx?.close());

const { db, players, createCode, redeem } = promoCodeSteps(() => ({ ctx, finance }));

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
