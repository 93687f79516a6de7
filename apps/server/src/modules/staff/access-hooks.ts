import { STAFF_SESSION_COOKIE } from '@paws/contracts/staff-auth';
import { hasPermission, type StaffPermission } from '@paws/contracts/staff-permissions';
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { faceOf } from '../../lib/faces.ts';

/** One back-office endpoint and the permission it needs: the route table the authorization test walks. */
export interface BackOfficeRoute {
  method: string;
  url: string;
  permission: StaffPermission | 'signin';
}

/**
 * The back office's gatekeeping for its whole subtree: answered only on the back-office origin, and every
 * route guarded by the permission it declares (a route that declares none stops the server at start).
 */
export function guardBackOffice(app: FastifyInstance, table: BackOfficeRoute[]) {
  app.decorateRequest('staff', null);

  app.addHook('onRequest', async (request, reply) => {
    if (faceOf(request, app.env) !== 'backoffice') {
      const path = request.url.split('?')[0];
      return reply
        .status(404)
        .send({ statusCode: 404, message: `Route ${request.method}:${path} not found` });
    }
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Back-office route ${route.method} ${route.url} declares no permission`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, permission });
    }
    if (permission === 'signin') return;
    const guard: onRequestHookHandler = async (request) => {
      const actor = await app.staffAuth.actorFor(request.cookies[STAFF_SESSION_COOKIE], request.ip);
      if (!actor) throw unauthorized();
      if (!hasPermission(actor.roles, permission)) throw forbidden();
      request.staff = actor;
    };
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, guard] as RouteOptions['onRequest'];
  });
}
