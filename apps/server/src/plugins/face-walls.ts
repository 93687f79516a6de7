import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { EVERY_FACE_ROUTES, faceOf } from '../lib/faces.ts';
import { backOfficeDist } from './dists.ts';

const isStaffPath = (path: string | undefined) =>
  path !== undefined && (path === STAFF_API_PREFIX || path.startsWith(`${STAFF_API_PREFIX}/`));

/** The back office shows stored files (avatars, news images) by their public /uploads/ path. */
const UPLOADS_ROUTE = '/uploads/*';
/** The player build's catch-all (@fastify/static); on the back office web.ts answers its own build there. */
const WEB_WILDCARD = '/*';

/**
 * What the back office answers: its API (/api/staff/**, the API reference included in production), the
 * routes every face has, stored files, and the pages and files of its own build (served by web.ts for any
 * GET that no other route claims). Nothing of the player API, the player web build's own routes, the dev
 * API reference (/docs) or outbox (/api/dev), the game pages (/studio/) or the KYC sandbox.
 */
function backOfficeServes(request: FastifyRequest, path: string, hasBuild: boolean) {
  const route = request.routeOptions.url;
  if (isStaffPath(route) || isStaffPath(path)) return true;
  if (route !== undefined && route !== WEB_WILDCARD)
    return EVERY_FACE_ROUTES.has(route) || route === UPLOADS_ROUTE;
  const page = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
  return page && hasBuild;
}

/**
 * Each face serves only its own API: the back office nothing but its own (above); the landing and the
 * platform nothing under /api/staff (the staff module's own hook says the same for its routes; this one
 * also covers the paths no route matches). The sockets are walled the same way in their `allowRequest`
 * (plugins/socket.ts, modules/tickets/desk-socket.ts): WebSocket handshakes never reach these hooks.
 */
export const faceWalls = fp(
  async (app: FastifyInstance) => {
    const { env } = app;
    // The build is made before the server starts (npm start); no file check per request.
    const hasBackOfficeBuild = existsSync(resolve(backOfficeDist, 'index.html'));
    const notFound = (request: FastifyRequest, reply: FastifyReply, path: string) =>
      reply.status(404).send({ statusCode: 404, message: `Route ${request.method}:${path} not found` });
    const pathOf = (url: string) => {
      const query = url.indexOf('?');
      return query === -1 ? url : url.slice(0, query);
    };
    app.addHook('onRequest', (request, reply, done) => {
      const path = pathOf(request.url);
      const serves =
        faceOf(request, env) === 'backoffice'
          ? backOfficeServes(request, path, hasBackOfficeBuild)
          : !isStaffPath(path);
      if (serves) return done();
      notFound(request, reply, path);
    });
    // A staff route reached by a path that only names it once decoded (/api/%73taff/…): its own first hook
    // refuses the player faces, so the hook above needs no per-request read of the route's options.
    const staffOnly: onRequestHookHandler = (request, reply, done) => {
      if (faceOf(request, env) === 'backoffice') return done();
      notFound(request, reply, pathOf(request.url));
    };
    app.addHook('onRoute', (route) => {
      if (!isStaffPath(route.url)) return;
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [staffOnly, ...own] as RouteOptions['onRequest'];
    });
  },
  { name: 'face-walls', dependencies: ['env'] },
);
