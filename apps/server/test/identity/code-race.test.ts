import { authServerMessages } from '@paws/contracts/auth';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS, MAX_WRONG_CODES_PER_DAY } from '../../src/modules/identity/codes.ts';
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
 * set, they really run side by side). The same holds for the twenty wrong codes an address may type in a
 * day, across its codes: the day's try is taken, under a lock on the address, before the code is compared.
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

/** Wrong codes typed today for an address, all codes and purposes together (what the daily limit counts). */
async function wrongToday(target: string) {
  const [row] = await ctx.app.database.db
    .select({ wrong: sql<string | null>`sum(${verificationCodes.attempts})` })
    .from(verificationCodes)
    .where(eq(verificationCodes.target, target));
  return Number(row?.wrong ?? 0);
}

describe('the daily limit of wrong codes per address, in parallel', () => {
  const SPENT = MAX_WRONG_CODES_PER_DAY - 2;

  it(`compares at most ${MAX_WRONG_CODES_PER_DAY} wrong codes a day when ${PARALLEL} arrive at once on two fresh codes`, async () => {
    const { phone } = await signUpByPhone(ctx.app, browser(ctx.app));
    // 18 wrong codes today, spread over earlier reset codes (five per code at most).
    for (let spent = 0; spent < SPENT; ) {
      ctx.clock.advance(61_000);
      expect((await browser(ctx.app).post(`${ID}/auth/reset-password`, { phone })).statusCode).toBe(201);
      const code = await lastCodeTo(ctx.app, phone);
      for (let i = 0; i < MAX_CODE_ATTEMPTS && spent < SPENT; i += 1, spent += 1) {
        const wrong = await browser(ctx.app).post(`${ID}/auth/reset-password/verify`, {
          phone,
          otpEmail: otherCode(code),
        });
        expect(wrong.json().message).toBe(authServerMessages.wrongCode);
      }
    }
    expect(await wrongToday(phone)).toBe(SPENT);

    // Two fresh codes live at once (sign-in and reset), ten tries between them; a right one does not count.
    ctx.clock.advance(61_000);
    const login = await browser(ctx.app).post(`${ID}/auth/login`, {
      phone,
      password: PASSWORD,
      callbackUrl: `${LANDING}/callback/login`,
    });
    expect(login.statusCode).toBe(201);
    const loginCode = await lastCodeTo(ctx.app, phone);
    expect((await browser(ctx.app).post(`${ID}/auth/reset-password`, { phone })).statusCode).toBe(201);
    const resetCode = await lastCodeTo(ctx.app, phone);
    const rightReset = await browser(ctx.app).post(`${ID}/auth/reset-password/verify`, {
      phone,
      otpEmail: resetCode,
    });
    expect(rightReset.statusCode).toBeLessThan(300);
    expect(await wrongToday(phone)).toBe(SPENT);

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2
          ? browser(ctx.app).post(`${ID}/auth/login/verify`, { phone, otpPhone: otherCode(loginCode) })
          : browser(ctx.app).post(`${ID}/auth/reset-password/verify`, {
              phone,
              otpEmail: otherCode(resetCode),
            }),
      ),
    );
    const checked = (await wrongToday(phone)) - SPENT;
    console.info(
      `daily limit: ${checked} of ${PARALLEL} parallel wrong codes compared with ${SPENT} already spent today (limit ${MAX_WRONG_CODES_PER_DAY})`,
    );
    expect(await wrongToday(phone)).toBe(MAX_WRONG_CODES_PER_DAY);
    const messages = answers.map((answer) => answer.json().message);
    expect(messages.filter((message) => message === authServerMessages.wrongCode)).toHaveLength(2);
    expect(messages.filter((message) => message === authServerMessages.tooManyCodesToday)).toHaveLength(
      PARALLEL - 2,
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(answer.json().message === authServerMessages.wrongCode ? 400 : 429);
    }

    // Now even the right codes are refused for the day, and refusing them takes no try.
    const rightLogin = await browser(ctx.app).post(`${ID}/auth/login/verify`, { phone, otpPhone: loginCode });
    expect(rightLogin.json()).toEqual({
      statusCode: 429,
      message: authServerMessages.tooManyCodesToday,
      field: 'otpPhone',
    });
    const rightAgain = await browser(ctx.app).post(`${ID}/auth/reset-password/verify`, {
      phone,
      otpEmail: resetCode,
    });
    expect(rightAgain.json()).toEqual({
      statusCode: 429,
      message: authServerMessages.tooManyCodesToday,
      field: 'otpEmail',
    });
    expect(await wrongToday(phone)).toBe(MAX_WRONG_CODES_PER_DAY);
  });
});
