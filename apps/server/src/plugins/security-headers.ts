import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
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

/**
 * The security headers on every answer of this instance, routes with `config.securityHeaders: false` aside:
 * set for every request before routing is looked at (no per-request read of the route's options, which
 * Fastify builds afresh at each read), and taken off again by those routes' own first hook.
 */
export const securityHeaders = fp<HelmetOptions>(
  async (app: FastifyInstance, options) => {
    const headers = computeSecurityHeaders(options);
    const names = Object.keys(headers);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    const withoutHeaders: onRequestHookHandler = (_request, reply, done) => {
      for (const name of names) reply.removeHeader(name);
      done();
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.securityHeaders !== false) return;
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [withoutHeaders, ...own] as RouteOptions['onRequest'];
    });
  },
  { name: 'security-headers' },
);
