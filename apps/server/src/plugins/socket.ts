import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { EnvError } from '../config/env.ts';
import { foreignOrigin, productOrigins } from './origin-check.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** socket.io on the app's HTTP server (both origins), websocket transport only. Modules add namespaces. */
    io: Server;
  }
}

/**
 * One socket.io server for every module's namespace. With REDIS_URL the Redis adapter carries every
 * emit to the sockets of all server processes.
 */
export const socketServer = fp(
  async (app: FastifyInstance) => {
    const { env } = app;
    const origins = productOrigins(env);
    const io = new Server(app.server, {
      transports: ['websocket'],
      cors: { origin: [...origins], credentials: true },
      serveClient: false,
      // A ticket message carries its attachment (up to 5 MB, TICKET_FILE_MAX_BYTES) as raw bytes.
      maxHttpBufferSize: 6 * 1024 * 1024,
      // WebSocket upgrades are not subject to CORS: a page on another origin would otherwise open a channel
      // with the player's cookie and read their live notifications.
      allowRequest: (request, done) => {
        const problem = foreignOrigin(request.headers, origins);
        done(problem ?? null, problem === undefined);
      },
    });
    const redis: Redis[] = [];
    if (env.REDIS_URL) {
      const pub = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      redis.push(pub, sub);
      let firstError: Error | undefined;
      const remember = (err: Error) => {
        firstError ??= err;
      };
      for (const client of redis) client.on('error', remember);
      try {
        await Promise.all([pub.connect(), sub.connect()]);
      } catch (error) {
        for (const client of redis) client.disconnect();
        throw new EnvError(`Cannot reach Redis at REDIS_URL: ${(firstError ?? (error as Error)).message}`);
      }
      // At run time a lost Redis only pauses the fan-out to other processes: ioredis reconnects by itself.
      for (const client of redis) {
        client.off('error', remember);
        client.on('error', (err) => app.log.warn(`redis: ${err.message}`));
      }
      io.adapter(createAdapter(pub, sub));
    }
    app.decorate('io', io);
    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await io.close().catch(() => {});
      await Promise.all(redis.map((client) => client.quit().catch(() => {})));
    });
  },
  { name: 'socket', dependencies: ['env'] },
);
