import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/modules/identity/schema.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/index.ts';
import type { StaffSession } from '../helpers/staff.ts';
import {
  browser,
  ID,
  type IdentityTestApp,
  LANDING,
  lastLinkTo,
  PASSWORD,
  PLATFORM_HOST,
  tokenOf,
} from '../identity/helpers.ts';
import { eventually, signedInPlayer, WITHDRAW } from '../payments/helpers.ts';
import { approve, createWithdrawalsTestApp, withdrawalSteps } from './withdrawals-helpers.ts';

let ctx: IdentityTestApp;
let finance: StaffSession;

beforeAll(async () => {
  ({ ctx, finance } = await createWithdrawalsTestApp());
});
afterAll(() => ctx?.close());

const { db, rowOf, pendingWithdrawal, one } = withdrawalSteps(() => ({ ctx, finance }));

describe('risk badges', () => {
  it('FIRST_WITHDRAWAL until a withdrawal of the player was paid out', async () => {
    ctx.app.payments.setSettleDelay(50);
    const { b, id } = await pendingWithdrawal(5, 100);
    expect((await one(id)).badges).toContain('FIRST_WITHDRAWAL');
    await approve(finance, id);
    await eventually(async () => expect((await rowOf(id))?.status).toBe('COMPLETED'));
    const next = (await b.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).json().transaction.id;
    expect((await one(next)).badges).not.toContain('FIRST_WITHDRAWAL');
  });

  it('LARGE_AMOUNT from $1,000', async () => {
    const { b, id } = await pendingWithdrawal(999.99, 3_000);
    expect((await one(id)).badges).not.toContain('LARGE_AMOUNT');
    const large = (await b.post(WITHDRAW, { amount: 1_000, paymentMethod: 'CARD' })).json().transaction.id;
    expect((await one(large)).badges).toContain('LARGE_AMOUNT');
  });

  it('DEPOSIT_NO_PLAY when no real-money bet followed the last deposit', async () => {
    const { b, userId, id } = await pendingWithdrawal(5, 50);
    expect((await one(id)).badges).toContain('DEPOSIT_NO_PLAY');
    const { token } = await ctx.app.wallet.createGameSession({
      userId,
      gameCode: 'wild-paws',
      providerCode: STUDIO_PROVIDER.code,
      currency: 'USD',
    });
    await ctx.app.wallet.bet({
      providerCode: STUDIO_PROVIDER.code,
      transactionId: randomUUID(),
      roundId: randomUUID(),
      sessionToken: token,
      userId,
      currency: 'USD',
      amount: 100,
      gameCode: 'wild-paws',
    });
    const played = (await b.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).json().transaction.id;
    expect((await one(played)).badges).not.toContain('DEPOSIT_NO_PLAY');
    // Never deposited (the money came another way): no deposit to speak of.
    const { b: gifted, userId: giftedId } = await signedInPlayer(ctx, { verified: true });
    await ctx.app.wallet.adjust({
      userId: giftedId,
      currency: 'USD',
      amount: 1_000,
      key: randomUUID(),
      reason: 'GOODWILL',
    });
    const gift = (await gifted.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).json().transaction.id;
    expect((await one(gift)).badges).not.toContain('DEPOSIT_NO_PLAY');
  });

  it('NEW_DEVICE when asked from a browser that first signed in within the last day, not the first one', async () => {
    const { b, userId, id } = await pendingWithdrawal(5, 50);
    expect((await one(id)).badges).not.toContain('NEW_DEVICE');
    // The player has used their first browser for days.
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(sessions.userId, userId));
    const email = ((await b.get('/api/platform/profile/user-data')).json() as { user: { email: string } })
      .user.email;
    // The same account signs in from another browser, which asks for the next withdrawal.
    const other = otherBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0');
    const login = await other.post(`${ID}/auth/login`, {
      email,
      password: PASSWORD,
      callbackUrl: `${LANDING}/callback/login`,
    });
    expect(login.statusCode, login.body).toBe(201);
    const verified = await other.post(`${ID}/auth/login/verify`, {
      token: tokenOf(await lastLinkTo(ctx.app, email)),
    });
    expect(verified.statusCode, verified.body).toBe(201);
    const fresh = (await other.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).json().transaction.id;
    const shown = await one(fresh);
    expect(shown.badges).toContain('NEW_DEVICE');
    expect(shown.userAgent).toContain('Firefox');
    // The first browser asking again is still not new.
    const again = (await b.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' })).json().transaction.id;
    expect((await one(again)).badges).not.toContain('NEW_DEVICE');
  });
});

/** A browser on the platform with its own user agent (another device of the same player). */
function otherBrowser(userAgent: string) {
  const b = browser(ctx.app, PLATFORM_HOST);
  const headers = { 'user-agent': userAgent };
  return {
    post: (url: string, payload?: unknown) => b.post(url, payload, { headers }),
    get: (url: string) => b.get(url, { headers }),
  };
}
