import { TWO_STEP_REQUIRED, twoStepMessages } from '@paws/contracts/two-step';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerTwoStep } from '../../src/modules/identity/schema.ts';
import {
  ACCOUNT_ATTEMPTS_PER_WINDOW,
  MAX_FAILED_IN_ROW,
  PENDING_SIGN_IN_ATTEMPTS,
} from '../../src/modules/identity/two-step.ts';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastCodeTo,
  lastLinkTo,
  PASSWORD,
  signUpByEmail,
  signUpByPhone,
  tokenOf,
  userData,
} from './helpers.ts';

const TWO_STEP = `${ID}/profile/two-step`;

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx?.close());

/** What the player's authenticator app shows now (the server's clock, which the tests move). */
const codeOf = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) + offsetSeconds });
/** Moves to the next 30 s step, so a new code exists. */
const nextStep = () => ctx.clock.advance(30_000);

/** A player signed up by e-mail with the authenticator app on: their browser, secret and recovery codes. */
async function playerWithTwoStep() {
  const b = browser(ctx.app);
  const { email } = await signUpByEmail(ctx.app, b);
  const enrolment = await b.post(`${TWO_STEP}/enrolment`);
  expect(enrolment.statusCode).toBe(201);
  const { secret, otpauthUri, qrDataUrl } = enrolment.json();
  expect(otpauthUri).toContain(`secret=${secret}`);
  expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
  const confirm = await b.post(`${TWO_STEP}/confirm`, { code: await codeOf(secret) });
  expect(confirm.statusCode).toBe(201);
  const recoveryCodes = confirm.json().recoveryCodes as string[];
  nextStep();
  return {
    b,
    email,
    secret: secret as string,
    recoveryCodes,
    userId: (await userData(b)).json().user.userId,
  };
}

/** Password, then the e-mailed link, from a new browser: answers the verify call. */
async function firstStep(email: string, b: Browser = browser(ctx.app)) {
  // A new sign-in link goes out once a minute.
  ctx.clock.advance(61_000);
  const login = await b.post(`${ID}/auth/login`, {
    email,
    password: PASSWORD,
    callbackUrl: `${LANDING}/callback/login`,
  });
  expect(login.statusCode).toBe(201);
  const verify = await b.post(`${ID}/auth/login/verify`, {
    token: tokenOf(await lastLinkTo(ctx.app, email)),
  });
  return { b, verify };
}

/** The first step of a sign-in, which must ask for the second: the pending sign-in's token. */
async function pendingSignIn(email: string) {
  const { b, verify } = await firstStep(email);
  expect(verify.statusCode).toBe(403);
  expect(verify.json()).toMatchObject({ code: TWO_STEP_REQUIRED, message: twoStepMessages.required });
  // No session: the browser is not signed in.
  expect(b.jar.get('accessToken') ?? b.jar.get('access_token')).toBeUndefined();
  expect((await userData(b)).statusCode).toBe(401);
  return { b, pending: verify.json().pendingSignIn as string };
}

const secondStep = (b: Browser, pending: string, code: string) =>
  b.post(`${ID}/auth/login/two-step`, { pendingSignIn: pending, code });

