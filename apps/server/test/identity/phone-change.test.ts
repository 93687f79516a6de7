import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastCodeTo,
  messagesTo,
  PASSWORD,
  signUpByEmail,
  signUpByPhone,
  uniqueAddress,
  userData,
} from './helpers.ts';

/** Issue 31 point 2: a new phone becomes the account's only once the code sent to it is entered. */

const edit = (b: Browser, value: string) => b.post(`${ID}/profile/edit/phone`, { value });
const confirm = (b: Browser, value: string, otpPhone: string) =>
  b.post(`${ID}/profile/verify-phone`, { value, otpPhone });
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

/** Signs in by phone with the password and the SMS code; the status of the code step. */
async function signInByPhone(ctx: IdentityTestApp, phone: string) {
  const b = browser(ctx.app);
  const login = await b.post(`${ID}/auth/login`, {
    phone,
    password: PASSWORD,
    callbackUrl: `${LANDING}/callback/login`,
  });
  if (login.statusCode !== 201) return login.statusCode;
  const verify = await b.post(`${ID}/auth/login/verify`, {
    phone,
    otpPhone: await lastCodeTo(ctx.app, phone),
  });
  ctx.clock.advance(61_000);
  return verify.statusCode;
}

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx.close());

describe('phone change', () => {
  it('sends a code to the new phone, keeps the old one signing in, then moves it and tells the old number', async () => {
    const b = browser(ctx.app);
    const { phone: oldPhone } = await signUpByPhone(ctx.app, b);
    const newPhone = uniqueAddress().phone;

    const sent = await edit(b, newPhone);
    expect([sent.statusCode, sent.json()]).toEqual([
      201,
      {
        message: `We sent a verification code to ${newPhone}. Enter it to confirm your new phone number.`,
        codeSentTo: newPhone,
      },
    ]);
    const [sms] = await messagesTo(ctx.app, newPhone);
    expect(sms?.body).toMatch(/^PAWS: your code to confirm this number for your account is \d{6}\./);
    expect((await userData(b)).json().user).toMatchObject({ phone: oldPhone, phoneVerified: true });

    // Within the wait no second code goes out; the first is still the one to enter.
    const again = await edit(b, newPhone);
    expect(again.statusCode).toBe(429);
    expect(again.json().resendInSeconds).toBeGreaterThan(0);

    // Until the code is entered, the old number signs in and the new one is no account.
    const code = await lastCodeTo(ctx.app, newPhone);
    ctx.clock.advance(61_000);
    expect(await signInByPhone(ctx, oldPhone)).toBe(201);
    expect(await signInByPhone(ctx, newPhone)).toBe(401);

    const wrong = await confirm(b, newPhone, wrongOf(code));
    expect([wrong.statusCode, wrong.json()]).toEqual([
      400,
      { statusCode: 400, message: 'Invalid verification code', field: 'otpPhone' },
    ]);

    const ok = await confirm(b, newPhone, code);
    expect([ok.statusCode, ok.json()]).toEqual([201, { message: 'Phone number verified' }]);
    expect((await userData(b)).json().user).toMatchObject({ phone: newPhone, phoneVerified: true });
    expect((await messagesTo(ctx.app, oldPhone)).at(0)?.body).toBe(
      `PAWS: the phone number of your account was changed to ${newPhone}. If you did not do this, reset your password and contact support.`,
    );
    // Single use; the new number signs in, the old one no more.
    expect((await confirm(b, newPhone, code)).statusCode).toBe(400);
    expect(await signInByPhone(ctx, newPhone)).toBe(201);
    expect(await signInByPhone(ctx, oldPhone)).toBe(401);
  });

  it('five wrong codes lock the code, like sign-in codes', async () => {
    const b = browser(ctx.app);
    await signUpByEmail(ctx.app, b);
    const phone = uniqueAddress().phone;
    expect((await edit(b, phone)).statusCode).toBe(201);
    const code = await lastCodeTo(ctx.app, phone);
    for (let i = 0; i < 5; i += 1) {
      expect((await confirm(b, phone, wrongOf(code))).json().message).toBe('Invalid verification code');
    }
    const locked = await confirm(b, phone, code);
    expect([locked.statusCode, locked.json()]).toEqual([
      400,
      { statusCode: 400, message: 'Too many attempts, request a new code', field: 'otpPhone' },
    ]);
    expect((await userData(b)).json().user.phone).toBeNull();
  });

  it('refuses the code when another account took the number meanwhile', async () => {
    const b = browser(ctx.app);
    await signUpByEmail(ctx.app, b);
    const phone = uniqueAddress().phone;
    expect((await edit(b, phone)).statusCode).toBe(201);
    const code = await lastCodeTo(ctx.app, phone);
    await signUpByPhone(ctx.app, browser(ctx.app), phone);
    const taken = await confirm(b, phone, code);
    expect([taken.statusCode, taken.json()]).toEqual([
      409,
      { statusCode: 409, message: 'An account with this phone number already exists', field: 'value' },
    ]);
    expect((await userData(b)).json().user.phone).toBeNull();
  });

  it("another player's code is of no use, and the confirm call needs a session", async () => {
    const a = browser(ctx.app);
    const { phone: aPhone } = await signUpByPhone(ctx.app, a);
    const intruder = browser(ctx.app);
    await signUpByEmail(ctx.app, intruder);
    const phone = uniqueAddress().phone;
    expect((await edit(a, phone)).statusCode).toBe(201);
    const code = await lastCodeTo(ctx.app, phone);

    expect(
      (await browser(ctx.app).post(`${ID}/profile/verify-phone`, { value: phone, otpPhone: code }))
        .statusCode,
    ).toBe(401);
    const refused = await confirm(intruder, phone, code);
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Invalid verification code']);
    expect((await userData(intruder)).json().user.phone).toBeNull();
    // The owner's code still works, with no try used up by the intruder.
    expect((await confirm(a, phone, code)).statusCode).toBe(201);
    expect((await userData(a)).json().user.phone).toBe(phone);
    expect((await messagesTo(ctx.app, aPhone)).at(0)?.body).toContain(`changed to ${phone}`);
  });

  it('the same phone again is no change and sends nothing', async () => {
    const b = browser(ctx.app);
    const { phone } = await signUpByPhone(ctx.app, b);
    const before = (await messagesTo(ctx.app, phone)).length;
    const res = await edit(b, phone);
    expect([res.statusCode, res.json()]).toEqual([201, { message: 'Phone number updated' }]);
    expect(await messagesTo(ctx.app, phone)).toHaveLength(before);
  });
});
