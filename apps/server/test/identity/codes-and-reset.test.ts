import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx.close());

describe('codes: five tries, ten minutes, single use, 60 s resend', () => {
  async function phoneLoginCode() {
    const { phone } = await signUpByPhone(ctx.app, browser(ctx.app));
    ctx.clock.advance(61_000);
    const res = await browser(ctx.app).post(`${ID}/auth/login`, {
      phone,
      password: PASSWORD,
      callbackUrl: `${LANDING}/callback/login`,
    });
    expect(res.statusCode).toBe(201);
    return { phone, code: await lastCodeTo(ctx.app, phone) };
  }

  it('five wrong tries kill the code: the right one then fails too', async () => {
    const { phone, code } = await phoneLoginCode();
    const b = browser(ctx.app);
    for (let i = 0; i < 5; i++) {
      const res = await b.post(`${ID}/auth/login/verify`, { phone, otpPhone: otherCode(code) });
      expect(res.json()).toEqual({
        statusCode: 400,
        message: 'Invalid verification code',
        field: 'otpPhone',
      });
    }
    const right = await b.post(`${ID}/auth/login/verify`, { phone, otpPhone: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({
      statusCode: 400,
      message: 'Too many attempts, request a new code',
      field: 'otpPhone',
    });
    expect((await userData(b)).statusCode).toBe(401);
  });

  it('four wrong tries leave the right code working', async () => {
    const { phone, code } = await phoneLoginCode();
    const b = browser(ctx.app);
    for (let i = 0; i < 4; i++) await b.post(`${ID}/auth/login/verify`, { phone, otpPhone: otherCode(code) });
    expect((await b.post(`${ID}/auth/login/verify`, { phone, otpPhone: code })).statusCode).toBe(201);
  });

  it('parallel guesses cannot take more than five tries', async () => {
    const { phone, code } = await phoneLoginCode();
    const guesses = Array.from({ length: 12 }, () =>
      browser(ctx.app).post(`${ID}/auth/login/verify`, { phone, otpPhone: otherCode(code) }),
    );
    const answers = (await Promise.all(guesses)).map((r) => r.json().message);
    expect(answers.filter((m) => m === 'Invalid verification code')).toHaveLength(5);
    expect(
      (await browser(ctx.app).post(`${ID}/auth/login/verify`, { phone, otpPhone: code })).statusCode,
    ).toBe(400);
  });

  it('a code expires after ten minutes', async () => {
    const { phone, code } = await phoneLoginCode();
    ctx.clock.advance(10 * 60_000 + 1_000);
    const res = await browser(ctx.app).post(`${ID}/auth/login/verify`, { phone, otpPhone: code });
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'Verification code has expired, request a new one',
      field: 'otpPhone',
    });
  });

  it('a code is still good just before ten minutes', async () => {
    const { phone, code } = await phoneLoginCode();
    ctx.clock.advance(9 * 60_000 + 50_000);
    expect(
      (await browser(ctx.app).post(`${ID}/auth/login/verify`, { phone, otpPhone: code })).statusCode,
    ).toBe(201);
  });

  it('a link expires after ten minutes', async () => {
    const { email } = uniqueAddress();
    await browser(ctx.app).post(`${ID}/auth/registration`, {
      email,
      password: PASSWORD,
      ageConfirmed: true,
      callbackUrl: `${LANDING}/callback/register`,
    });
    ctx.clock.advance(10 * 60_000 + 1_000);
    const res = await browser(ctx.app).post(`${ID}/auth/registration/verify`, {
      token: tokenOf(await lastLinkTo(ctx.app, email)),
    });
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'This link is invalid or has expired',
      field: 'token',
    });
  });

  it('no new code within 60 s of the last one; then a new one replaces it', async () => {
    const { phone, code: first } = await phoneLoginCode();
    const again = () =>
      browser(ctx.app).post(`${ID}/auth/login`, {
        phone,
        password: PASSWORD,
        callbackUrl: `${LANDING}/callback/login`,
      });
    ctx.clock.advance(45_000);
    const early = await again();
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({
      statusCode: 429,
      message: 'Please wait 15 seconds before requesting a new code',
      resendInSeconds: 15,
    });
    expect(await messagesTo(ctx.app, phone)).toHaveLength(2); // sign-up and the first log-in code

    ctx.clock.advance(15_000);
    expect((await again()).statusCode).toBe(201);
    const second = await lastCodeTo(ctx.app, phone);
    expect(await messagesTo(ctx.app, phone)).toHaveLength(3);
    if (first !== second) {
      const old = await browser(ctx.app).post(`${ID}/auth/login/verify`, { phone, otpPhone: first });
      expect(old.statusCode).toBe(400);
    }
    expect(
      (await browser(ctx.app).post(`${ID}/auth/login/verify`, { phone, otpPhone: second })).statusCode,
    ).toBe(201);
  });
});

