import { STAFF_SESSION_COOKIE } from '@paws/contracts/staff-auth';
import { hasPermission } from '@paws/contracts/staff-permissions';
import {
  type StaffRoute,
  type StaffRoutePermission,
  staffRouteKey,
  staffRoutes,
} from '@paws/contracts/staff-routes';
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { faceOf } from '../../lib/faces.ts';

/** One back-office endpoint as registered, and the permission the route table gives it. */
export interface BackOfficeRoute {
  method: string;
  url: string;
  permission: StaffRoutePermission;
}

const TABLE_FILE = 'packages/contracts/src/staff-routes.ts';

/**
 * The back office's gatekeeping for its whole subtree: answered only on the back-office origin, and every
 * route guarded by the permission the route table (packages/contracts/src/staff-routes.ts) gives it. A route
 * the table does not list stops the server as it is registered; an entry of the table with no route stops it
 * when it gets ready. Routes name no permission of their own.
 */
export function guardBackOffice(
  app: FastifyInstance,
  registered: BackOfficeRoute[],
  table: readonly StaffRoute[] = staffRoutes,
) {
  app.decorateRequest('staff', null);
  const byKey = new Map(table.map((entry) => [staffRouteKey(entry.method, entry.url), entry.permission]));

  app.addHook('onRequest', async (request, reply) => {
    if (faceOf(request, app.env) !== 'backoffice') {
      const path = request.url.split('?')[0];
      return reply
        .status(404)
        .send({ statusCode: 404, message: `Route ${request.method}:${path} not found` });
    }
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const permissions = new Map<string, StaffRoutePermission>();
    for (const method of [route.method].flat()) {
      // Fastify answers HEAD beside every GET, with the GET's permission; an area's own path with a
      // trailing slash (`/api/staff/dashboard/`) is the table's `/api/staff/dashboard`.
      const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
      const permission = byKey.get(staffRouteKey(method === 'HEAD' ? 'GET' : method, url));
      if (!permission) {
        throw new Error(
          `Back-office route ${method} ${route.url} is not in the route table (${TABLE_FILE}): add it there with the permission that opens it`,
        );
      }
      permissions.set(method, permission);
      const known = registered.some((entry) => entry.method === method && entry.url === url);
      if (method !== 'HEAD' && !known) registered.push({ method, url, permission });
    }
    if ([...permissions.values()].every((permission) => permission === 'signin')) return;
    const guard: onRequestHookHandler = async (request) => {
      const permission = permissions.get(request.method);
      if (permission === 'signin') return;
      const actor = await app.staffAuth.actorFor(request.cookies[STAFF_SESSION_COOKIE], request.ip);
      if (!actor) throw unauthorized();
      if (!permission || !hasPermission(actor.roles, permission)) throw forbidden();
      request.staff = actor;
    };
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, guard] as RouteOptions['onRequest'];
  });

  app.addHook('onReady', async () => {
    const seen = new Set(registered.map((route) => staffRouteKey(route.method, route.url)));
    const missing = table.filter((entry) => !seen.has(staffRouteKey(entry.method, entry.url)));
    if (missing.length > 0) {
      throw new Error(
        `The back-office route table (${TABLE_FILE}) lists endpoints no route serves: ${missing
          .map((entry) => staffRouteKey(entry.method, entry.url))
          .join(', ')}`,
      );
    }
  });
}
