import { verify } from '@node-rs/argon2';
import { demoAccounts } from '@paws/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bans, users } from '../../src/modules/identity/schema.ts';
import { quiesce } from '../backbone/helpers.ts';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastCodeTo,
  lastLinkTo,
  lastMessageTo,
  messagesTo,
  PASSWORD,
  signUpByEmail,
  signUpByPhone,
  tokenOf,
  uniqueAddress,
  userData,
} from './helpers.ts';

// Counts password checks, to see that an unknown account costs one too.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...original, verify: vi.fn(original.verify) };
});

describe('sign-up and log-in', () => {
  let ctx: IdentityTestApp;
  beforeAll(async () => {
    ctx = await createIdentityTestApp();
  });
  afterAll(() => ctx.close());

  describe('by e-mail', () => {
    it('creates an unconfirmed account, e-mails a link, and the link confirms and signs in', async () => {
      const b = browser(ctx.app);
      const { email } = uniqueAddress();
      const res = await b.post(`${ID}/auth/registration`, {
        email: email.toUpperCase(),
        password: PASSWORD,
        ageConfirmed: true,
        callbackUrl: `${LANDING}/callback/register`,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ channel: 'email' });
      expect(b.jar.get('access_token')).toBeUndefined();

      const message = await lastMessageTo(ctx.app, email);
      expect(message).toMatchObject({ channel: 'email', subject: expect.any(String) });
      const link = await lastLinkTo(ctx.app, email);
      expect(`${link.origin}${link.pathname}`).toBe(`${LANDING}/callback/register`);
      expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      // The token is stored hashed: the database never holds what the e-mail holds.
      const rows = await ctx.app.database.db.query.verificationCodes.findMany();
      expect(rows.some((r) => r.secretHash.includes(tokenOf(link)))).toBe(false);

      expect((await userData(b)).statusCode).toBe(401);
      const verify = await b.post(`${ID}/auth/registration/verify`, { token: tokenOf(link) });
      expect(verify.statusCode).toBe(201);
      expect(verify.json()).toEqual({ success: true });

      const access = verify.cookies.find((c) => c.name === 'access_token');
      const refresh = verify.cookies.find((c) => c.name === 'refresh_token');
      expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/identity/auth' });
      expect(access?.secure).toBeFalsy();

      // Confirming the e-mail published identity.email_confirmed; its welcome task is credited at once.
      await quiesce(ctx.app);
      const data = await userData(b);
      expect(data.statusCode).toBe(200);
      expect(data.json()).toEqual({
        user: {
          userId: expect.any(String),
          username: null,
          email,
          phone: null,
          linkMinified: null,
          linkFull: null,
          verificationType: 'NONE',
          isManager: false,
          role: 'player',
          emailVerified: true,
          phoneVerified: false,
          promoCode: null,
          referralCode: null,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
        // A new player's wallet: every currency, at zero but the confirmed address's welcome bonus.
        balances: [
          { currencyCode: 'USD', amount: 0, currency: { symbol: '$' } },
          { currencyCode: 'PAWS', amount: 0, currency: { symbol: null } },
          { currencyCode: 'BONUS_USD', amount: 1, currency: { symbol: null } },
          { currencyCode: 'FREE_SPINS', amount: 0, currency: { symbol: null } },
        ],
      });
    });

    it('the registration link works once', async () => {
      const b = browser(ctx.app);
      const { email } = await signUpByEmail(ctx.app, b);
      const again = await browser(ctx.app).post(`${ID}/auth/registration/verify`, {
        token: tokenOf(await lastLinkTo(ctx.app, email)),
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        statusCode: 400,
        message: 'This link is invalid or has expired',
        field: 'token',
      });
    });

    it('answers a taken e-mail as a new sign-up (no enumeration) and tells the owner by e-mail', async () => {
      const { email } = await signUpByEmail(ctx.app, browser(ctx.app));
      const fresh = await browser(ctx.app).post(`${ID}/auth/registration`, {
        email: uniqueAddress().email,
        password: 'Other#Pass1',
        ageConfirmed: true,
        callbackUrl: `${LANDING}/callback/register`,
      });
      const taken = await browser(ctx.app).post(`${ID}/auth/registration`, {
        email,
        password: 'Other#Pass1',
        ageConfirmed: true,
        callbackUrl: `${LANDING}/callback/register`,
      });
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.json()).toEqual(fresh.json());
      const notice = (await messagesTo(ctx.app, email)).at(0);
      expect(notice?.subject).toBe('Someone tried to sign up to PAWS with your email');
      expect(notice?.body).toContain(LANDING);
      expect(notice?.body).not.toMatch(/token=/);
    });

    it('a sign-up never confirmed can be sent again with its own password only', async () => {
      const { email } = uniqueAddress();
      const callbackUrl = `${LANDING}/callback/register`;
      await browser(ctx.app).post(`${ID}/auth/registration`, {
        email,
        password: PASSWORD,
        ageConfirmed: true,
        callbackUrl,
      });
      const other = await browser(ctx.app).post(`${ID}/auth/registration`, {
        email,
        password: 'Someone#Else1',
        ageConfirmed: true,
        callbackUrl,
      });
      // Answered as any sign-up, but it sends no link: the address's owner is told instead.
      expect(other.statusCode).toBe(201);
      expect((await messagesTo(ctx.app, email)).map((m) => m.subject)).toEqual([
        'Someone tried to sign up to PAWS with your email',
        'Confirm your email for PAWS',
      ]);
      ctx.clock.advance(61_000);
      const again = await browser(ctx.app).post(`${ID}/auth/registration`, {
        email,
        password: PASSWORD,
        ageConfirmed: true,
        callbackUrl,
      });
      expect(again.statusCode).toBe(201);
      expect(
        (await messagesTo(ctx.app, email)).filter((m) => m.subject === 'Confirm your email for PAWS'),
      ).toHaveLength(2);
    });
  });

  describe('by phone', () => {
    it('sends a 6-digit SMS code that confirms the account and signs in', async () => {
      const b = browser(ctx.app);
      const phone = '+44 7700 900 456';
      const res = await b.post(`${ID}/auth/registration`, {
        phone,
        password: PASSWORD,
        ageConfirmed: true,
        callbackUrl: `${LANDING}/callback/register`,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ channel: 'sms' });
      const sms = await lastMessageTo(ctx.app, '+447700900456');
      expect(sms).toMatchObject({ channel: 'sms', subject: null });
      const code = await lastCodeTo(ctx.app, '+447700900456');
      expect(code).toMatch(/^\d{6}$/);

      const verify = await b.post(`${ID}/auth/registration/verify`, { phone, otpPhone: code });
      expect(verify.statusCode).toBe(201);
      const data = (await userData(b)).json();
      expect(data.user).toMatchObject({ phone: '+447700900456', phoneVerified: true, email: null });
    });

    it('answers a taken phone as a new sign-up and tells the owner by SMS, with no code', async () => {
      const { phone } = await signUpByPhone(ctx.app, browser(ctx.app));
      const res = await browser(ctx.app).post(`${ID}/auth/registration`, {
        phone,
        password: PASSWORD,
        ageConfirmed: true,
        callbackUrl: `${LANDING}/callback/register`,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ channel: 'sms' });
      const notice = (await messagesTo(ctx.app, phone)).at(0);
      expect(notice?.body).toBe(
        'PAWS: someone tried to sign up with this number, which already has an account. If it was you, sign in or reset your password.',
      );
    });

    it('logs in with the password and an SMS code', async () => {
      const { phone } = await signUpByPhone(ctx.app, browser(ctx.app));
      ctx.clock.advance(61_000);
      const b = browser(ctx.app);
      const res = await b.post(`${ID}/auth/login`, {
        phone,
        password: PASSWORD,
        callbackUrl: `${LANDING}/callback/login`,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ channel: 'sms' });
      const code = await lastCodeTo(ctx.app, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await b.post(`${ID}/auth/login/verify`, { phone, otpPhone: wrong });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        statusCode: 400,
        message: 'Invalid verification code',
        field: 'otpPhone',
      });
      const ok = await b.post(`${ID}/auth/login/verify`, { phone, otpPhone: code });
      expect(ok.statusCode).toBe(201);
      expect((await userData(b)).json().user.phone).toBe(phone);
      // Single use.
      const replay = await browser(ctx.app).post(`${ID}/auth/login/verify`, { phone, otpPhone: code });
      expect(replay.statusCode).toBe(400);
    });
  });

  describe('refusals', () => {
    it('a wrong password answers 401 on the password field, the same as an unknown account', async () => {
      const { email } = await signUpByEmail(ctx.app, browser(ctx.app));
      const callbackUrl = `${LANDING}/callback/login`;
      const wrong = await browser(ctx.app).post(`${ID}/auth/login`, {
        email,
        password: 'Wrong#Pass1',
        callbackUrl,
      });
      const unknown = await browser(ctx.app).post(`${ID}/auth/login`, {
        email: uniqueAddress().email,
        password: PASSWORD,
        callbackUrl,
      });
      const expected = { statusCode: 401, message: 'Invalid email or password', field: 'password' };
      expect([wrong.statusCode, wrong.json()]).toEqual([401, expected]);
      expect([unknown.statusCode, unknown.json()]).toEqual([401, expected]);
      expect(await messagesTo(ctx.app, email)).toHaveLength(1);

      const phone = await browser(ctx.app).post(`${ID}/auth/login`, {
        phone: uniqueAddress().phone,
        password: PASSWORD,
        callbackUrl,
      });
      expect([phone.statusCode, phone.json()]).toEqual([
        401,
        { statusCode: 401, message: 'Invalid phone number or password', field: 'password' },
      ]);
    });

    it('an unknown account still costs a password hash', async () => {
      const callbackUrl = `${LANDING}/callback/login`;
      vi.mocked(verify).mockClear();
      const res = await browser(ctx.app).post(`${ID}/auth/login`, {
        email: uniqueAddress().email,
        password: PASSWORD,
        callbackUrl,
      });
      expect(res.statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(vi.mocked(verify).mock.calls[0]?.[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('a banned account may log in and browse, and is refused every action with the ban', async () => {
      const b = browser(ctx.app);
      const { email } = await signUpByEmail(ctx.app, b);
      ctx.clock.advance(61_000);
      await b.post(`${ID}/auth/login`, {
        email,
        password: PASSWORD,
        callbackUrl: `${LANDING}/callback/login`,
      });
      const pendingLink = await lastLinkTo(ctx.app, email);
      const [user] = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
      await ctx.app.database.db
        .insert(bans)
        .values({ userId: user!.id, reason: 'testing', startsAt: new Date() });

      const banned = {
        statusCode: 403,
        message: 'Your account is banned',
        ban: { reason: 'testing', startedAt: expect.any(String), endsAt: null },
      };
      // The link asked for before the ban still signs in; so does a new log-in.
      const other = browser(ctx.app);
      const verify = await other.post(`${ID}/auth/login/verify`, { token: tokenOf(pendingLink) });
      expect(verify.statusCode).toBe(201);
      ctx.clock.advance(61_000);
      const login = await browser(ctx.app).post(`${ID}/auth/login`, {
        email,
        password: PASSWORD,
        callbackUrl: `${LANDING}/callback/login`,
      });
      expect(login.statusCode).toBe(201);
      for (const session of [b, other]) {
        const read = await userData(session);
        expect([read.statusCode, read.json().user.ban]).toEqual([200, banned.ban]);
        const edit = await session.post(`${ID}/profile/edit/username`, { value: 'banned_name' });
        expect([edit.statusCode, edit.json()]).toEqual([403, banned]);
      }
      expect((await b.post(`${ID}/auth/refresh-tokens`)).statusCode).toBe(201);
      // Banning is not proof of the password: a wrong one still reads as wrong credentials.
      const wrong = await browser(ctx.app).post(`${ID}/auth/login`, {
        email,
        password: 'Wrong#Pass1',
        callbackUrl: `${LANDING}/callback/login`,
      });
      expect(wrong.statusCode).toBe(401);
    });

    it('the demo accounts are seeded and can log in; the manager is flagged', async () => {
      for (const account of [demoAccounts.player, demoAccounts.manager]) {
        const b = browser(ctx.app);
        const res = await b.post(`${ID}/auth/login`, {
          email: account.email,
          password: account.password,
          callbackUrl: `${LANDING}/callback/login`,
        });
        expect(res.statusCode).toBe(201);
        await b.post(`${ID}/auth/login/verify`, { token: tokenOf(await lastLinkTo(ctx.app, account.email)) });
        const { user } = (await userData(b)).json();
        expect(user.username).toBe(account.username);
        expect(user.isManager).toBe(account === demoAccounts.manager);
        expect(user.role).toBe(account === demoAccounts.manager ? 'manager' : 'player');
      }
      const player = await ctx.app.database.db.query.users.findFirst({
        where: (u, { eq }) => eq(u.email, demoAccounts.player.email),
      });
      expect(player).toMatchObject({ phone: '+447700900123' });
      expect(player?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });
  });
});
