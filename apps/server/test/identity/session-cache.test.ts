import { randomBytes } from 'node:crypto';
import { authServerMessages } from '@paws/contracts/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { FEED_APPLICATION_NAME } from '../../src/core/changes.ts';
import { createDatabase } from '../../src/db/client.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastLinkTo,
  PASSWORD,
  roomyRateLimits,
  signUpByEmail,
  tokenOf,
  userData,
} from './helpers.ts';

let ctx: IdentityTestApp;
let support: StaffSession;
beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  support = await staffSession(ctx.app, ['support']);
});
afterAll(() => ctx?.close());

type App = IdentityTestApp['app'];
const LOGIN = `${ID}/auth/login`;
const EDIT_USERNAME = `${ID}/profile/edit/username`;
const ban = (userId: string) =>
  support.inject({
    method: 'POST',
    url: `/api/staff/players/${userId}/ban`,
    payload: { reason: 'Chargeback fraud', endsAt: null },
  });

async function signedUp(app: App = ctx.app) {
  const b = browser(app);
  const { email } = await signUpByEmail(app, b);
  const userId = (await userData(b)).json().user.userId as string;
  return { b, email, userId };
}

/** Another browser of the same account, signed in with its password and the e-mailed link. */
async function signedInAgain(app: App, email: string) {
  const b = browser(app);
  // Past the wait before another link to the same address.
  ctx.clock.advance(61_000);
  await b.post(LOGIN, { email, password: PASSWORD, callbackUrl: `${LANDING}/callback/login` });
  const verify = await b.post(`${LOGIN}/verify`, { token: tokenOf(await lastLinkTo(app, email)) });
  if (verify.statusCode !== 201) throw new Error(`sign-in failed: ${verify.body}`);
  return b;
}

/** The same cookies, sent to another app (another process behind the same load balancer). */
const sameCookies = (b: Browser, app: App) => browser(app, undefined, b.jar);

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('session checks from memory', () => {
  it('a sign-out, an edit and a ban take effect on the very next request', async () => {
    const first = await signedUp();
    const other = await signedInAgain(ctx.app, first.email);
    for (const b of [first.b, other]) expect((await userData(b)).statusCode).toBe(200);

    const username = `c_${randomBytes(3).toString('hex')}`;
    expect((await first.b.post(EDIT_USERNAME, { value: username })).statusCode).toBe(201);
    expect((await userData(other)).json().user.username).toBe(username);

    expect((await ban(first.userId)).statusCode).toBe(201);
    expect((await userData(other)).json().user.ban).toMatchObject({ reason: 'Chargeback fraud' });
    const refused = await other.post(EDIT_USERNAME, { value: `${username}_2` });
    expect([refused.statusCode, refused.json().message]).toEqual([403, authServerMessages.banned]);

    expect((await other.post(`${ID}/auth/logout`)).statusCode).toBe(201);
    expect((await userData(other)).statusCode).toBe(401);
    expect((await userData(first.b)).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('session checks in two processes on one database', () => {
  let other: App;
  beforeAll(async () => {
    other = await buildApp({
      env: ctx.env,
      database: createDatabase({ url: ctx.app.database.url as string }),
      logger: false,
      identity: {
        clock: ctx.clock.now,
        rateLimits: roomyRateLimits,
        rateLimitKeyPrefix: `test-${randomBytes(6).toString('hex')}`,
      },
    });
    await other.ready();
  });
  afterAll(() => other?.close());

  /** A player signed in on the first process whose session the second has cached. */
  async function cachedThere() {
    const player = await signedUp();
    const there = sameCookies(player.b, other);
    for (let i = 0; i < 2; i++) expect((await userData(there)).statusCode).toBe(200);
    return { ...player, there };
  }

  it('a session ended in one process is refused by the other on its next request', async () => {
    const signOut = await cachedThere();
    expect((await signOut.b.post(`${ID}/auth/logout`)).statusCode).toBe(201);
    expect((await userData(signOut.there)).statusCode).toBe(401);

    const everywhere = await cachedThere();
    const elsewhere = await signedInAgain(ctx.app, everywhere.email);
    expect((await elsewhere.post(`${ID}/profile/sessions/sign-out-others`)).statusCode).toBe(201);
    expect((await userData(everywhere.there)).statusCode).toBe(401);
    expect((await userData(sameCookies(elsewhere, other))).statusCode).toBe(200);
  });

  it('a ban set in one process applies in the other at once', async () => {
    const player = await cachedThere();
    expect((await ban(player.userId)).statusCode).toBe(201);
    expect((await userData(player.there)).json().user.ban).toMatchObject({ reason: 'Chargeback fraud' });
    const refused = await player.there.post(EDIT_USERNAME, {
      value: `b_${randomBytes(3).toString('hex')}`,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a lost feed empties the cache, and sessions are read from the database until it is back', async () => {
    const player = await cachedThere();
    const db = ctx.app.database.db;
    // A revocation no feed hears (as one made while a feed is down): the cache still answers from memory.
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table sessions disable trigger sessions_identity_feed`);
      await tx.execute(sql`update sessions set revoked_at = now() where user_id = ${player.userId}`);
      await tx.execute(sql`alter table sessions enable trigger sessions_identity_feed`);
    });
    expect((await userData(player.there)).statusCode).toBe(200);

    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${FEED_APPLICATION_NAME} and datname = current_database()`,
    );
    // Once the process sees its feed gone it forgets what it held: the session is read, and refused.
    await until(async () => (await userData(player.there)).statusCode === 401);

    // Meanwhile and after, other sessions authenticate from the database, and revocations still hold.
    const next = await cachedThere();
    expect((await next.b.post(`${ID}/auth/logout`)).statusCode).toBe(201);
    expect((await userData(next.there)).statusCode).toBe(401);
  });
});
