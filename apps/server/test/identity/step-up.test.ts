import { authServerMessages } from '@paws/contracts/auth';
import { STEP_UP_REQUIRED, STEP_UP_WINDOW_MINUTES, stepUpMessages } from '@paws/contracts/step-up';
import { twoStepMessages } from '@paws/contracts/two-step';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS } from '../../src/modules/identity/codes.ts';
import { sessions } from '../../src/modules/identity/schema.ts';
import { ACCOUNT_ATTEMPTS_PER_WINDOW } from '../../src/modules/identity/two-step.ts';
import { deposit, WITHDRAW } from '../payments/helpers.ts';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastCodeTo,
  lastLinkTo,
  lastMessageTo,
  PASSWORD,
  PLATFORM_HOST,
  signUpByEmail,
  signUpByPhone,
  tokenOf,
  userData,
} from './helpers.ts';

const STEP_UP = `${ID}/auth/step-up`;
const TWO_STEP = `${ID}/profile/two-step`;
const WINDOW_MS = STEP_UP_WINDOW_MINUTES * 60_000;

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx?.close());

const codeOf = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) + offsetSeconds });
/** Past the window: every session signed in before this has a stale proof. */
const goStale = () => ctx.clock.advance(WINDOW_MS + 1000);
const withdraw = (b: Browser, amount = 5) => b.post(WITHDRAW, { amount, paymentMethod: 'CARD' });

/** A player signed up by e-mail on the platform, identity approved, with $50 to withdraw. */
async function playerWithMoney() {
  const b = browser(ctx.app, PLATFORM_HOST);
  const { email } = await signUpByEmail(ctx.app, b);
  const userId = (await userData(b)).json().user.userId as string;
  await ctx.app.identity.moveVerificationType(userId, ['NONE'], 'APPROVED');
  await deposit(b, 50);
  return { b, email, userId };
}

/** The same player signed in again from another browser (password, then the e-mailed link). */
async function anotherSession(email: string) {
  ctx.clock.advance(61_000);
  const other = browser(ctx.app, PLATFORM_HOST);
  const login = await other.post(`${ID}/auth/login`, {
    email,
    password: PASSWORD,
    callbackUrl: `${LANDING}/callback/login`,
  });
  expect(login.statusCode).toBe(201);
  const verify = await other.post(`${ID}/auth/login/verify`, {
    token: tokenOf(await lastLinkTo(ctx.app, email)),
  });
  expect(verify.statusCode).toBe(201);
  return other;
}

async function enrolApp(b: Browser) {
  const { secret } = (await b.post(`${TWO_STEP}/enrolment`)).json();
  const confirm = await b.post(`${TWO_STEP}/confirm`, { code: await codeOf(secret) });
  expect(confirm.statusCode).toBe(201);
  // The enrolment's code is spent: the next 30 s step has a new one.
  ctx.clock.advance(30_000);
  return { secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

const expectStepUpRequired = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ code: STEP_UP_REQUIRED, message: stepUpMessages.required });
};

