import { userDataSchema } from '@paws/contracts/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, PLATFORM_HOST, userData } from '../identity/helpers.ts';
import { createPaymentsTestApp, deposit, type PaymentsTestApp, signedInPlayer } from '../payments/helpers.ts';

let ctx: PaymentsTestApp;
beforeAll(async () => {
  ctx = await createPaymentsTestApp();
});
afterAll(() => ctx?.close());

describe('GET /profile/user-data is complete', () => {
  it('answers the user fields, flags, avatar links and every balance (symbol only for real money)', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 12.34);
    const res = await userData(b);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = userDataSchema.parse(res.json());
    expect(body.user).toMatchObject({
      userId,
      verificationType: 'NONE',
      isManager: false,
      role: 'player',
      linkFull: null,
      linkMinified: null,
      emailVerified: true,
    });
    expect(body.user.email).toMatch(/@example\.com$/);
    const byCode = Object.fromEntries(body.balances.map((x) => [x.currencyCode, x]));
    expect(Object.keys(byCode).sort()).toEqual(['BONUS_USD', 'FREE_SPINS', 'PAWS', 'USD']);
    expect(byCode.USD).toEqual({ currencyCode: 'USD', amount: 12.34, currency: { symbol: '$' } });
    for (const code of ['PAWS', 'BONUS_USD', 'FREE_SPINS']) expect(byCode[code]?.currency.symbol).toBeNull();
  });

  it('needs a signed-in player', async () => {
    expect((await userData(browser(ctx.app, PLATFORM_HOST))).statusCode).toBe(401);
  });
});
