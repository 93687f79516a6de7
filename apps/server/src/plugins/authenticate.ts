import { ACCESS_TOKEN_COOKIE } from '@paws/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors.ts';
import { type AuthUser, bannedError } from '../modules/identity/index.ts';

export type { AuthUser };

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: answers 401 without a valid access token of a live session (403 when banned). */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The user a raw Cookie header signs in (socket handshakes), or null. */
    resolveUser(cookieHeader: string | undefined): Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    /** Set by app.authenticate. */
    user: AuthUser | null;
  }
}

/** The signed-in user of a request that went through app.authenticate. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The user a raw Cookie header signs in, or null: for callers outside a request (socket handshakes). */
export async function resolveUserFromCookieHeader(
  app: FastifyInstance,
  cookieHeader: string | undefined,
): Promise<AuthUser | null> {
  const token = cookieHeader ? app.parseCookie(cookieHeader)[ACCESS_TOKEN_COOKIE] : undefined;
  const result = await app.identity.sessions.check(token);
  return result.user ?? null;
}

/**
 * Checks the access token and that its session is still live on every call (one indexed read), so that a
 * logout or a revoked family takes effect at once in every process; nothing is cached.
 */
export const authenticate = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const result = await app.identity.sessions.check(request.cookies[ACCESS_TOKEN_COOKIE]);
      if (result.user) {
        request.user = result.user;
        return;
      }
      // A banned account's 403 carries its ban, for the player's banned modal.
      throw result.banned ? bannedError(result.ban) : unauthorized();
    });
    app.decorate('resolveUser', (cookieHeader: string | undefined) =>
      resolveUserFromCookieHeader(app, cookieHeader),
    );
  },
  { name: 'authenticate', dependencies: ['@fastify/cookie'], decorators: { fastify: ['identity'] } },
);
