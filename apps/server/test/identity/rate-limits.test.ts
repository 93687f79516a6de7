import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/modules/identity/crypto.ts';
import { users } from '../../src/modules/identity/schema.ts';
import {
  browser,
  CookieJar,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  PASSWORD,
} from './helpers.ts';

const IP_POINTS = 4;
const ACCOUNT_POINTS = 2;
const small = {
  ip: { points: IP_POINTS, durationSeconds: 60 },
  account: { points: ACCOUNT_POINTS, durationSeconds: 60 },
};
const limited = /^Too many attempts, please try again in \d+ seconds?$/;

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 8) & 255}.${ipCounter & 255}.${1 + (randomBytes(1)[0]! % 250)}`;
};
const freshEmail = () => `rl-${randomBytes(5).toString('hex')}@example.com`;
const freshPhone = () => `+4477${String(randomBytes(4).readUInt32BE() % 1e8).padStart(8, '0')}`;

describe('rate limits (per IP and per account) answer 429', () => {
  let ctx: IdentityTestApp;
  let passwordHash: string;
  beforeAll(async () => {
    ctx = await createIdentityTestApp({
      identity: {
        rateLimits: {
          login: small,
          registration: small,
          resetPassword: small,
          verify: small,
          profile: small,
        },
      },
    });
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(() => ctx.close());

  const call = (options: InjectOptions & { url: string }, ip: string, jar?: CookieJar) =>
    browser(ctx.app, 'landing.test', jar).send({ ...options, remoteAddress: ip });

  /** A confirmed account made directly, and a signed-in jar for it. */
  async function account() {
    const email = freshEmail();
    const [user] = await ctx.app.database.db
      .insert(users)
      .values({
        email,
        emailVerifiedAt: new Date(),
        phone: freshPhone(),
        phoneVerifiedAt: new Date(),
        passwordHash,
      })
      .returning();
    const tokens = await ctx.app.identity.sessions.start(user!.id, {});
    const jar = new CookieJar();
    jar.set('access_token', tokens.accessToken);
    return { email, phone: user!.phone!, jar };
  }

  type Body = (account: { email: string; phone: string }) => unknown;
  const endpoints: Array<[string, string, Body]> = [
    [
      'login',
      '/auth/login',
      (a) => ({ email: a.email, password: 'Wrong#Pass1', callbackUrl: `${LANDING}/callback/login` }),
    ],
    [
      'login by phone',
      '/auth/login',
      (a) => ({ phone: a.phone, password: 'Wrong#Pass1', callbackUrl: `${LANDING}/x` }),
    ],
    [
      'registration',
      '/auth/registration',
      (a) => ({
        email: a.email,
        password: PASSWORD,
        ageConfirmed: true,
        callbackUrl: `${LANDING}/callback/register`,
      }),
    ],
    ['reset-password', '/auth/reset-password', (a) => ({ email: a.email })],
    ['registration/verify', '/auth/registration/verify', (a) => ({ phone: a.phone, otpPhone: '000000' })],
    ['login/verify', '/auth/login/verify', (a) => ({ phone: a.phone, otpPhone: '000000' })],
    ['reset-password/verify', '/auth/reset-password/verify', (a) => ({ email: a.email, otpEmail: '000000' })],
    [
      'reset-password/new-password',
      '/auth/reset-password/new-password',
      (a) => ({ phone: a.phone, otpEmail: '000000', newPassword: 'Another#Pass1' }),
    ],
  ];

  describe.each(endpoints)('%s', (_name, path, body) => {
    // Password tries count per account and address, so that nobody else can lock the owner out.
    const perAddress = path === '/auth/login';
    it(`per account: ${ACCOUNT_POINTS} a minute, ${perAddress ? 'from one IP' : 'whatever the IP'}`, async () => {
      const a = { email: freshEmail(), phone: freshPhone() };
      const oneIp = freshIp();
      const ipOfCall = () => (perAddress ? oneIp : freshIp());
      for (let i = 0; i < ACCOUNT_POINTS; i++) {
        const res = await call(
          { method: 'POST', url: `${ID}${path}`, payload: body(a) as object },
          ipOfCall(),
        );
        // The 60 s resend wait may answer 429 too, with its own message.
        expect(res.json().message ?? '').not.toMatch(limited);
      }
      const res = await call({ method: 'POST', url: `${ID}${path}`, payload: body(a) as object }, ipOfCall());
      expect(res.statusCode).toBe(429);
      // The wait is in the body too, so a client can count it down (issue 31).
      expect(res.json()).toEqual({
        statusCode: 429,
        message: expect.stringMatching(limited),
        retryInSeconds: Number(res.headers['retry-after']),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      if (perAddress) {
        const owner = await call(
          { method: 'POST', url: `${ID}${path}`, payload: body(a) as object },
          freshIp(),
        );
        expect(owner.statusCode).not.toBe(429);
      }
    });

    it(`per IP: ${IP_POINTS} a minute, whatever the account`, async () => {
      const ip = freshIp();
      for (let i = 0; i < IP_POINTS; i++) {
        const a = { email: freshEmail(), phone: freshPhone() };
        const res = await call({ method: 'POST', url: `${ID}${path}`, payload: body(a) as object }, ip);
        expect(res.statusCode, res.body).not.toBe(429);
      }
      const a = { email: freshEmail(), phone: freshPhone() };
      const res = await call({ method: 'POST', url: `${ID}${path}`, payload: body(a) as object }, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(limited);
      // Another IP is not affected.
      const other = await call(
        { method: 'POST', url: `${ID}${path}`, payload: body(a) as object },
        freshIp(),
      );
      expect(other.statusCode).not.toBe(429);
    });
  });

  it.each([
    ['auth-token/activate', '/auth/auth-token/activate', { authToken: 'x'.repeat(43) }],
    ['profile/verify-email', '/profile/verify-email', { token: 'x'.repeat(43) }],
  ])('%s: per IP (a link token names no account)', async (_name, path, payload) => {
    const ip = freshIp();
    for (let i = 0; i < IP_POINTS; i++) {
      expect((await call({ method: 'POST', url: `${ID}${path}`, payload }, ip)).statusCode).toBe(400);
    }
    expect((await call({ method: 'POST', url: `${ID}${path}`, payload }, ip)).statusCode).toBe(429);
  });

  describe('profile edits and avatar', () => {
    const editUsername = (jar: CookieJar, ip: string) =>
      call(
        {
          method: 'POST',
          url: `${ID}/profile/edit/username`,
          payload: { value: `u${randomBytes(3).toString('hex')}` },
        },
        ip,
        jar,
      );

    it('per account (the signed-in player)', async () => {
      const { jar } = await account();
      for (let i = 0; i < ACCOUNT_POINTS; i++)
        expect((await editUsername(jar, freshIp())).statusCode).toBe(201);
      expect((await editUsername(jar, freshIp())).statusCode).toBe(429);
      const avatar = await call({ method: 'DELETE', url: `${ID}/profile/avatar` }, freshIp(), jar);
      expect(avatar.statusCode).toBe(429);
    });

    it('profile/verify-phone: the verify limit, per signed-in player', async () => {
      const { jar } = await account();
      const payload = { value: '+447700900999', otpPhone: '000000' };
      const verifyPhone = () =>
        call({ method: 'POST', url: `${ID}/profile/verify-phone`, payload }, freshIp(), jar);
      for (let i = 0; i < ACCOUNT_POINTS; i++) expect((await verifyPhone()).statusCode).toBe(400);
      expect((await verifyPhone()).statusCode).toBe(429);
    });

    it('per IP', async () => {
      const ip = freshIp();
      for (let i = 0; i < IP_POINTS; i++)
        expect((await editUsername((await account()).jar, ip)).statusCode).toBe(201);
      expect((await editUsername((await account()).jar, ip)).statusCode).toBe(429);
    });
  });

  it('an account limit is per account: another account from the same IP goes through', async () => {
    const a = { email: freshEmail() };
    const b = { email: freshEmail() };
    const ip = freshIp();
    const login = (x: { email: string }) =>
      call(
        {
          method: 'POST',
          url: `${ID}/auth/login`,
          payload: { email: x.email, password: 'Wrong#Pass1', callbackUrl: `${LANDING}/callback/login` },
        },
        ip,
      );
    for (let i = 0; i < ACCOUNT_POINTS; i++) await login(a);
    expect((await login(a)).statusCode).toBe(429);
    expect((await login(b)).statusCode).toBe(401);
    // The e-mail's case does not make it another account.
    expect((await login({ email: a.email.toUpperCase() })).statusCode).toBe(429);
  });
});

describe('default rate limits', () => {
  it('five log-in attempts a minute per account and address', async () => {
    const ctx = await createIdentityTestApp({ identity: { rateLimits: {} } });
    const ip = freshIp();
    try {
      const payload = {
        email: freshEmail(),
        password: 'Wrong#Pass1',
        callbackUrl: `${LANDING}/callback/login`,
      };
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) {
        answers.push(
          (
            await ctx.app.inject({
              method: 'POST',
              url: `${ID}/auth/login`,
              payload,
              remoteAddress: ip,
            })
          ).statusCode,
        );
      }
      expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
      expect(ctx.app.rateLimiting.store).toBe(process.env.REDIS_URL ? 'redis' : 'memory');
    } finally {
      await ctx.close();
    }
  });
});
