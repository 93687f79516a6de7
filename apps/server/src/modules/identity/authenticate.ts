import { ACCESS_TOKEN_COOKIE } from '@paws/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import { bannedError } from './bans.ts';
import type { IdentityService } from './service.ts';
import type { AuthUser } from './sessions.ts';

/** The session check the hooks ask on every call. */
export type SessionCheck = IdentityService['sessions'];

export type { AuthUser };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler: answers 401 without a valid access token of a live session. A banned player passes on reads
     * (GET, HEAD) and on routes with `config.allowBanned`; any other call answers 403 with the ban.
     */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * preHandler after app.authenticate for an action a banned player may not take even though its method
     * reads (a GET that launches or spends, say): 403 `{ message: 'Your account is banned', ban }`. Writes
     * need nothing more: app.authenticate refuses them already.
     */
    requireNotBanned(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The user a raw Cookie header signs in (socket handshakes), or null. */
    resolveUser(cookieHeader: string | undefined): Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    /** Set by app.authenticate. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /**
     * A write a banned player may still make (app.authenticate lets it through): an appeal ticket, say. Reads
     * (GET, HEAD) need no flag.
     */
    allowBanned?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a banned player may make this call: reads, and the writes whose route says `allowBanned`. */
export function bannedMay(request: FastifyRequest): boolean {
  return READS.has(request.method) || request.routeOptions.config?.allowBanned === true;
}

/** The signed-in user of a request that went through app.authenticate. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The user a raw Cookie header signs in, or null: for callers outside a request (socket handshakes). */
async function resolveUserFromCookieHeader(
  app: FastifyInstance,
  sessions: SessionCheck,
  cookieHeader: string | undefined,
): Promise<AuthUser | null> {
  const token = cookieHeader ? app.parseCookie(cookieHeader)[ACCESS_TOKEN_COOKIE] : undefined;
  const result = await sessions.check(token);
  return result.user ?? null;
}

/**
 * Checks the access token and that its session is still live on every call: from this process's session
 * cache while its account feed is live, else one indexed read. A revoking call answers only once every
 * process has heard it (core/changes.ts), so a logout, a revoked family or a ban takes effect at once in
 * every process.
 */
export function decorateAuthentication(app: FastifyInstance, sessions: SessionCheck) {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const result = await sessions.check(request.cookies[ACCESS_TOKEN_COOKIE]);
    if (!result.user) throw unauthorized();
    // A banned player browses; any other call's 403 carries the ban, for the player's banned modal.
    if (result.user.ban && !bannedMay(request)) throw bannedError(result.user.ban);
    request.user = result.user;
  });
  app.decorate('requireNotBanned', async (request: FastifyRequest) => {
    if (request.user?.ban) throw bannedError(request.user.ban);
  });
  app.decorate('resolveUser', (cookieHeader: string | undefined) =>
    resolveUserFromCookieHeader(app, sessions, cookieHeader),
  );
}
