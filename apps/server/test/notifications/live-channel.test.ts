import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_COOKIE } from '@paws/contracts/auth';
import { NOTIFICATIONS_NAMESPACE, type Notification } from '@paws/contracts/notifications';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quiesce } from '../backbone/helpers.ts';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  PLATFORM_HOST,
  signUpByEmail,
} from '../identity/helpers.ts';
import { deposit, eventually, signedInPlayer } from '../payments/helpers.ts';
import { changePassword, connected, listOf, nextEvent, openChannel, originOf, refused } from './helpers.ts';

let ctx: IdentityTestApp;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createIdentityTestApp();
  origin = await originOf(ctx.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx?.close();
});

describe('the live channel', () => {
  it('a password change ends the player’s open sockets after telling them', async () => {
    const b = browser(ctx.app, PLATFORM_HOST);
    const { email } = await signUpByEmail(ctx.app, b);
    const me = (await b.get('/api/platform/profile/user-data')).json() as { user: { userId: string } };
    const socket = openChannel(origin, b, me.user.userId, sockets);
    await connected(socket);
    const told = nextEvent<Notification>(socket, 'newNotification', (n) => n.category === 'SECURITY');
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    ctx.clock.advance(61_000);
    await changePassword(ctx, b, email, 'Changed#789');
    expect((await told).notificationMessage).toMatch(/^Your password was changed/);
    expect(await dropped).toBe('io server disconnect');
  });

  it('pushes newNotification to the player’s sockets only', async () => {
    const alice = await signedInPlayer(ctx);
    const bob = await signedInPlayer(ctx);
    // Their sign-up notices (the welcome bonus) are out of the way: only the deposit's can follow.
    await quiesce(ctx.app);
    const aliceSocket = openChannel(origin, alice.b, alice.userId, sockets);
    const bobSocket = openChannel(origin, bob.b, bob.userId, sockets);
    await Promise.all([connected(aliceSocket), connected(bobSocket)]);
    const heardByBob: Notification[] = [];
    bobSocket.on('newNotification', (n: Notification) => heardByBob.push(n));
    const received = nextEvent<Notification>(
      aliceSocket,
      'newNotification',
      (n) => n.category === 'FINANCIAL',
    );
    await deposit(alice.b, 40);
    expect(await received).toMatchObject({
      category: 'FINANCIAL',
      notificationMessage: 'Your deposit of $40.00 was credited to your balance.',
      isRead: false,
    });
    // Then one of Bob's own: a socket gets its messages in the order sent, so Alice's, had it gone to
    // Bob too, would have come first. Bob heard only rows of his own.
    const bobs = nextEvent<Notification>(bobSocket, 'newNotification', (n) => n.category === 'FINANCIAL');
    await deposit(bob.b, 41);
    await bobs;
    const bobsRows = (await listOf(bob.b)).notifications.map((n) => n.id);
    expect(heardByBob.map((n) => n.id).filter((id) => !bobsRows.includes(id))).toEqual([]);
  });

  it('refuses a handshake whose userId is not the session’s', async () => {
    const alice = await signedInPlayer(ctx);
    const bob = await signedInPlayer(ctx);
    const error = await refused(openChannel(origin, alice.b, bob.userId, sockets));
    expect(error.message).toBe('Forbidden');
    expect(error.data).toEqual({ statusCode: 403 });
  });

  it('refuses a cookie that is not our token, and a logged-out session', async () => {
    const alice = await signedInPlayer(ctx);
    const forged = await refused(
      openChannel(origin, alice.b, alice.userId, sockets, `${ACCESS_TOKEN_COOKIE}=not-a-token`),
    );
    expect(forged.data).toEqual({ statusCode: 401 });

    const cookie = alice.b.jar.header('/socket.io/');
    expect((await alice.b.post(`${ID}/auth/logout`)).statusCode).toBe(201);
    const revoked = await refused(openChannel(origin, alice.b, alice.userId, sockets, cookie));
    expect(revoked.message).toBe('Unauthorized');
    expect(revoked.data).toEqual({ statusCode: 401 });
  });

  it('refuses a handshake without the idle-tracker auth', async () => {
    const alice = await signedInPlayer(ctx);
    const socket = connect(`${origin}${NOTIFICATIONS_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      auth: { userId: alice.userId },
      extraHeaders: { cookie: alice.b.jar.header('/socket.io/') ?? '' },
    });
    sockets.push(socket);
    expect((await refused(socket)).data).toEqual({ statusCode: 400 });
  });

  it('a socket without an access cookie (the browser drops it when it lapses) hears 4001', async () => {
    const alice = await signedInPlayer(ctx);
    const socket = openChannel(origin, alice.b, alice.userId, sockets, '');
    expect(await nextEvent<{ statusCode: number }>(socket, 'socketError')).toMatchObject({
      statusCode: 4001,
    });
    await eventually(async () => expect(socket.connected).toBe(false));
  });

  it('an expired session hears socketError 4001 and is dropped', async () => {
    const alice = await signedInPlayer(ctx);
    ctx.clock.advance(16 * 60 * 1000);
    {
      const socket = openChannel(origin, alice.b, alice.userId, sockets);
      const error = nextEvent<{ statusCode: number }>(socket, 'socketError');
      expect(await error).toMatchObject({ statusCode: 4001 });
      await eventually(async () => expect(socket.connected).toBe(false));
      // After a refresh the same player connects again.
      expect((await alice.b.post(`${ID}/auth/refresh-tokens`)).statusCode).toBe(201);
      const again = openChannel(origin, alice.b, alice.userId, sockets);
      await connected(again);
    }
  });

  it('records userIdle for the socket’s own player only', async () => {
    const alice = await signedInPlayer(ctx);
    const socket = openChannel(origin, alice.b, alice.userId, sockets);
    await connected(socket);
    const timestamp = Date.now();
    socket.emit('userIdle', { userId: randomUUID(), isIdle: true, timestamp, page: '/x', userAgent: 'x' });
    socket.emit('userIdle', {
      userId: alice.userId,
      isIdle: true,
      timestamp,
      page: '/faq',
      userAgent: 'Test/1.0',
    });
    const activity = await eventually(async () => {
      const row = await ctx.app.notifications.activityOf(alice.userId);
      expect(row).toBeDefined();
      return row;
    });
    expect(activity).toMatchObject({ isIdle: true, page: '/faq', userAgent: 'Test/1.0' });
    expect(activity?.lastActivityAt.getTime()).toBe(timestamp);
  });
});
