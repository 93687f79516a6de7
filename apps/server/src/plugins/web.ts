import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { runtimeConfigSchema, serviceBasePaths } from '@paws/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { repoRoot } from '../config/env.ts';
import { faceOf } from '../lib/faces.ts';

export const webDist = resolve(repoRoot, 'apps/web/dist');
export const gamesDist = resolve(repoRoot, 'apps/games/dist');

/**
 * Serves the one web build to both origins with a /config.json of its own per face, the studio's game
 * pages under /studio/, and index.html for every other non-API GET so the client routes deep links.
 */
export const web = fp(
  async (app: FastifyInstance) => {
    const { env } = app;
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/config.json',
        { schema: { hide: true, response: { 200: runtimeConfigSchema } } },
        async (request, reply) => {
          reply.header('cache-control', 'no-store');
          return {
            identityApiUrl: serviceBasePaths.identity,
            platformApiUrl: serviceBasePaths.platform,
            notificationsApiUrl: serviceBasePaths.notifications,
            ticketsApiUrl: serviceBasePaths.tickets,
            bonusesApiUrl: serviceBasePaths.bonuses,
            newsApiUrl: serviceBasePaths.news,
            socketUrl: '',
            platformUrl: env.PLATFORM_URL,
            spaceUrl: env.LANDING_URL,
            isPlatform: faceOf(request, env) === 'platform',
          };
        },
      );

    const hasWeb = existsSync(resolve(webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDist,
        index: 'index.html',
        // The build writes .br and .gz beside every asset; the best one the browser accepts is sent.
        preCompressed: true,
        setHeaders(reply, path) {
          reply.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    if (existsSync(gamesDist)) {
      await app.register(fastifyStatic, { root: gamesDist, prefix: '/studio/', decorateReply: false });
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
      if (isPage && hasWeb) {
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDist);
      }
      return reply
        .status(404)
        .send({ statusCode: 404, message: `Route ${request.method}:${path} not found` });
    });
  },
  { name: 'web', dependencies: ['env'] },
);