describe('enrolment', () => {
  it('is off until the first code, which answers ten recovery codes once; the secret is never read back', async () => {
    const b = browser(ctx.app);
    await signUpByEmail(ctx.app, b);
    expect((await b.get(TWO_STEP)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const { secret } = (await b.post(`${TWO_STEP}/enrolment`)).json();
    const wrong = await b.post(`${TWO_STEP}/confirm`, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await b.get(TWO_STEP)).json().enabled).toBe(false);
    const confirm = await b.post(`${TWO_STEP}/confirm`, { code: await codeOf(secret) });
    const codes = confirm.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const status = await b.get(TWO_STEP);
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(status.body).not.toContain(secret);
    // On: no new enrolment, no second confirmation.
    expect((await b.post(`${TWO_STEP}/enrolment`)).statusCode).toBe(409);
  });

  it('stores the secret sealed, not as the key the app was given', async () => {
    const { secret, userId } = await playerWithTwoStep();
    const [row] = await ctx.app.database.db
      .select()
      .from(playerTwoStep)
      .where(eq(playerTwoStep.userId, userId));
    expect(row!.secretCiphertext).not.toContain(secret);
  });

  it('needs a session and names the field of a malformed code', async () => {
    expect((await browser(ctx.app).post(`${TWO_STEP}/enrolment`)).statusCode).toBe(401);
    const b = browser(ctx.app);
    await signUpByEmail(ctx.app, b);
    const bad = await b.post(`${TWO_STEP}/confirm`, { code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: twoStepMessages.code });
  });
});

describe('signing in with the app on', () => {
  it('a password and e-mailed link sign-in asks for the second step, and a TOTP code finishes it', async () => {
    const { email, secret } = await playerWithTwoStep();
    const { b, pending } = await pendingSignIn(email);
    const done = await secondStep(b, pending, await codeOf(secret));
    expect(done.statusCode).toBe(201);
    expect((await userData(b)).statusCode).toBe(200);
    // The pending sign-in is used up.
    nextStep();
    const again = await secondStep(browser(ctx.app), pending, await codeOf(secret));
    expect(again.json().message).toBe(twoStepMessages.expired);
  });

  it('a phone sign-in with its SMS code asks for the second step too', async () => {
    const b = browser(ctx.app);
    const { phone } = await signUpByPhone(ctx.app, b);
    const { secret } = (await b.post(`${TWO_STEP}/enrolment`)).json();
    expect((await b.post(`${TWO_STEP}/confirm`, { code: await codeOf(secret) })).statusCode).toBe(201);
    nextStep();
    const other = browser(ctx.app);
    await other.post(`${ID}/auth/login`, {
      phone,
      password: PASSWORD,
      callbackUrl: `${LANDING}/callback/login`,
    });
    const verify = await other.post(`${ID}/auth/login/verify`, {
      phone,
      otpPhone: await lastCodeTo(ctx.app, phone),
    });
    expect(verify.statusCode).toBe(403);
    expect(verify.json().code).toBe(TWO_STEP_REQUIRED);
    expect((await secondStep(other, verify.json().pendingSignIn, await codeOf(secret))).statusCode).toBe(201);
  });

  it('a recovery code finishes a sign-in once; used again it is refused', async () => {
    const { email, recoveryCodes } = await playerWithTwoStep();
    const code = recoveryCodes[0]!;
    const first = await pendingSignIn(email);
    expect((await secondStep(first.b, first.pending, code.toLowerCase().replace('-', ''))).statusCode).toBe(
      201,
    );
    const second = await pendingSignIn(email);
    const reused = await secondStep(second.b, second.pending, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ message: twoStepMessages.wrongCode, field: 'code' });
    expect((await first.b.get(TWO_STEP)).json().recoveryCodesLeft).toBe(9);
  });

  it('a TOTP code accepted once is refused in its window, by the same or another sign-in', async () => {
    const { email, secret } = await playerWithTwoStep();
    const first = await pendingSignIn(email);
    const second = await pendingSignIn(email);
    const code = await codeOf(secret);
    expect((await secondStep(first.b, first.pending, code)).statusCode).toBe(201);
    const replayed = await secondStep(second.b, second.pending, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(twoStepMessages.wrongCode);
    // Nor an older code still within the drift allowance (the step before).
    expect((await secondStep(second.b, second.pending, await codeOf(secret, -30))).statusCode).toBe(400);
    // The next step's code works.
    nextStep();
    expect((await secondStep(second.b, second.pending, await codeOf(secret))).statusCode).toBe(201);
  });

  it('two sign-ins racing with one code: exactly one gets a session', async () => {
    const { email, secret } = await playerWithTwoStep();
    const a = await pendingSignIn(email);
    const b = await pendingSignIn(email);
    const code = await codeOf(secret);
    const answers = await Promise.all([secondStep(a.b, a.pending, code), secondStep(b.b, b.pending, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
  });

  it('a pending sign-in expires after five minutes', async () => {
    const { email, secret } = await playerWithTwoStep();
    const { b, pending } = await pendingSignIn(email);
    ctx.clock.advance(5 * 60_000 + 1000);
    const late = await secondStep(b, pending, await codeOf(secret));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: twoStepMessages.expired, field: 'pendingSignIn' });
  });
});

describe('wrong codes: counted atomically and limited', () => {
  it(`a pending sign-in checks at most ${PENDING_SIGN_IN_ATTEMPTS} of 30 wrong codes sent at once, then refuses the right one`, async () => {
    const { email, secret } = await playerWithTwoStep();
    const { b, pending } = await pendingSignIn(email);
    const answers = await Promise.all(Array.from({ length: 30 }, () => secondStep(b, pending, '000000')));
    const messages = answers.map((answer) => answer.json().message);
    expect(messages.filter((m) => m === twoStepMessages.wrongCode)).toHaveLength(PENDING_SIGN_IN_ATTEMPTS);
    expect(messages.filter((m) => m === twoStepMessages.tooManyCodes)).toHaveLength(
      30 - PENDING_SIGN_IN_ATTEMPTS,
    );
    const right = await secondStep(b, pending, await codeOf(secret));
    expect(right.json().message).toBe(twoStepMessages.tooManyCodes);
    expect((await userData(b)).statusCode).toBe(401);
  });

  it(`an account checks at most ${ACCOUNT_ATTEMPTS_PER_WINDOW} codes in 15 minutes across pending sign-ins, then waits`, async () => {
    const { email, secret, userId } = await playerWithTwoStep();
    const pendings = [];
    for (let i = 0; i < 4; i += 1) pendings.push(await pendingSignIn(email));
    // Four pending sign-ins, five tries each (20), sent at once: the account's window lets ten be checked.
    const answers = await Promise.all(
      pendings.flatMap(({ b, pending }) => Array.from({ length: 5 }, () => secondStep(b, pending, '000000'))),
    );
    const wrong = answers.filter((answer) => answer.json().message === twoStepMessages.wrongCode);
    const waits = answers.filter((answer) => answer.statusCode === 429);
    expect(wrong).toHaveLength(ACCOUNT_ATTEMPTS_PER_WINDOW);
    expect(waits).toHaveLength(20 - ACCOUNT_ATTEMPTS_PER_WINDOW);
    expect(waits[0]!.json().message).toBe(twoStepMessages.tooManyForAccount);
    const [row] = await ctx.app.database.db
      .select()
      .from(playerTwoStep)
      .where(eq(playerTwoStep.userId, userId));
    expect(row!.attempts).toBe(ACCOUNT_ATTEMPTS_PER_WINDOW);
    // Even the right code waits for the window to pass; then it signs in and clears the run of failures.
    const early = await pendingSignIn(email);
    expect((await secondStep(early.b, early.pending, await codeOf(secret))).statusCode).toBe(429);
    ctx.clock.advance(15 * 60_000);
    const late = await pendingSignIn(email);
    expect((await secondStep(late.b, late.pending, await codeOf(secret))).statusCode).toBe(201);
    const [after] = await ctx.app.database.db
      .select()
      .from(playerTwoStep)
      .where(eq(playerTwoStep.userId, userId));
    expect(after!.failedInRow).toBe(0);
  });

  it(`locks after ${MAX_FAILED_IN_ROW} wrong codes in a row, whatever the windows`, async () => {
    const { email, secret, userId } = await playerWithTwoStep();
    await ctx.app.database.db
      .update(playerTwoStep)
      .set({ failedInRow: MAX_FAILED_IN_ROW - 1 })
      .where(eq(playerTwoStep.userId, userId));
    const { b, pending } = await pendingSignIn(email);
    expect((await secondStep(b, pending, '000000')).json().message).toBe(twoStepMessages.wrongCode);
    const locked = await secondStep(b, pending, await codeOf(secret));
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(twoStepMessages.locked);
  });
});

describe('recovery codes and turning it off', () => {
  it('new recovery codes need a current code; the old ones stop working', async () => {
    const { b, email, secret, recoveryCodes } = await playerWithTwoStep();
    expect((await b.post(`${TWO_STEP}/recovery-codes`, { code: '000000' })).statusCode).toBe(400);
    const fresh = await b.post(`${TWO_STEP}/recovery-codes`, { code: await codeOf(secret) });
    expect(fresh.statusCode).toBe(201);
    const codes = fresh.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    const { b: other, pending } = await pendingSignIn(email);
    expect((await secondStep(other, pending, recoveryCodes[1]!)).statusCode).toBe(400);
    expect((await secondStep(other, pending, codes[0]!)).statusCode).toBe(201);
  });

  it('turning it off needs a current code; then a sign-in needs no second step', async () => {
    const { b, email, secret } = await playerWithTwoStep();
    const refused = await b.post(`${TWO_STEP}/disable`, { code: '000000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('code');
    expect((await b.post(`${TWO_STEP}/disable`, {})).statusCode).toBe(400);
    expect((await b.post(`${TWO_STEP}/disable`, { code: await codeOf(secret) })).statusCode).toBe(201);
    expect((await b.get(TWO_STEP)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const { verify } = await firstStep(email);
    expect(verify.statusCode).toBe(201);
  });
});
