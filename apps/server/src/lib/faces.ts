import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../config/env.ts';

export type Face = 'landing' | 'platform' | 'backoffice';

/** Routes every face answers: health (load balancers probe each origin), each face's own /config.json. */
export const EVERY_FACE_ROUTES: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/config.json']);

interface FaceHosts {
  platform: string;
  landing: string;
  backoffice: string;
}

/** The configured hosts per env, parsed once (faceOf runs in global hooks, on every request). */
const hostsByEnv = new WeakMap<Env, FaceHosts>();
function hostsOf(env: Env): FaceHosts {
  let hosts = hostsByEnv.get(env);
  if (!hosts) {
    hosts = {
      platform: new URL(env.PLATFORM_URL).host,
      landing: new URL(env.LANDING_URL).host,
      backoffice: new URL(env.BACKOFFICE_URL).host,
    };
    hostsByEnv.set(env, hosts);
  }
  return hosts;
}

/** Which face a Host header and the local port a connection came in on name: the Host first, else the port. */
function faceFor(host: string | undefined, localPort: number | undefined, env: Env): Face {
  if (host) {
    const hosts = hostsOf(env);
    if (host === hosts.platform) return 'platform';
    if (host === hosts.landing) return 'landing';
    if (host === hosts.backoffice) return 'backoffice';
  }
  if (localPort === env.PLATFORM_PORT) return 'platform';
  return localPort === env.BACKOFFICE_PORT ? 'backoffice' : 'landing';
}

/** Which of the three apps a request is for: by the Host matching a configured URL, else by the port it came in on. */
export function faceOf(request: FastifyRequest, env: Env): Face {
  return faceFor(request.headers.host, request.socket?.localPort, env);
}

/**
 * The same for a raw request, as socket.io's `allowRequest` receives it (the handshake and WebSocket
 * upgrade never reach Fastify's hooks).
 */
export function faceOfMessage(message: IncomingMessage, env: Env): Face {
  return faceFor(message.headers.host, message.socket?.localPort, env);
}

/** The public origin of the player face a request came in on (the back office counts as the platform). */
export function originOf(request: FastifyRequest, env: Env): string {
  return faceOf(request, env) === 'landing' ? env.LANDING_URL : env.PLATFORM_URL;
}