describe('a withdrawal wants a fresh proof of presence', () => {
  it('goes through just after signing in (a sign-in is a proof)', async () => {
    const { b } = await playerWithMoney();
    expect((await withdraw(b)).statusCode).toBe(201);
    const status = (await b.get(STEP_UP)).json();
    expect(status.fresh).toBe(true);
    expect(Date.parse(status.freshUntil)).toBeGreaterThan(ctx.clock.now().getTime());
  });

  it(`is refused with STEP_UP_REQUIRED once the proof is older than ${STEP_UP_WINDOW_MINUTES} minutes, and goes through after an e-mailed code`, async () => {
    const { b, email } = await playerWithMoney();
    ctx.clock.advance(WINDOW_MS - 5000);
    expect((await b.get(STEP_UP)).json().fresh).toBe(true);
    ctx.clock.advance(6000);
    const refused = await withdraw(b);
    expectStepUpRequired(refused);
    // Nothing was held.
    expect((await userData(b)).json().user).toBeDefined();
    const status = await b.get(STEP_UP);
    expect(status.json()).toEqual({
      fresh: false,
      freshUntil: null,
      methods: { totp: false, email: `${email[0]}•••@example.com`, phone: null },
    });
    const sent = await b.post(`${STEP_UP}/code`, { channel: 'email' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ sentTo: `${email[0]}•••@example.com` });
    const mail = await lastMessageTo(ctx.app, email);
    expect(mail.subject).toBe('Your PAWS confirmation code');
    const proved = await b.post(STEP_UP, { method: 'email', code: await lastCodeTo(ctx.app, email) });
    expect(proved.statusCode).toBe(201);
    expect(proved.json().fresh).toBe(true);
    expect((await withdraw(b)).statusCode).toBe(201);
    // The code was used up.
    goStale();
    const again = await b.post(STEP_UP, { method: 'email', code: await lastCodeTo(ctx.app, email) });
    expect(again.statusCode).toBe(400);
    expectStepUpRequired(await withdraw(b));
  });

  it("another session's proof does not count", async () => {
    const { b, email } = await playerWithMoney();
    const other = await anotherSession(email);
    goStale();
    ctx.clock.advance(61_000);
    await other.post(`${STEP_UP}/code`, { channel: 'email' });
    expect(
      (await other.post(STEP_UP, { method: 'email', code: await lastCodeTo(ctx.app, email) })).statusCode,
    ).toBe(201);
    expect((await withdraw(other)).statusCode).toBe(201);
    expectStepUpRequired(await withdraw(b));
    expect((await b.get(STEP_UP)).json().fresh).toBe(false);
  });

  it('a refreshed session keeps its proof; a proof made after a refresh counts for the sign-in', async () => {
    const { b, email } = await playerWithMoney();
    expect((await b.post(`${ID}/auth/refresh-tokens`)).statusCode).toBe(201);
    expect((await withdraw(b)).statusCode).toBe(201);
    goStale();
    ctx.clock.advance(61_000);
    await b.post(`${STEP_UP}/code`, { channel: 'email' });
    await b.post(STEP_UP, { method: 'email', code: await lastCodeTo(ctx.app, email) });
    expect((await b.post(`${ID}/auth/refresh-tokens`)).statusCode).toBe(201);
    expect((await withdraw(b)).statusCode).toBe(201);
  });

  it("a handover to the other origin carries the session's proof, and no fresher one", async () => {
    const { b } = await playerWithMoney();
    const handOver = async () => {
      const { authToken } = (await b.get(`${ID}/auth/auth-token`)).json();
      const other = browser(ctx.app);
      expect((await other.post(`${ID}/auth/auth-token/activate`, { authToken })).statusCode).toBe(201);
      return other;
    };
    const fresh = await handOver();
    expect((await withdraw(fresh)).statusCode).toBe(201);
    goStale();
    const stale = await handOver();
    expectStepUpRequired(await withdraw(stale));
  });
});

describe('proving presence with the authenticator app', () => {
  it('a TOTP code makes the session fresh; the same code replayed is refused', async () => {
    const { b, userId } = await playerWithMoney();
    const { secret } = await enrolApp(b);
    goStale();
    expect((await b.get(STEP_UP)).json().methods.totp).toBe(true);
    expectStepUpRequired(await withdraw(b));
    const code = await codeOf(secret);
    expect((await b.post(STEP_UP, { method: 'totp', code })).statusCode).toBe(201);
    expect((await withdraw(b)).statusCode).toBe(201);
    // Made stale again within the same 30 s step: the code that was accepted is not accepted twice.
    await ctx.app.database.db.update(sessions).set({ provedAt: null }).where(eq(sessions.userId, userId));
    const replayed = await b.post(STEP_UP, { method: 'totp', code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ message: twoStepMessages.wrongCode, field: 'code' });
    expectStepUpRequired(await withdraw(b));
  });

  it('a recovery code works once', async () => {
    const { b } = await playerWithMoney();
    const { recoveryCodes } = await enrolApp(b);
    goStale();
    const code = recoveryCodes[0]!;
    expect((await b.post(STEP_UP, { method: 'recovery', code })).statusCode).toBe(201);
    goStale();
    const reused = await b.post(STEP_UP, { method: 'recovery', code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().field).toBe('code');
    expect((await b.get(TWO_STEP)).json().recoveryCodesLeft).toBe(9);
  });

  it(`checks at most ${ACCOUNT_ATTEMPTS_PER_WINDOW} of 20 wrong codes sent at once, then waits`, async () => {
    const { b } = await playerWithMoney();
    const { secret } = await enrolApp(b);
    goStale();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => b.post(STEP_UP, { method: 'totp', code: '000000' })),
    );
    const wrong = answers.filter((a) => a.json().message === twoStepMessages.wrongCode);
    const waits = answers.filter((a) => a.statusCode === 429);
    expect(wrong).toHaveLength(ACCOUNT_ATTEMPTS_PER_WINDOW);
    expect(waits).toHaveLength(20 - ACCOUNT_ATTEMPTS_PER_WINDOW);
    // The right code waits too; the session stays stale.
    expect((await b.post(STEP_UP, { method: 'totp', code: await codeOf(secret) })).statusCode).toBe(429);
    expectStepUpRequired(await withdraw(b));
  });

  it('asks for the app only when the player has one', async () => {
    const { b } = await playerWithMoney();
    const res = await b.post(STEP_UP, { method: 'totp', code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: stepUpMessages.noApp, field: 'method' });
  });
});

