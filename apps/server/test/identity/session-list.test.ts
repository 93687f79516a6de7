import { randomUUID } from 'node:crypto';
import { type MySession, sessionListMessages } from '@paws/contracts/sessions';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, originOf } from '../notifications/helpers.ts';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  LANDING_HOST,
  lastLinkTo,
  lastMessageTo,
  PASSWORD,
  signUpByEmail,
  tokenOf,
  userData,
} from './helpers.ts';

const SESSIONS = `${ID}/profile/sessions`;
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let ctx: IdentityTestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx?.close();
});

/** A browser that sends its own user agent on every request. */
function device(userAgent: string): Browser {
  const b = browser(ctx.app, LANDING_HOST);
  const send: Browser['send'] = (options) =>
    b.send({ ...options, headers: { 'user-agent': userAgent, ...options.headers } });
  return {
    ...b,
    send,
    post: (url, payload, extra = {}) =>
      send({
        ...extra,
        method: 'POST',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    get: (url, extra = {}) => send({ ...extra, method: 'GET', url }),
    del: (url, extra = {}) => send({ ...extra, method: 'DELETE', url }),
  };
}

/** One player signed in on two devices: a Chrome on Windows (signed up there) and a Safari on an iPhone. */
async function playerOnTwoDevices() {
  const desk = device(CHROME_ON_WINDOWS);
  const { email } = await signUpByEmail(ctx.app, desk);
  ctx.clock.advance(61_000);
  const phone = device(SAFARI_ON_IPHONE);
  await phone.post(`${ID}/auth/login`, {
    email,
    password: PASSWORD,
    callbackUrl: `${LANDING}/callback/login`,
  });
  const verify = await phone.post(`${ID}/auth/login/verify`, {
    token: tokenOf(await lastLinkTo(ctx.app, email)),
  });
  expect(verify.statusCode).toBe(201);
  return { desk, phone, email };
}
const listOf = async (b: Browser) => {
  const res = await b.get(SESSIONS);
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: MySession[] }).items;
};
const refresh = (b: Browser) => b.post(`${ID}/auth/refresh-tokens`);

