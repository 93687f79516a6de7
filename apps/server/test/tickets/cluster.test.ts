import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAFF_SOCKET_PATH } from '@paws/contracts/staff-tickets';
import type { TicketMessage } from '@paws/contracts/tickets';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/config/env.ts';
import { createDatabase } from '../../src/db/client.ts';
import { BACKOFFICE, staffSession } from '../helpers/staff.ts';
import { createTestDatabase } from '../helpers/test-app.ts';
import { LANDING, PLATFORM, roomyRateLimits } from '../identity/helpers.ts';
import { connected, nextEvent, originOf } from '../notifications/helpers.ts';
import { signedInNewPlayer } from '../staff/helpers.ts';
import { cookieOf, createTicket, joined, openTicketChannel } from './helpers.ts';

/**
 * Two server instances on one PostgreSQL database and one Redis, as two processes behind a load balancer:
 * the player's chat socket on one, the desk's socket on the other, and both hear each other live.
 */
describe.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL)('tickets across instances', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let a: Awaited<ReturnType<typeof buildApp>>;
  let b: Awaited<ReturnType<typeof buildApp>>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // Shared storage (one volume), as several processes need.
    dataDir = await mkdtemp(join(tmpdir(), 'paws-tickets-cluster-'));
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LANDING_URL: LANDING,
      PLATFORM_URL: PLATFORM,
      BACKOFFICE_URL: BACKOFFICE,
      DATA_DIR: dataDir,
      REDIS_URL: process.env.REDIS_URL,
      DATABASE_URL: undefined,
    });
    const identity = { rateLimits: roomyRateLimits, rateLimitKeyPrefix: `tickets-cluster-${Date.now()}` };
    a = await buildApp({ env, database: testDb.database, logger: false, identity });
    b = await buildApp({
      env,
      database: createDatabase({ url: testDb.url as string }),
      logger: false,
      identity,
    });
    await Promise.all([a.ready(), b.ready()]);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await b?.close();
    await a?.close();
    await testDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('carries the chat between a player on A and the desk on B, both ways', async () => {
    const player = await signedInNewPlayer(a);
    const support = await staffSession(a, ['support']);
    const { id } = await createTicket(player.b, { message: 'Hello from A' });

    const chat = openTicketChannel(await originOf(a), { ticketId: id }, sockets, cookieOf(player.b));
    await joined(chat);
    const desk = connect(`${await originOf(b)}/desk`, {
      path: STAFF_SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { host: new URL(BACKOFFICE).host, origin: BACKOFFICE, cookie: support.cookie },
    });
    sockets.push(desk);
    await connected(desk);
    expect(await new Promise((resolve) => desk.emit('join', id, resolve))).toBe(true);

    const deskHears = nextEvent<{ message: TicketMessage }>(desk, 'ticketMessage');
    chat.emit('ticketRequest', { message: 'Typed on A' });
    expect((await deskHears).message.message).toBe('Typed on A');

    // The staff reply is handled by B; the player's socket is on A.
    const playerHears = nextEvent<TicketMessage>(
      chat,
      'receiveTicketMessage',
      (m) => m.byManager && !m.changeStatus,
    );
    const reply = await b.inject({
      method: 'POST',
      url: `/api/staff/tickets/${id}/messages`,
      headers: { host: 'backoffice.test', origin: BACKOFFICE, cookie: support.cookie },
      payload: { message: 'Answered on B' },
    });
    expect(reply.statusCode).toBe(200);
    expect((await playerHears).message).toBe('Answered on B');
  });
});
