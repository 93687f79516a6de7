import type { Notification } from '@paws/contracts/notifications';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/config/env.ts';
import { createDatabase } from '../../src/db/client.ts';
import { BACKOFFICE, staffSession } from '../helpers/staff.ts';
import { createTestDatabase } from '../helpers/test-app.ts';
import { LANDING, PLATFORM, roomyRateLimits } from '../identity/helpers.ts';
import { deposit, signedInPlayer } from '../payments/helpers.ts';
import { connected, nextEvent, openChannel, originOf } from './helpers.ts';

/**
 * Two server instances on one PostgreSQL database and one Redis, as two processes behind a load balancer
 * would be: a deposit handled by A reaches the player's socket connected to B.
 */
describe.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL)('notifications across instances', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: Awaited<ReturnType<typeof buildApp>>;
  let b: Awaited<ReturnType<typeof buildApp>>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LANDING_URL: LANDING,
      PLATFORM_URL: PLATFORM,
      BACKOFFICE_URL: BACKOFFICE,
      REDIS_URL: process.env.REDIS_URL,
      DATABASE_URL: undefined,
    });
    const identity = { rateLimits: roomyRateLimits, rateLimitKeyPrefix: `cluster-${Date.now()}` };
    a = await buildApp({ env, database: testDb.database, logger: false, identity });
    b = await buildApp({
      env,
      database: createDatabase({ url: testDb.url as string }),
      logger: false,
      identity,
    });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await b?.close();
    await a?.close();
    await testDb?.drop();
  });

  it('pushes a notification produced on A to the socket on B', async () => {
    const player = await signedInPlayer({ app: a } as Parameters<typeof signedInPlayer>[0]);
    const socket = openChannel(await originOf(b), player.b, player.userId, sockets);
    await connected(socket);
    const received = nextEvent<Notification>(socket, 'newNotification', (n) => n.category === 'FINANCIAL');
    await deposit(player.b, 30);
    expect(await received).toMatchObject({
      category: 'FINANCIAL',
      notificationMessage: 'Your deposit of $30.00 was credited to your balance.',
    });
  });

  it('a broadcast reaches each player once, wherever their socket is, in one message between instances', async () => {
    const players = await Promise.all(
      [0, 1, 2, 3, 4].map(() => signedInPlayer({ app: a } as Parameters<typeof signedInPlayer>[0])),
    );
    const origins = [await originOf(a), await originOf(b)];
    const heard: string[][] = players.map(() => []);
    const playerSockets = players.map((player, i) =>
      openChannel(origins[i % 2] as string, player.b, player.userId, sockets),
    );
    await Promise.all(playerSockets.map(connected));
    for (const [i, socket] of playerSockets.entries()) {
      socket.on('newNotification', (n: Notification) => {
        if (n.category === 'ADVERTISING') heard[i]?.push(n.notificationMessage);
      });
    }
    // What crosses Redis between the instances.
    const listener = new Redis(process.env.REDIS_URL as string);
    let crossed = 0;
    listener.on('pmessageBuffer', (_pattern: Buffer, _channel: Buffer, message: Buffer) => {
      // The broadcasts' own (a sign-up's bonus notice may cross meanwhile).
      if (message.includes('Double points tonight')) crossed += 1;
    });
    await listener.psubscribe(`${a.env.REDIS_KEY_PREFIX}:socket.io*`);
    try {
      const content = await staffSession(a, ['content']);
      for (const title of ['First', 'Second']) {
        const delivered = playerSockets.map((socket) =>
          nextEvent<Notification>(socket, 'newNotification', (n) => n.notificationMessage.startsWith(title)),
        );
        const sent = await content.inject({
          method: 'POST',
          url: '/api/staff/broadcasts',
          payload: { title, text: 'Double points tonight.', segment: 'ALL' },
        });
        expect(sent.statusCode, sent.body).toBe(202);
        await Promise.all(delivered);
      }
      // Each player heard each broadcast once, in order; each broadcast crossed once, whatever its size.
      for (const messages of heard) {
        expect(messages).toEqual(['First: Double points tonight.', 'Second: Double points tonight.']);
      }
      expect(crossed).toBe(2);
    } finally {
      listener.disconnect();
    }
  });
});