describe('proving presence with a sent code', () => {
  it(`checks at most ${MAX_CODE_ATTEMPTS} of 12 wrong codes sent at once, then refuses the right one`, async () => {
    const { b, email } = await playerWithMoney();
    goStale();
    await b.post(`${STEP_UP}/code`, { channel: 'email' });
    const right = await lastCodeTo(ctx.app, email);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => b.post(STEP_UP, { method: 'email', code: wrongCode })),
    );
    const messages = answers.map((a) => a.json().message);
    expect(messages.filter((m) => m === authServerMessages.wrongCode)).toHaveLength(MAX_CODE_ATTEMPTS);
    expect(messages.filter((m) => m === authServerMessages.tooManyCodeAttempts)).toHaveLength(
      12 - MAX_CODE_ATTEMPTS,
    );
    const late = await b.post(STEP_UP, { method: 'email', code: right });
    expect(late.json().message).toBe(authServerMessages.tooManyCodeAttempts);
    expectStepUpRequired(await withdraw(b));
  });

  it('an SMS code to the confirmed phone works; a new code waits for the resend time', async () => {
    const b = browser(ctx.app, PLATFORM_HOST);
    const { phone } = await signUpByPhone(ctx.app, b);
    goStale();
    const status = (await b.get(STEP_UP)).json();
    expect(status.methods).toEqual({
      totp: false,
      email: null,
      phone: `${phone.slice(0, 3)}${'•'.repeat(phone.length - 5)}${phone.slice(-2)}`,
    });
    ctx.clock.advance(61_000);
    expect((await b.post(`${STEP_UP}/code`, { channel: 'phone' })).statusCode).toBe(201);
    const wait = await b.post(`${STEP_UP}/code`, { channel: 'phone' });
    expect(wait.statusCode).toBe(429);
    expect(wait.json().resendInSeconds).toBeGreaterThan(0);
    const proved = await b.post(STEP_UP, { method: 'phone', code: await lastCodeTo(ctx.app, phone) });
    expect(proved.statusCode).toBe(201);
    expect(proved.json().fresh).toBe(true);
  });

  it('names the field of bad input; without a session it is 401', async () => {
    const { b } = await playerWithMoney();
    const noPhone = await b.post(`${STEP_UP}/code`, { channel: 'phone' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json()).toMatchObject({ message: stepUpMessages.noChannel, field: 'channel' });
    const badChannel = await b.post(`${STEP_UP}/code`, { channel: 'pigeon' });
    expect(badChannel.statusCode).toBe(400);
    expect(badChannel.json()).toMatchObject({ message: stepUpMessages.channel, field: 'channel' });
    const badMethod = await b.post(STEP_UP, { method: 'guess', code: '123456' });
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.json()).toMatchObject({ message: stepUpMessages.method, field: 'method' });
    const badCode = await b.post(STEP_UP, { method: 'email', code: '12ab' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({ message: stepUpMessages.code, field: 'code' });
    const badRecovery = await b.post(STEP_UP, { method: 'recovery', code: '123456' });
    expect(badRecovery.json()).toMatchObject({ message: stepUpMessages.recoveryCode, field: 'code' });
    const stranger = browser(ctx.app, PLATFORM_HOST);
    expect((await stranger.get(STEP_UP)).statusCode).toBe(401);
    expect((await stranger.post(STEP_UP, { method: 'email', code: '123456' })).statusCode).toBe(401);
    expect((await stranger.post(`${STEP_UP}/code`, { channel: 'email' })).statusCode).toBe(401);
  });
});

describe('account changes want it too', () => {
  it('changing the e-mail or phone, starting the app and turning it off; the username and deposits do not', async () => {
    const { b, email } = await playerWithMoney();
    const { secret } = await enrolApp(b);
    goStale();
    const edit = (field: string, value: string) =>
      b.post(`${ID}/profile/edit/${field}`, { value, callbackUrl: `${LANDING}/verify-email` });
    expectStepUpRequired(await edit('email', 'new.address@example.com'));
    expectStepUpRequired(await edit('phone', '+447700900123'));
    expectStepUpRequired(await b.post(`${TWO_STEP}/disable`, { code: await codeOf(secret) }));
    expect((await edit('username', `st${Date.now() % 100000}`)).statusCode).toBe(201);
    expect(
      (await b.post('/api/platform/users/deposit', { amount: 5, paymentMethod: 'CARD' })).statusCode,
    ).toBe(201);
    ctx.clock.advance(61_000);
    await b.post(`${STEP_UP}/code`, { channel: 'email' });
    await b.post(STEP_UP, { method: 'email', code: await lastCodeTo(ctx.app, email) });
    expect((await edit('email', 'new.address@example.com')).statusCode).toBe(201);
    expect((await b.post(`${TWO_STEP}/disable`, { code: await codeOf(secret) })).statusCode).toBe(201);
  });

  it('starting the app after the window asks first', async () => {
    const b = browser(ctx.app, PLATFORM_HOST);
    await signUpByEmail(ctx.app, b);
    goStale();
    expectStepUpRequired(await b.post(`${TWO_STEP}/enrolment`));
  });
});
