import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { faceOfMessage } from '../lib/faces.ts';
import { foreignOrigin, productOrigins } from './origin-check.ts';
import { connectRedisAdapter } from './redis-adapter.ts';

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
      // Each face serves only its own sockets: none of the player's on the back office.
      allowRequest: (request, done) => {
        if (faceOfMessage(request, env) === 'backoffice') return done('Not served on the back office', false);
        const problem = foreignOrigin(request.headers, origins);
        done(problem ?? null, problem === undefined);
      },
    });
    // With REDIS_URL: the Redis adapter, which rides out an outage (plugins/redis-adapter.ts).
    const fanOut = env.REDIS_URL
      ? await connectRedisAdapter(
          env.REDIS_URL,
          app.log,
          'socket fan-out to other processes (player sockets)',
          { key: `${env.REDIS_KEY_PREFIX}:socket.io` },
        )
      : undefined;
    if (fanOut) io.adapter(fanOut.adapter);
    app.decorate('io', io);
    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await io.close().catch(() => {});
      await fanOut?.close();
    });
  },
  { name: 'socket', dependencies: ['env'] },
);
