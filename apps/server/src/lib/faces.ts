import type { FastifyRequest } from 'fastify';
import type { Env } from '../config/env.ts';

export type Face = 'landing' | 'platform' | 'backoffice';

/** Which of the three apps a request is for: by the Host matching a configured URL, else by the port it came in on. */
export function faceOf(request: FastifyRequest, env: Env): Face {
  const host = request.headers.host;
  if (host) {
    if (host === new URL(env.PLATFORM_URL).host) return 'platform';
    if (host === new URL(env.LANDING_URL).host) return 'landing';
    if (host === new URL(env.BACKOFFICE_URL).host) return 'backoffice';
  }
  const port = request.socket?.localPort;
  if (port === env.PLATFORM_PORT) return 'platform';
  return port === env.BACKOFFICE_PORT ? 'backoffice' : 'landing';
}

/** The public origin of the player face a request came in on (the back office counts as the platform). */
export function originOf(request: FastifyRequest, env: Env): string {
  return faceOf(request, env) === 'landing' ? env.LANDING_URL : env.PLATFORM_URL;
}
