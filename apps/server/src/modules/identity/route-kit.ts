import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ClientInfo } from './sessions.ts';

/** A signed-in player's own rate-limit key. */
export const signedInUserOf = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : undefined;

/** The address and browser a sign-in is recorded with. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** The rate limits and guards the identity routes share, built once so each limit keeps one count. */
export interface IdentityRouteLimits {
  loginLimit: preHandlerHookHandler;
  registrationLimit: preHandlerHookHandler;
  resetLimit: preHandlerHookHandler;
  verifyLimit: preHandlerHookHandler;
  profileLimit: preHandlerHookHandler;
  verifyPhoneLimit: preHandlerHookHandler;
  stepUp: preHandlerHookHandler;
  stepUpForAddress: preHandlerHookHandler;
}
