import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import { quiesce } from '../backbone/helpers.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { browser, ID, LANDING, PLATFORM_HOST, signUpByEmail } from '../identity/helpers.ts';

const PRIVATE_SECRET = 'a-private-production-secret-0123456789abcdef';
const WALLET_SECRET = 'a-private-studio-wallet-secret-0123456789abcdef';

describe('production-safe defaults', () => {
  it('production starts with no sandbox payments, no sandbox verification and no demo seed', () => {
    const production = parseEnv({
      NODE_ENV: 'production',
      SECRET: PRIVATE_SECRET,
      STUDIO_WALLET_SECRET: WALLET_SECRET,
    });
    expect(production).toMatchObject({ SEED: false, PAYMENTS_SANDBOX: false, KYC_SANDBOX: false });
    const enabled = parseEnv({
      NODE_ENV: 'production',
      SECRET: PRIVATE_SECRET,
      STUDIO_WALLET_SECRET: WALLET_SECRET,
      SEED: 'true',
      PAYMENTS_SANDBOX: 'true',
      KYC_SANDBOX: 'true',
    });
    expect(enabled).toMatchObject({ SEED: true, PAYMENTS_SANDBOX: true, KYC_SANDBOX: true });
    expect(parseEnv({ NODE_ENV: 'development' })).toMatchObject({
      SEED: true,
      PAYMENTS_SANDBOX: true,
      KYC_SANDBOX: true,
    });
  });

  it('production refuses the development SECRET and studio wallet secret with one line naming each', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /^Invalid environment variable SECRET: must be set to a private value in production$/,
    );
    expect(() =>
      parseEnv({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'yes', SECRET: PRIVATE_SECRET }),
    ).toThrow(/^Invalid environment variable PAYMENTS_SANDBOX/);
  });

  describe('an app with the sandboxes off', () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      ctx = await createTestApp({ PAYMENTS_SANDBOX: 'false', KYC_SANDBOX: 'false' });
    });
    afterAll(() => ctx.close());

    it('credits no deposit and starts no verification: 503 with a reason, nothing written', async () => {
      const b = browser(ctx.app, PLATFORM_HOST);
      await signUpByEmail(ctx.app, b);
      const deposit = await b.post('/api/platform/users/deposit', {
        amount: 1_000_000_000,
        paymentMethod: 'CARD',
      });
      expect(deposit.statusCode).toBe(503);
      expect(deposit.json()).toEqual({
        statusCode: 503,
        message: 'Payments are not available right now: no payment provider is configured',
      });
      // The welcome bonus for the confirmed address comes through the events subscriber: wait for it, so the
      // history read below is the same whichever arrives first.
      await quiesce(ctx.app);
      const history = (await b.get('/api/platform/profile/balance-transactions')).json() as {
        balanceTransactions: { type: string }[];
      };
      expect(history.balanceTransactions.filter((row) => row.type === 'DEPOSIT')).toEqual([]);
      const { balances } = (await b.get('/api/platform/profile/user-data')).json() as {
        balances: { currencyCode: string; amount: number }[];
      };
      expect(balances.filter((balance) => balance.currencyCode === 'USD' && balance.amount !== 0)).toEqual(
        [],
      );

      const verification = await b.get('/api/platform/verification-sessions');
      expect(verification.statusCode).toBe(503);
      expect(verification.json().message).toBe(
        'Identity verification is not available right now: no verification provider is configured',
      );
      const sandboxApi = await b.get(
        '/api/platform/kyc/sandbox/sessions/00000000-0000-4000-8000-000000000000',
      );
      expect(sandboxApi.statusCode).toBe(404);
      expect(sandboxApi.json().message).not.toBe('Verification session not found');
    });
  });

  describe('the development outbox', () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      ctx = await createTestApp({ NODE_ENV: 'development' });
    });
    afterAll(() => ctx.close());

    it('answers only clients on this machine, since it holds every sign-in link and code', async () => {
      await ctx.app.inject({
        method: 'POST',
        url: `${ID}/auth/login`,
        headers: { host: 'landing.test' },
        payload: {
          email: 'someone@example.com',
          password: 'Secret#123',
          callbackUrl: `${LANDING}/callback/login`,
        },
      });
      const local = await ctx.app.inject({ url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      const remote = await ctx.app.inject({ url: '/api/dev/outbox', remoteAddress: '192.0.2.10' });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('messages');
    });
  });
});
