import type { Notification } from '@paws/contracts/notifications';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/config/env.ts';
import { createDatabase } from '../../src/db/client.ts';
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
});
