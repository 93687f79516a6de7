import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

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
    const io = new Server(app.server, {
      transports: ['websocket'],
      cors: { origin: [env.LANDING_URL, env.PLATFORM_URL], credentials: true },
      serveClient: false,
    });
    const redis: Redis[] = [];
    if (env.REDIS_URL) {
      const pub = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      await Promise.all([pub.connect(), sub.connect()]);
      redis.push(pub, sub);
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
