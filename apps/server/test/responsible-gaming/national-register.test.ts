import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BalanceTransaction } from '@paws/contracts/payments';
import { NATIONAL_REGISTER_REASON, restrictionMessages } from '@paws/contracts/responsible-gaming';
import { staffRgAuditActions } from '@paws/contracts/staff-responsible-gaming';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/config/env.ts';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { balanceTransactions } from '../../src/modules/payments/schema.ts';
import { rgRegisterChecks } from '../../src/modules/responsible-gaming/schema.ts';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastLinkTo,
  PASSWORD,
  PLATFORM_HOST,
  tokenOf,
  uniqueAddress,
} from '../identity/helpers.ts';
import { approveWithdrawal, DEPOSIT, eventually, signedInPlayer, WITHDRAW } from '../payments/helpers.ts';
import { HOUR } from './helpers.ts';

const DAY = 24 * HOUR;
const API_KEY = 'operator-key-0123';

/** A register in GAMSTOP's API v2 shape on a real port: answers per e-mail, or is down. */
class FakeRegister {
  answers = new Map<string, 'Y' | 'N' | 'P'>();
  down = false;
  requests: Array<{ headers: IncomingMessage['headers']; form: URLSearchParams }> = [];
  server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      this.requests.push({ headers: req.headers, form });
      if (this.down || req.headers['x-api-key'] !== API_KEY) {
        res.writeHead(this.down ? 503 : 403).end();
        return;
      }
      const answer = this.answers.get(form.get('email') ?? '') ?? 'N';
      res.writeHead(200, { 'X-Exclusion': answer, 'X-Unique-Id': `check-${this.requests.length}` }).end();
    });
  });
  async start() {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v2`;
  }
  asksFor = (email: string) => this.requests.filter((r) => r.form.get('email') === email).length;
}

const register = new FakeRegister();
let ctx: IdentityTestApp;
beforeAll(async () => {
  const url = await register.start();
  ctx = await createIdentityTestApp({
    env: { SELF_EXCLUSION_REGISTER_URL: url, SELF_EXCLUSION_REGISTER_KEY: API_KEY },
  });
  ctx.app.payments.setSettleDelay(50);
});
afterAll(async () => {
  await ctx?.close();
  register.server.close();
});

const emailOf = async (userId: string) => (await ctx.app.identity.userData(userId)).email as string;
const logIn = (email: string) =>
  browser(ctx.app, PLATFORM_HOST).post(`${ID}/auth/login`, {
    email,
    password: PASSWORD,
    callbackUrl: 'http://platform.test/callback/login',
  });
const checkOf = async (userId: string) =>
  (await ctx.app.database.db.select().from(rgRegisterChecks).where(eq(rgRegisterChecks.userId, userId)))[0];
const audience = async () =>
  (
    await ctx.app.notifications.previewBroadcast({
      title: 'Promo',
      text: 'Spin!',
      segment: 'ALL',
      translations: {},
    })
  ).recipients;

/** Signs up by e-mail (the registration call only); the confirmation link is opened by the caller. */
async function signUp(email: string) {
  const b = browser(ctx.app);
  const res = await b.post(`${ID}/auth/registration`, {
    email,
    password: PASSWORD,
    ageConfirmed: true,
    callbackUrl: `${LANDING}/callback/register`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const link = await lastLinkTo(ctx.app, email);
  const confirm = () => b.post(`${ID}/auth/registration/verify`, { token: tokenOf(link) });
  return { b, res, confirm };
}

describe('the HTTP register (GAMSTOP API v2 shape), over a real round-trip', () => {
  it('is asked at sign-up with the key, the address and a trace id; its answer and id are kept', async () => {
    const { email } = uniqueAddress();
    const { confirm } = await signUp(email);
    const [request] = register.requests.filter((r) => r.form.get('email') === email);
    expect(request?.headers['x-api-key']).toBe(API_KEY);
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const signedIn = await confirm();
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    // The trace id is the account's id: nothing personal goes into the register's log.
    const me = (await browser(ctx.app, PLATFORM_HOST).get('/api/platform/profile/user-data')).statusCode;
    expect(me).toBe(401);
    const traceId = request?.headers['x-trace-id'] as string;
    expect((await ctx.app.identity.userData(traceId)).email).toBe(email);
    expect(await checkOf(traceId)).toMatchObject({
      answer: 'N',
      reference: expect.stringMatching(/^check-/),
    });
    // The confirmation within 24 hours did not ask again.
    expect(register.asksFor(email)).toBe(1);
  });

  it('a registered person signing up is answered as anyone, then refused at the link, flagged and audited', async () => {
    const { email } = uniqueAddress();
    register.answers.set(email, 'Y');
    const { res, confirm } = await signUp(email);
    // The form tells nobody whether an address is on the register: only its owner (the link) hears.
    expect(res.json()).toEqual({ channel: 'email' });
    const refused = await confirm();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(restrictionMessages.nationalRegister);
    expect(refused.json().ban).toMatchObject({ kind: 'SELF_EXCLUSION', reason: NATIONAL_REGISTER_REASON });
    expect((await logIn(email)).json().message).toBe(restrictionMessages.nationalRegister);

    const userId = register.requests.find((r) => r.form.get('email') === email)?.headers[
      'x-trace-id'
    ] as string;
    const [history] = await ctx.app.identity.selfRestrictionHistory(userId);
    expect(history).toMatchObject({ kind: 'SELF_EXCLUSION', reason: NATIONAL_REGISTER_REASON });
    const audit = await ctx.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, staffRgAuditActions.registerExclusion)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, targetType: 'user' });
  });

  it('is asked again at a sign-in after 24 hours, not within them; a new hit self-excludes the player', async () => {
    const { b, userId } = await signedInPlayer(ctx, { verified: true });
    const email = await emailOf(userId);
    expect((await b.post(DEPOSIT, { amount: 50, paymentMethod: 'CARD' })).statusCode).toBe(201);
    const withdrawal = await b.post(WITHDRAW, { amount: 50, paymentMethod: 'CARD' });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const { transaction } = withdrawal.json() as { transaction: BalanceTransaction };
    expect(register.asksFor(email)).toBe(1);

    ctx.clock.advance(23 * HOUR);
    expect((await logIn(email)).statusCode).toBe(201);
    expect(register.asksFor(email)).toBe(1);

    // The player registers with the national scheme; the next sign-in after 24 hours hears it.
    register.answers.set(email, 'Y');
    const before = await audience();
    ctx.clock.advance(2 * HOUR);
    const refused = await logIn(email);
    expect(register.asksFor(email)).toBe(2);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(restrictionMessages.nationalRegister);
    // Signed out everywhere (no deposit), no broadcast, no bet; the withdrawal still pays out.
    expect((await b.post(DEPOSIT, { amount: 10, paymentMethod: 'CARD' })).statusCode).toBe(401);
    expect(await audience()).toBe(before - 1);
    const game = await ctx.app.wallet.createGameSession({
      userId,
      currency: 'USD',
      gameCode: 'roulette',
      providerCode: 'paws-studio',
    });
    await expect(
      ctx.app.wallet.bet({
        transactionId: crypto.randomUUID(),
        roundId: 'r1',
        sessionToken: game.token,
        userId,
        currency: 'USD',
        amount: 1,
        gameCode: 'roulette',
        providerCode: 'paws-studio',
      }),
    ).rejects.toMatchObject({ statusCode: 401 });
    await approveWithdrawal(ctx, transaction.id);
    await eventually(async () => {
      const [row] = await ctx.app.database.db
        .select({ status: balanceTransactions.status })
        .from(balanceTransactions)
        .where(eq(balanceTransactions.id, transaction.id));
      expect(row?.status).toBe('COMPLETED');
    });
    // Refused again within the day: one exclusion, the register not asked again.
    expect((await logIn(email)).statusCode).toBe(403);
    expect(register.asksFor(email)).toBe(2);
    expect(await ctx.app.identity.selfRestrictionHistory(userId)).toHaveLength(1);
  });

  it("a 'P' (previously excluded, ended) lets the player in", async () => {
    const { userId } = await signedInPlayer(ctx);
    const email = await emailOf(userId);
    register.answers.set(email, 'P');
    ctx.clock.advance(DAY);
    expect((await logIn(email)).statusCode).toBe(201);
    expect(await checkOf(userId)).toMatchObject({ answer: 'P' });
  });
});

describe('an unreachable register', () => {
  it('lets in a player with an answer from the last 7 days, and asks again at the next sign-in', async () => {
    const { userId } = await signedInPlayer(ctx);
    const email = await emailOf(userId);
    ctx.clock.advance(2 * DAY);
    register.down = true;
    try {
      expect((await logIn(email)).statusCode).toBe(201);
      ctx.clock.advance(2 * 60_000); // past the wait before another link
      expect((await logIn(email)).statusCode).toBe(201);
      // Each sign-in while it is down asks again (the answer stays due).
      expect(register.asksFor(email)).toBe(3);
      ctx.clock.advance(6 * DAY);
      const waiting = await logIn(email);
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json().message).toBe(restrictionMessages.registerUnavailable);
    } finally {
      register.down = false;
    }
    expect((await logIn(email)).statusCode).toBe(201);
    expect(register.asksFor(email)).toBe(5);
  });

  it('creates the account at sign-up but lets nobody in before the register has answered', async () => {
    const { email } = uniqueAddress();
    register.down = true;
    let confirm: Awaited<ReturnType<typeof signUp>>['confirm'];
    try {
      ({ confirm } = await signUp(email));
      const waiting = await confirm();
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json().message).toBe(restrictionMessages.registerUnavailable);
    } finally {
      register.down = false;
    }
    // The link confirmed the address before the refusal; once the register answers, the password signs in.
    expect((await logIn(email)).statusCode).toBe(201);
    expect(register.asksFor(email)).toBe(3);
  });
});

describe('configuration', () => {
  it('the register URL and key go together, and the URL must be one', () => {
    expect(() => parseEnv({ SELF_EXCLUSION_REGISTER_URL: 'https://register.example/v2' })).toThrow(
      new EnvError(
        'Invalid environment variable SELF_EXCLUSION_REGISTER_KEY: required with SELF_EXCLUSION_REGISTER_URL',
      ),
    );
    expect(() => parseEnv({ SELF_EXCLUSION_REGISTER_KEY: 'k' })).toThrow(/SELF_EXCLUSION_REGISTER_URL/);
    expect(() =>
      parseEnv({ SELF_EXCLUSION_REGISTER_URL: 'not a url', SELF_EXCLUSION_REGISTER_KEY: 'k' }),
    ).toThrow(/SELF_EXCLUSION_REGISTER_URL/);
  });
});