describe('password reset', () => {
  it('by e-mail: code, check, new password; old sessions end, the new password works', async () => {
    const session = browser(ctx.app);
    const { email } = await signUpByEmail(ctx.app, session);
    expect((await userData(session)).statusCode).toBe(200);

    const b = browser(ctx.app);
    const res = await b.post(`${ID}/auth/reset-password`, { email });
    expect([res.statusCode, res.json()]).toEqual([201, { channel: 'email' }]);
    const message = await lastMessageTo(ctx.app, email);
    expect(message.subject).toBe('Your PAWS password reset code');
    const otpEmail = await lastCodeTo(ctx.app, email);

    const wrong = await b.post(`${ID}/auth/reset-password/verify`, { email, otpEmail: otherCode(otpEmail) });
    expect(wrong.json()).toEqual({
      statusCode: 400,
      message: 'Invalid verification code',
      field: 'otpEmail',
    });
    const check = await b.post(`${ID}/auth/reset-password/verify`, { email, otpEmail });
    expect([check.statusCode, check.json()]).toEqual([201, { success: true }]);
    // Checking does not use the code up.
    expect((await b.post(`${ID}/auth/reset-password/verify`, { email, otpEmail })).statusCode).toBe(201);

    const newPassword = 'Brand#New2026';
    const set = await b.post(`${ID}/auth/reset-password/new-password`, { email, newPassword, otpEmail });
    expect([set.statusCode, set.json()]).toEqual([201, { success: true }]);
    // Single use.
    const replay = await b.post(`${ID}/auth/reset-password/new-password`, { email, newPassword, otpEmail });
    expect(replay.statusCode).toBe(400);

    expect((await userData(session)).statusCode).toBe(401);
    expect((await session.post(`${ID}/auth/refresh-tokens`)).statusCode).toBe(401);

    const callbackUrl = `${LANDING}/callback/login`;
    const old = await browser(ctx.app).post(`${ID}/auth/login`, { email, password: PASSWORD, callbackUrl });
    expect(old.statusCode).toBe(401);
    const fresh = await browser(ctx.app).post(`${ID}/auth/login`, {
      email,
      password: newPassword,
      callbackUrl,
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('by phone: an SMS code, then the new password', async () => {
    const { phone } = await signUpByPhone(ctx.app, browser(ctx.app));
    ctx.clock.advance(61_000);
    const b = browser(ctx.app);
    const res = await b.post(`${ID}/auth/reset-password`, { phone });
    expect([res.statusCode, res.json()]).toEqual([201, { channel: 'sms' }]);
    const sms = await lastMessageTo(ctx.app, phone);
    expect(sms.channel).toBe('sms');
    const otpEmail = await lastCodeTo(ctx.app, phone);
    expect((await b.post(`${ID}/auth/reset-password/verify`, { phone, otpEmail })).statusCode).toBe(201);
    const newPassword = 'Phone#Reset9';
    expect(
      (await b.post(`${ID}/auth/reset-password/new-password`, { phone, newPassword, otpEmail })).statusCode,
    ).toBe(201);
    ctx.clock.advance(61_000);
    const login = await browser(ctx.app).post(`${ID}/auth/login`, {
      phone,
      password: newPassword,
      callbackUrl: `${LANDING}/callback/login`,
    });
    expect(login.statusCode).toBe(201);
  });

  it('answers an unknown account exactly as a known one and sends nothing', async () => {
    const known = (await signUpByEmail(ctx.app, browser(ctx.app))).email;
    const unknown = uniqueAddress().email;
    const a = await browser(ctx.app).post(`${ID}/auth/reset-password`, { email: known });
    const b = await browser(ctx.app).post(`${ID}/auth/reset-password`, { email: unknown });
    expect([b.statusCode, b.json()]).toEqual([a.statusCode, a.json()]);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    expect(await messagesTo(ctx.app, unknown)).toHaveLength(0);
    expect(await messagesTo(ctx.app, known)).toHaveLength(2);

    // The resend wait and the code checks behave the same too.
    const againKnown = await browser(ctx.app).post(`${ID}/auth/reset-password`, { email: known });
    const againUnknown = await browser(ctx.app).post(`${ID}/auth/reset-password`, { email: unknown });
    expect([againUnknown.statusCode, againUnknown.json()]).toEqual([
      againKnown.statusCode,
      againKnown.json(),
    ]);
    expect(againKnown.statusCode).toBe(429);
    const wrong = otherCode(await lastCodeTo(ctx.app, known));
    const answers = { known: [] as unknown[], unknown: [] as unknown[] };
    for (let i = 0; i < 6; i++) {
      const k = await browser(ctx.app).post(`${ID}/auth/reset-password/verify`, {
        email: known,
        otpEmail: wrong,
      });
      const u = await browser(ctx.app).post(`${ID}/auth/reset-password/verify`, {
        email: unknown,
        otpEmail: wrong,
      });
      answers.known.push([k.statusCode, k.json()]);
      answers.unknown.push([u.statusCode, u.json()]);
    }
    expect(answers.unknown).toEqual(answers.known);
    expect(answers.known.at(-1)).toEqual([
      400,
      { statusCode: 400, message: 'Too many attempts, request a new code', field: 'otpEmail' },
    ]);

    const phone = uniqueAddress().phone;
    const bySms = await browser(ctx.app).post(`${ID}/auth/reset-password`, { phone });
    expect([bySms.statusCode, bySms.json()]).toEqual([201, { channel: 'sms' }]);
    expect(await messagesTo(ctx.app, phone)).toHaveLength(0);
  });

  it('a reset code locks after five wrong tries', async () => {
    const { email } = await signUpByEmail(ctx.app, browser(ctx.app));
    await browser(ctx.app).post(`${ID}/auth/reset-password`, { email });
    const otpEmail = await lastCodeTo(ctx.app, email);
    for (let i = 0; i < 5; i++) {
      await browser(ctx.app).post(`${ID}/auth/reset-password/verify`, {
        email,
        otpEmail: otherCode(otpEmail),
      });
    }
    const res = await browser(ctx.app).post(`${ID}/auth/reset-password/new-password`, {
      email,
      newPassword: 'Never#Set1',
      otpEmail,
    });
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'Too many attempts, request a new code',
      field: 'otpEmail',
    });
  });
});
