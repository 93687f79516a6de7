import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import { browser, createIdentityTestApp, ID, type IdentityTestApp, LANDING } from '../identity/helpers.ts';

const IP_POINTS = 4;
const limits = {
  login: { ip: { points: IP_POINTS, durationSeconds: 60 }, account: { points: 100, durationSeconds: 60 } },
};
const forged = (n: number) => `203.0.113.${n % 250}`;

/** Thirty sign-ins to thirty accounts from one connection, each with another forged X-Forwarded-For. */
async function thirtyLoginsFrom(ctx: IdentityTestApp, connection: string) {
  const statuses: number[] = [];
  for (let n = 0; n < 30; n++) {
    const response = await browser(ctx.app, 'landing.test').send({
      method: 'POST',
      url: `${ID}/auth/login`,
      payload: {
        email: `proxy-${randomBytes(4).toString('hex')}@example.com`,
        password: 'Wrong#Pass1',
        callbackUrl: `${LANDING}/callback/login`,
      },
      remoteAddress: connection,
      headers: { 'x-forwarded-for': forged(n) },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('per-IP limits and X-Forwarded-For', () => {
  describe('with no trusted proxy (the default)', () => {
    let ctx: IdentityTestApp;
    beforeAll(async () => {
      ctx = await createIdentityTestApp({ identity: { rateLimits: limits } });
    });
    afterAll(() => ctx.close());

    it('a forged X-Forwarded-For does not reset the limit: the connection address counts', async () => {
      const statuses = await thirtyLoginsFrom(ctx, '198.51.100.7');
      expect(statuses.slice(0, IP_POINTS).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(IP_POINTS)).toEqual(Array(30 - IP_POINTS).fill(429));
    });
  });

  describe('behind a proxy named in TRUSTED_PROXIES', () => {
    let ctx: IdentityTestApp;
    beforeAll(async () => {
      ctx = await createIdentityTestApp({
        env: { TRUSTED_PROXIES: '10.0.0.0/8' },
        identity: { rateLimits: limits },
      });
    });
    afterAll(() => ctx.close());

    it('the address the proxy forwards counts, so clients behind it are limited one by one', async () => {
      const statuses = await thirtyLoginsFrom(ctx, '10.1.2.3');
      expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    });

    it('a client that is not the proxy still cannot forge its address', async () => {
      const statuses = await thirtyLoginsFrom(ctx, '198.51.100.8');
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - IP_POINTS);
    });
  });

  it('TRUSTED_PROXIES must list addresses or CIDR ranges', () => {
    expect(() => parseEnv({ TRUSTED_PROXIES: '10.0.0.0/8, not-an-address' })).toThrow(
      /^Invalid environment variable TRUSTED_PROXIES: list IP addresses or CIDR ranges$/,
    );
    expect(parseEnv({ TRUSTED_PROXIES: ' 10.0.0.0/8 , 192.168.1.4 ' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
    ]);
  });
});
