import type { IncomingHttpHeaders } from 'node:http';
import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.ts';
import { forbidden } from '../lib/errors.ts';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The product's own origins: the only pages that may change state with a player's cookies. */
export function productOrigins(env: Env): Set<string> {
  return new Set([env.LANDING_URL, env.PLATFORM_URL].map((url) => new URL(url).origin));
}

/**
 * Why a browser request with these headers comes from a foreign page, or undefined if it does not. A request
 * with no Origin and no Sec-Fetch-Site is not a browser's (a provider's server, a script): cookies are not
 * what authenticates it, so it is let through.
 */
export function foreignOrigin(headers: IncomingHttpHeaders, allowed: Set<string>): string | undefined {
  const origin = headers.origin;
  if (origin !== undefined)
    return allowed.has(origin) ? undefined : `Requests from ${origin} are not accepted`;
  return headers['sec-fetch-site'] === 'cross-site' ? 'Cross-site requests are not accepted' : undefined;
}

/**
 * Refuses state-changing requests sent by a page on another origin (same-site request forgery: another
 * port of the same host shares our cookies, so SameSite does not stop it). Socket handshakes are checked
 * the same way in plugins/socket.ts.
 */
export const originCheck = fp(
  async (app: FastifyInstance) => {
    const allowed = productOrigins(app.env);
    const backOffice = new Set([new URL(app.env.BACKOFFICE_URL).origin]);
    // A callback hook: on every request, and reads pass straight through (no promise per request).
    app.addHook('onRequest', (request, _reply, done) => {
      if (!stateChanging.has(request.method)) return done();
      // The back-office API takes changes only from the back office's own pages, and nothing else from them.
      const staffApi = request.url.startsWith(`${STAFF_API_PREFIX}/`);
      const problem = foreignOrigin(request.headers, staffApi ? backOffice : allowed);
      done(problem ? forbidden(problem) : undefined);
    });
  },
  { name: 'origin-check', dependencies: ['env'] },
);
