import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route answers without the browser security headers (a server-to-server API). */
    securityHeaders?: boolean;
  }
}

/**
 * Helmet's headers, computed once. Ours hold no per-request part (no nonce: inline styles are allowed by
 * hash), so the set is the same for every response, and rebuilding it per request cost about a third of a
 * small request's CPU.
 */
export function computeSecurityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/** The security headers on every answer of this instance, routes with `config.securityHeaders: false` aside. */
export const securityHeaders = fp<HelmetOptions>(
  async (app: FastifyInstance, options) => {
    const headers = computeSecurityHeaders(options);
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.securityHeaders !== false) reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