describe('the player’s sessions and devices', () => {
  it('lists only the player’s own live sessions, in words, this one marked', async () => {
    const { desk, phone } = await playerOnTwoDevices();
    await playerOnTwoDevices(); // someone else's sessions stay out of the list
    const items = await listOf(desk);
    expect(items).toHaveLength(2);
    const byBrowser = Object.fromEntries(items.map((s) => [s.browser, s]));
    expect(byBrowser['Chrome 131']).toMatchObject({ system: 'Windows 10', current: true, ip: '127.0.0.1' });
    expect(byBrowser['Safari 17']).toMatchObject({ system: 'iOS 17.5', current: false });
    for (const s of items)
      expect(Date.parse(s.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(s.signedInAt));
    // The phone sees the same two, itself marked.
    const fromPhone = await listOf(phone);
    expect(fromPhone.find((s) => s.current)?.sessionId).toBe(byBrowser['Safari 17']?.sessionId);
    // A refresh rotates tokens within the sign-in: still one row for it, its last activity later.
    ctx.clock.advance(5 * 60_000);
    expect((await refresh(phone)).statusCode).toBe(201);
    const after = await listOf(desk);
    expect(after).toHaveLength(2);
    const phoneRow = after.find((s) => s.browser === 'Safari 17')!;
    expect(phoneRow.signedInAt).toBe(byBrowser['Safari 17']?.signedInAt);
    expect(Date.parse(phoneRow.lastActiveAt)).toBeGreaterThan(
      Date.parse(byBrowser['Safari 17']!.lastActiveAt),
    );
    expect((await browser(ctx.app).get(SESSIONS)).statusCode).toBe(401);
  });

  it('ending one refuses that device’s access and refresh tokens on their next request', async () => {
    const { desk, phone } = await playerOnTwoDevices();
    expect((await userData(phone)).statusCode).toBe(200); // its token is now remembered as verified
    const phoneSession = (await listOf(desk)).find((s) => !s.current)!;
    const res = await desk.del(`${SESSIONS}/${phoneSession.sessionId}`);
    expect(res.statusCode).toBe(204);
    expect((await userData(phone)).statusCode).toBe(401);
    expect((await refresh(phone)).statusCode).toBe(401);
    expect((await userData(desk)).statusCode).toBe(200);
    expect((await listOf(desk)).map((s) => s.current)).toEqual([true]);
    // Ended already: not found.
    expect((await desk.del(`${SESSIONS}/${phoneSession.sessionId}`)).statusCode).toBe(404);
  });

  it('signing out the others keeps this one', async () => {
    const { desk, phone } = await playerOnTwoDevices();
    const res = await phone.post(`${SESSIONS}/sign-out-others`);
    expect([res.statusCode, res.json()]).toEqual([201, { ended: 1 }]);
    expect((await userData(desk)).statusCode).toBe(401);
    expect((await refresh(desk)).statusCode).toBe(401);
    expect((await userData(phone)).statusCode).toBe(200);
    expect((await listOf(phone)).map((s) => s.browser)).toEqual(['Safari 17']);
  });

  it('another player’s session is not found, and stays live; a bad id names the field', async () => {
    const mine = await playerOnTwoDevices();
    const theirs = await playerOnTwoDevices();
    const theirSession = (await listOf(theirs.desk))[0]!;
    const res = await mine.desk.del(`${SESSIONS}/${theirSession.sessionId}`);
    expect([res.statusCode, res.json()]).toEqual([
      404,
      { statusCode: 404, message: sessionListMessages.notFound },
    ]);
    expect((await userData(theirs.desk)).statusCode).toBe(200);
    expect((await mine.desk.del(`${SESSIONS}/${randomUUID()}`)).statusCode).toBe(404);

    const bad = await mine.desk.del(`${SESSIONS}/not-a-uuid`);
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { statusCode: 400, field: 'sessionId', message: sessionListMessages.sessionId },
    ]);
    const current = (await listOf(mine.desk)).find((s) => s.current)!;
    const own = await mine.desk.del(`${SESSIONS}/${current.sessionId}`);
    expect([own.statusCode, own.json()]).toEqual([
      400,
      { statusCode: 400, field: 'sessionId', message: sessionListMessages.current },
    ]);
    expect((await userData(mine.desk)).statusCode).toBe(200);
  });

  it('an ended session’s open sockets are dropped at once; the others stay', async () => {
    const { desk, phone } = await playerOnTwoDevices();
    const origin = await originOf(ctx.app);
    const me = (await userData(desk)).json() as { user: { userId: string } };
    const open = (b: Browser) => {
      const socket = connect(`${origin}/notifications`, {
        transports: ['websocket'],
        reconnection: false,
        auth: { userId: me.user.userId, type: 'idle-tracker' },
        extraHeaders: { cookie: b.jar.header('/socket.io/') ?? '' },
      });
      sockets.push(socket);
      return socket;
    };
    const phoneSocket = open(phone);
    const deskSocket = open(desk);
    await Promise.all([connected(phoneSocket), connected(deskSocket)]);
    const dropped = new Promise<string>((resolve) => phoneSocket.once('disconnect', resolve));
    const phoneSession = (await listOf(desk)).find((s) => !s.current)!;
    expect((await desk.del(`${SESSIONS}/${phoneSession.sessionId}`)).statusCode).toBe(204);
    expect(await dropped).toBe('io server disconnect');
    expect(deskSocket.connected).toBe(true);
  });

  it('a sign-in from a new device e-mails the device, the time and a link that ends that sign-in', async () => {
    const { desk, phone, email } = await playerOnTwoDevices();
    const mail = await lastMessageTo(ctx.app, email);
    expect(mail.subject).toBe('New sign-in to your PAWS account');
    expect(mail.body).toContain('Safari 17 on iOS 17.5 (127.0.0.1)');
    expect(mail.body).toMatch(/on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const link = await lastLinkTo(ctx.app, email);
    expect(`${link.origin}${link.pathname}`).toBe(`${ctx.env.PLATFORM_URL}/end-session`);
    const phoneSession = (await listOf(phone)).find((s) => s.current)!;
    expect(tokenOf(link).startsWith(`${phoneSession.sessionId}.`)).toBe(true);

    const forged = await browser(ctx.app).post(`${ID}/auth/end-session`, {
      token: `${phoneSession.sessionId}.${'0'.repeat(64)}`,
    });
    expect([forged.statusCode, forged.json().field]).toEqual([400, 'token']);
    expect((await userData(phone)).statusCode).toBe(200);

    // Opened by anyone holding the e-mail, signed in or not.
    const ended = await browser(ctx.app).post(`${ID}/auth/end-session`, { token: tokenOf(link) });
    expect([ended.statusCode, ended.json()]).toEqual([201, { success: true }]);
    expect((await userData(phone)).statusCode).toBe(401);
    expect((await refresh(phone)).statusCode).toBe(401);
    expect((await userData(desk)).statusCode).toBe(200);
    // Opened again: the sign-in is over either way.
    expect((await browser(ctx.app).post(`${ID}/auth/end-session`, { token: tokenOf(link) })).statusCode).toBe(
      201,
    );
  });

  it('a sign-in from a browser the player used before sends no e-mail', async () => {
    const { email } = await playerOnTwoDevices();
    ctx.clock.advance(61_000);
    const again = device(SAFARI_ON_IPHONE);
    await again.post(`${ID}/auth/login`, {
      email,
      password: PASSWORD,
      callbackUrl: `${LANDING}/callback/login`,
    });
    await again.post(`${ID}/auth/login/verify`, { token: tokenOf(await lastLinkTo(ctx.app, email)) });
    expect((await userData(again)).statusCode).toBe(200);
    expect((await lastMessageTo(ctx.app, email)).subject).toBe('Your PAWS sign-in link');
  });
});
