import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  backOfficeConfigSchema,
  runtimeConfigSchema,
  serviceBasePaths,
} from '@paws/contracts/runtime-config';
import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVERY_FACE_ROUTES, faceOf } from '../lib/faces.ts';
import { moduleSurfaces } from '../modules/manifest.ts';
import { inlineHashes } from './content-security.ts';
import { backOfficeDist, gamesDist, webDist } from './dists.ts';

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
        { schema: { hide: true, response: { 200: z.union([runtimeConfigSchema, backOfficeConfigSchema]) } } },
        async (request, reply) => {
          reply.header('cache-control', 'no-store');
          if (faceOf(request, env) === 'backoffice') {
            return {
              face: 'backoffice' as const,
              staffApiUrl: STAFF_API_PREFIX,
              platformUrl: env.PLATFORM_URL,
              spaceUrl: env.LANDING_URL,
              socketUrl: '',
            };
          }
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
      await app.register(fastifyStatic, {
        root: gamesDist,
        prefix: '/studio/',
        decorateReply: false,
        preCompressed: true,
      });
    }

    await serveBackOffice(app, hasWeb);

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = request.method === 'GET' && !isServerPath(path) && !/\.[a-z0-9]+$/i.test(path);
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

/**
 * Paths the server answers itself (APIs, the sandboxes' pages, the studio's game pages, uploads, the API
 * reference): an unknown one is a 404, never the player app's index.html, so a switched-off feature (the
 * KYC sandbox in production) does not seem to answer.
 */
const serverPathPrefixes = [
  '/api/',
  '/studio/',
  '/uploads/',
  '/docs',
  ...Object.values(moduleSurfaces).flatMap((surface) => surface.routes),
];
export const isServerPath = (path: string) =>
  serverPathPrefixes.some(
    (prefix) =>
      path === prefix.replace(/\/$/, '') || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );

/**
 * The back office's own build on its own origin: its files, and its index.html for every other page path;
 * nothing of the player app is served there. Its pages get a stricter policy than the player faces: no
 * frames either way, connections only to itself.
 */
async function serveBackOffice(app: FastifyInstance, staticRegistered: boolean) {
  const { env } = app;
  if (!staticRegistered) {
    await app.register(fastifyStatic, { root: backOfficeDist, serve: false, preCompressed: true });
  }
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${inlineHashes('script', [backOfficeDist]).join(' ')}`.trim(),
    `style-src 'self' ${inlineHashes('style', [backOfficeDist]).join(' ')}`.trim(),
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self' ${new URL(env.BACKOFFICE_URL).origin.replace(/^http/, 'ws')}`,
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');

  // A callback hook that lets every request of the player faces (and every non-GET) through at once: it
  // runs before routing, on every request of every face, and an async one costs each of them a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    if (faceOf(request, env) !== 'backoffice') return done();
    const path = decodedPath(request.url);
    if (path === undefined) {
      reply.status(400).send({ statusCode: 400, message: 'Malformed URL' });
      return;
    }
    if (path.startsWith('/api/') || EVERY_FACE_ROUTES.has(path) || path.startsWith('/uploads/'))
      return done();
    if (!existsSync(resolve(backOfficeDist, 'index.html'))) return done();
    reply.header('content-security-policy', csp);
    const file = resolve(backOfficeDist, `.${path}`);
    const isAsset = file.startsWith(`${backOfficeDist}/`) && /\.[a-z0-9]+$/i.test(path) && existsSync(file);
    if (isAsset) {
      reply.header(
        'cache-control',
        path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      reply.sendFile(path.slice(1), backOfficeDist);
    } else if (/\.[a-z0-9]+$/i.test(path)) {
      reply.status(404).send({ statusCode: 404, message: 'Not found' });
    } else {
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', backOfficeDist);
    }
  });
}

/** The path of a URL, percent-decoded; undefined when its encoding is malformed. */
function decodedPath(url: string) {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
}
