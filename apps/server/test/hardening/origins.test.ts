import { NOTIFICATIONS_NAMESPACE } from '@paws/contracts/notifications';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, ID, type IdentityTestApp, PLATFORM, userData } from '../identity/helpers.ts';
import { connected, originOf, refused } from '../notifications/helpers.ts';
import { signedInNewPlayer } from '../staff/helpers.ts';

// Another port of the product's own host: same site, so SameSite cookies travel with its requests.
const FOREIGN = 'http://landing.test:4000';

describe('state-changing requests and socket handshakes from foreign origins are refused', () => {
  let ctx: IdentityTestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    ctx = await createIdentityTestApp();
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => ctx.close());

  it('a sign-out posted by a page on another origin is refused and the session stays', async () => {
    const player = await signedInNewPlayer(ctx.app);
    const forged = await player.b.post(`${ID}/auth/logout`, undefined, { headers: { origin: FOREIGN } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ statusCode: 403, message: `Requests from ${FOREIGN} are not accepted` });
    expect((await userData(player.b)).statusCode).toBe(200);

    const crossSite = await player.b.post(`${ID}/auth/logout`, undefined, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.json()).toEqual({ statusCode: 403, message: 'Cross-site requests are not accepted' });
    expect((await userData(player.b)).statusCode).toBe(200);

    const own = await player.b.post(`${ID}/auth/logout`, undefined, { headers: { origin: PLATFORM } });
    expect(own.statusCode).toBeLessThan(300);
    expect((await userData(player.b)).statusCode).toBe(401);
  });

  it('reads are not refused by origin (CORS decides what a foreign page may see)', async () => {
    const player = await signedInNewPlayer(ctx.app);
    const read = await player.b.get('/api/platform/profile/user-data', { headers: { origin: FOREIGN } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("a notifications socket opened from another origin with the player's cookie is refused", async () => {
    const origin = await originOf(ctx.app);
    const player = await signedInNewPlayer(ctx.app);
    const cookie = player.b.jar.header('/socket.io/');

    const channel = (pageOrigin: string) => {
      const socket = connect(`${origin}${NOTIFICATIONS_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
        auth: { userId: player.userId, type: 'idle-tracker' },
        extraHeaders: { ...(cookie ? { cookie } : {}), origin: pageOrigin },
      });
      sockets.push(socket);
      return socket;
    };

    const foreign = channel(FOREIGN);
    await expect(refused(foreign)).resolves.toBeInstanceOf(Error);
    expect(foreign.connected).toBe(false);

    const own = channel(PLATFORM);
    await connected(own);
    expect(own.connected).toBe(true);
  });
});
