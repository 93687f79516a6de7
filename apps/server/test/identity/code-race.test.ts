import { authServerMessages } from '@paws/contracts/auth';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../src/modules/identity/schema.ts';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastCodeTo,
  PASSWORD,
  signUpByEmail,
  signUpByPhone,
} from './helpers.ts';

/**
 * Five tries per one-time code, however they arrive: the try is taken in one statement before the code is
 * compared, so 60 codes sent at once get five comparisons between them (on PostgreSQL with DATABASE_URL
 * set, they really run side by side).
 */
let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
}, 120_000);
afterAll(() => ctx.close());

const PARALLEL = 60;
const LIMIT = 5;
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** The tries taken on the newest code of a purpose and target: how many codes were compared with it. */
async function attemptsOf(purpose: 'reset_password' | 'login', target: string) {
  const [row] = await ctx.app.database.db
    .select({ attempts: verificationCodes.attempts })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row!.attempts;
}

function expectLocked(messages: string[], checked: number) {
  expect(checked).toBe(LIMIT);
  expect(messages.filter((message) => message === authServerMessages.wrongCode)).toHaveLength(LIMIT);
  expect(messages.filter((message) => message === authServerMessages.tooManyCodeAttempts)).toHaveLength(
    PARALLEL - LIMIT,
  );
}

describe('the five-tries limit of a player one-time code, in parallel', () => {
  it(`compares at most ${LIMIT} of ${PARALLEL} wrong e-mail codes sent at once, then refuses the right one`, async () => {
    const { email } = await signUpByEmail(ctx.app, browser(ctx.app));
    ctx.clock.advance(61_000);
    expect((await browser(ctx.app).post(`${ID}/auth/reset-password`, { email })).statusCode).toBe(201);
    const code = await lastCodeTo(ctx.app, email);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        browser(ctx.app).post(`${ID}/auth/reset-password/verify`, { email, otpEmail: otherCode(code) }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(400);
    const checked = await attemptsOf('reset_password', email);
    console.info(`player e-mail code: ${checked} of ${PARALLEL} parallel wrong codes compared`);
    expectLocked(
      answers.map((answer) => answer.json().message),
      checked,
    );

    const right = await browser(ctx.app).post(`${ID}/auth/reset-password/verify`, { email, otpEmail: code });
    expect(right.json()).toEqual({
      statusCode: 400,
      message: authServerMessages.tooManyCodeAttempts,
      field: 'otpEmail',
    });
    expect(await attemptsOf('reset_password', email)).toBe(LIMIT);
  });

  it(`compares at most ${LIMIT} of ${PARALLEL} wrong SMS sign-in codes sent at once`, async () => {
    const { phone } = await signUpByPhone(ctx.app, browser(ctx.app));
    ctx.clock.advance(61_000);
    const login = await browser(ctx.app).post(`${ID}/auth/login`, {
      phone,
      password: PASSWORD,
      callbackUrl: `${LANDING}/callback/login`,
    });
    expect(login.statusCode).toBe(201);
    const code = await lastCodeTo(ctx.app, phone);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        browser(ctx.app).post(`${ID}/auth/login/verify`, { phone, otpPhone: otherCode(code) }),
      ),
    );
    expectLocked(
      answers.map((answer) => answer.json().message),
      await attemptsOf('login', phone),
    );
    const right = await browser(ctx.app).post(`${ID}/auth/login/verify`, { phone, otpPhone: code });
    expect(right.json().message).toBe(authServerMessages.tooManyCodeAttempts);
  });
});
