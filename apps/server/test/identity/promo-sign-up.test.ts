import { authMessages } from '@paws/contracts/auth';
import type { UserBonusesResponse } from '@paws/contracts/bonuses';
import type { UserData } from '@paws/contracts/profile';
import { promoCodeMessages } from '@paws/contracts/staff-promotions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/core/events/record.ts';
import { promoCodes } from '../../src/modules/bonuses/schema.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { quiesce } from '../backbone/helpers.ts';
import { eventually } from '../payments/helpers.ts';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastLinkTo,
  PASSWORD,
  PLATFORM_HOST,
  tokenOf,
  uniqueAddress,
  userData,
} from './helpers.ts';

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx?.close());

const actor = { actorId: null, actorRoles: ['admin' as const], ip: '127.0.0.1' };
let counter = 0;
async function promo(options: { amount?: number; maxUses?: number; expiresInMs?: number } = {}) {
  const code = `P${Date.now().toString(36).slice(-3).toUpperCase()}${(counter++).toString(36).toUpperCase().padStart(2, '0')}`;
  await ctx.app.bonuses.createPromoCode(actor, {
    code,
    rewardCurrency: 'BONUS_USD',
    amount: options.amount ?? 7,
    maxUses: options.maxUses ?? 10,
    expiresAt: new Date(Date.now() + (options.expiresInMs ?? 3_600_000)).toISOString(),
  });
  return code;
}

function signUp(email: string, code: string) {
  const b = browser(ctx.app, PLATFORM_HOST);
  const res = b.post(`${ID}/auth/registration?promo=${code}`, {
    email,
    password: PASSWORD,
    ageConfirmed: true,
    callbackUrl: `${LANDING}/callback/register`,
  });
  return { b, res };
}
const accountsWith = (email: string) => ctx.app.database.db.$count(users, eq(users.email, email));

describe('a promo code at sign-up', () => {
  it('is credited once, when the account is confirmed', async () => {
    const code = await promo({ amount: 7 });
    const { email } = uniqueAddress();
    const { b, res } = signUp(email, code.toLowerCase());
    expect((await res).statusCode, (await res).body).toBe(201);
    const [user] = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.promoCode).toBe(code);
    await quiesce(ctx.app);
    expect(await ctx.app.wallet.balanceOf(user!.id, 'BONUS_USD')).toBe(0);

    const verify = await b.post(`${ID}/auth/registration/verify`, {
      token: tokenOf(await lastLinkTo(ctx.app, email)),
    });
    expect(verify.statusCode).toBe(201);
    const promoRows = async () =>
      ((await b.get('/api/bonuses/user-bonuses')).json() as UserBonusesResponse).userBonuses.filter(
        (row) => row.presentationRuleName === `Promo code ${code}`,
      );
    await eventually(async () => expect(await promoRows()).toEqual([expect.objectContaining({ amount: 7 })]));
    await quiesce(ctx.app);
    const balance = await ctx.app.wallet.balanceOf(user!.id, 'BONUS_USD');
    // The promo's 7 and the welcome task's 1 for the confirmed account.
    expect(balance).toBe(8_00);

    // A second confirmation (the phone, say) pays nothing more.
    await ctx.app.database.db.transaction((tx) =>
      recordEvent(tx, 'identity.phone_confirmed', { userId: user!.id }),
    );
    await quiesce(ctx.app);
    expect(await ctx.app.wallet.balanceOf(user!.id, 'BONUS_USD')).toBe(balance);
    expect(await promoRows()).toHaveLength(1);
    const [row] = await ctx.app.database.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(row?.usesCount).toBe(1);
    expect(((await userData(b)).json() as UserData).user.promoCode).toBe(code);
  });

  it('refuses a malformed, unknown, expired or used-up code on the promo field, and creates no account', async () => {
    const expired = await promo({ expiresInMs: -60_000 });
    const usedUp = await promo({ maxUses: 1 });
    const first = uniqueAddress().email;
    const taken = signUp(first, usedUp);
    expect((await taken.res).statusCode).toBe(201);
    await taken.b.post(`${ID}/auth/registration/verify`, {
      token: tokenOf(await lastLinkTo(ctx.app, first)),
    });
    await eventually(async () => {
      const [row] = await ctx.app.database.db.select().from(promoCodes).where(eq(promoCodes.code, usedUp));
      expect(row?.usesCount).toBe(1);
    });

    const cases: [string, string][] = [
      ['AB1', authMessages.promoInvalid],
      ['ZZZZZ9', promoCodeMessages.unknown],
      [expired, promoCodeMessages.expired],
      [usedUp, promoCodeMessages.usedUp],
    ];
    for (const [code, message] of cases) {
      const { email } = uniqueAddress();
      const res = await signUp(email, code).res;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message, field: 'promo' });
      expect(await accountsWith(email)).toBe(0);
    }
  });
});
