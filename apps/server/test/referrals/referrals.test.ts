import type { UserBonusesResponse } from '@paws/contracts/bonuses';
import { referralMessages } from '@paws/contracts/referrals';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/schema.ts';
import { quiesce } from '../backbone/helpers.ts';
import {
  type Browser,
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
} from '../identity/helpers.ts';
import { deposit, eventually, signedInPlayer } from '../payments/helpers.ts';

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx?.close());

const referralCodeOf = async (b: Browser) => {
  const res = await b.get(`${ID}/profile/referral`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { referralCode: string }).referralCode;
};
const referralRows = async (b: Browser) =>
  ((await b.get('/api/bonuses/user-bonuses')).json() as UserBonusesResponse).userBonuses
    .filter((row) => row.presentationRuleName.startsWith('Referral'))
    .map((row) => [row.presentationRuleName, row.amount]);

async function signUpWith(referralCode: string) {
  const b = browser(ctx.app, PLATFORM_HOST);
  const { email } = uniqueAddress();
  const res = await b.post(`${ID}/auth/registration?referralCode=${referralCode}`, {
    email,
    password: PASSWORD,
    ageConfirmed: true,
    callbackUrl: `${LANDING}/callback/register`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const verify = await b.post(`${ID}/auth/registration/verify`, {
    token: tokenOf(await lastLinkTo(ctx.app, email)),
  });
  expect(verify.statusCode).toBe(201);
  const [user] = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
  return { b, email, user: user! };
}

describe('referral', () => {
  it('every player has one code, the same on every call', async () => {
    const { b } = await signedInPlayer(ctx);
    const code = await referralCodeOf(b);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(await referralCodeOf(b)).toBe(code);
    expect((await browser(ctx.app, PLATFORM_HOST).get(`${ID}/profile/referral`)).statusCode).toBe(401);
  });

  it("rewards the referrer once, on the referred player's first deposit, in both players' bonus history", async () => {
    const referrer = await signedInPlayer(ctx);
    const code = await referralCodeOf(referrer.b);
    const referred = await signUpWith(code.toLowerCase());
    expect(referred.user).toMatchObject({ referralCode: code.toLowerCase(), referredBy: referrer.userId });

    await quiesce(ctx.app);
    expect(await referralRows(referrer.b)).toEqual([]);

    await deposit(referred.b, 20);
    await eventually(async () => expect(await referralRows(referrer.b)).toEqual([['Referral reward', 10]]));
    expect(await referralRows(referred.b)).toEqual([['Referral welcome bonus', 5]]);

    await deposit(referred.b, 30);
    await quiesce(ctx.app);
    expect(await referralRows(referrer.b)).toEqual([['Referral reward', 10]]);
    expect(await referralRows(referred.b)).toEqual([['Referral welcome bonus', 5]]);
  });

  it('an unknown code is ignored: the account is made, unreferred', async () => {
    const { user } = await signUpWith('NOSUCH99');
    expect(user).toMatchObject({ referralCode: 'NOSUCH99', referredBy: null });
  });

  it('refuses referring yourself, on the referralCode field', async () => {
    const b = browser(ctx.app, PLATFORM_HOST);
    const { email } = uniqueAddress();
    await b.post(`${ID}/auth/registration`, {
      email,
      password: PASSWORD,
      ageConfirmed: true,
      callbackUrl: `${LANDING}/callback/register`,
    });
    await b.post(`${ID}/auth/registration/verify`, { token: tokenOf(await lastLinkTo(ctx.app, email)) });
    const own = await referralCodeOf(b);
    const again = await browser(ctx.app, PLATFORM_HOST).post(`${ID}/auth/registration?referralCode=${own}`, {
      email,
      password: PASSWORD,
      ageConfirmed: true,
      callbackUrl: `${LANDING}/callback/register`,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: referralMessages.self, field: 'referralCode' });
  });
});
