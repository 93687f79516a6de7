// What the bonuses back office tests (bonuses-*.test.ts) share: their app, and the promo code steps.
import { randomUUID } from 'node:crypto';
import type { PromoCodeCreate, StaffPromoCode } from '@paws/contracts/staff-promotions';
import { expect } from 'vitest';
import { users } from '../../src/modules/identity/schema.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';

export const API = '/api/staff/bonuses';

/** The platform with its back office, one finance member (who may write) and one support member (who reads). */
export async function createBonusesTestApp() {
  const ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  const [finance, support] = await Promise.all([
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['support']),
  ]);
  return { ctx, finance, support };
}

export const inFuture = (days = 30) => new Date(Date.now() + days * 86_400_000).toISOString();
/** A code no other test uses. */
export const freshCode = () => randomUUID().replaceAll('-', '').slice(0, 6).toUpperCase();

/** The promo code tests' steps, on the app and finance member `current()` returns once beforeAll built them. */
export function promoCodeSteps(current: () => { ctx: IdentityTestApp; finance: StaffSession }) {
  const db = () => current().ctx.app.database.db;
  /** A player account written straight to the table (many at once, no sign-up round trips). */
  async function players(n: number): Promise<string[]> {
    const rows = await db()
      .insert(users)
      .values(Array.from({ length: n }, () => ({ email: `p-${randomUUID()}@promo.test`, passwordHash: 'x' })))
      .returning({ id: users.id });
    return rows.map((row) => row.id);
  }
  const actor = () => ({ actorId: current().finance.userId, actorRoles: ['finance'], ip: '192.0.2.7' });

  async function createCode(body: Partial<PromoCodeCreate> = {}) {
    const res = await current().finance.inject({
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
    const { ctx } = current();
    try {
      const offer = await db().transaction((tx) => ctx.app.bonuses.redeemPromoCode(tx, userId, code));
      return { ok: true as const, offer };
    } catch (error) {
      const { statusCode, message, field } = error as {
        statusCode?: number;
        message: string;
        field?: string;
      };
      return { ok: false as const, statusCode, message, field };
    }
  }
  return { db, players, actor, createCode, redeem };
}
