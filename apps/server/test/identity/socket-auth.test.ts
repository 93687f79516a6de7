import { ACCESS_TOKEN_COOKIE } from '@paws/contracts/auth';
import type { Namespace } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SocketAuthData, socketRefusal } from '../../src/modules/identity/index.ts';
import type { Browser } from '../identity/helpers.ts';
import { connected, nextEvent, originOf, refused } from '../notifications/helpers.ts';
import { createStaffTestApp, type StaffTestApp, signedInNewPlayer } from '../staff/helpers.ts';

const NAMESPACE = '/staff-channel-test';
let ctx: StaffTestApp;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createStaffTestApp();
  // A channel that admits a player only to their own resource, wired the way the tickets channel is.
  const namespace = ctx.app.io.of(NAMESPACE) as unknown as Namespace<
    Record<string, never>,
    { welcome: (payload: { userId: string }) => void },
    Record<string, never>,
    SocketAuthData
  >;
  ctx.app.socketAuth(namespace, {
    handshake: (socket) =>
      typeof socket.handshake.auth.ticketId === 'string'
        ? undefined
        : socketRefusal('ticketId required', 400),
    admit: (socket, user) =>
      socket.handshake.auth.ticketId === `ticket-of-${user.id}` ? undefined : socketRefusal('Forbidden', 403),
    onConnection: (socket, user) => socket.emit('welcome', { userId: user.id }),
  });
  origin = await originOf(ctx.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx?.close();
});

function open(cookie: string | undefined, auth: object = { ticketId: 't1' }) {
  const socket = connect(`${origin}${NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    auth,
    extraHeaders: cookie ? { cookie } : {},
  });
  sockets.push(socket);
  return socket;
}
const cookieOf = (b: Browser) => b.jar.header('/socket.io/');

describe('app.socketAuth (shared by the realtime channels)', () => {
  it('lets a session the channel admits in, with its user', async () => {
    const player = await signedInNewPlayer(ctx.app);
    const socket = open(cookieOf(player.b), { ticketId: `ticket-of-${player.userId}` });
    const welcome = nextEvent<{ userId: string }>(socket, 'welcome');
    await connected(socket);
    expect(await welcome).toEqual({ userId: player.userId });
  });

  it("refuses with the channel's own checks: the handshake payload, then the user", async () => {
    const player = await signedInNewPlayer(ctx.app);
    expect((await refused(open(cookieOf(player.b), {}))).data).toEqual({ statusCode: 400 });
    const other = await signedInNewPlayer(ctx.app);
    const error = await refused(open(cookieOf(other.b), { ticketId: `ticket-of-${player.userId}` }));
    expect(error.message).toBe('Forbidden');
    expect(error.data).toEqual({ statusCode: 403 });
  });

  it('refuses a cookie that is not our token with 401', async () => {
    const error = await refused(open(`${ACCESS_TOKEN_COOKIE}=not-a-token`));
    expect(error.message).toBe('Unauthorized');
    expect(error.data).toEqual({ statusCode: 401 });
  });

  it('a handshake without an access cookie hears socketError 4001 and is dropped', async () => {
    const socket = open(undefined);
    expect(await nextEvent<{ statusCode: number }>(socket, 'socketError')).toEqual({
      statusCode: 4001,
      message: 'Session expired',
    });
    await new Promise<void>((resolve) => {
      if (!socket.connected) return resolve();
      socket.once('disconnect', () => resolve());
    });
    expect(socket.connected).toBe(false);
  });
});
