import type { FastifyRequest } from 'fastify';
import type { Env } from '../config/env.ts';

export type Face = 'landing' | 'platform';

/** Which of the two apps a request is for: by the Host matching a configured URL, else by the port it came in on. */
export function faceOf(request: FastifyRequest, env: Env): Face {
  const host = request.headers.host;
  if (host) {
    if (host === new URL(env.PLATFORM_URL).host) return 'platform';
    if (host === new URL(env.LANDING_URL).host) return 'landing';
  }
  return request.socket?.localPort === env.PLATFORM_PORT ? 'platform' : 'landing';
}

/** The public origin of the face a request came in on. */
export function originOf(request: FastifyRequest, env: Env): string {
  return faceOf(request, env) === 'platform' ? env.PLATFORM_URL : env.LANDING_URL;
}
