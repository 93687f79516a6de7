import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';

/** Where in `value` a string holds a NUL character, as a dotted path below `at`; undefined if nowhere. */
export function nulPath(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000'))
      return at ? `${at}.${key.replaceAll('\u0000', '')}` : key.replaceAll('\u0000', '');
    const found = nulPath(inner, at ? `${at}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses a NUL character in any field of the query, path or JSON body with a 400 naming the field, for
 * every route: PostgreSQL cannot store one in text, so it would otherwise surface as a 500. A pre-handler,
 * so that a route's own checks (the wallet's signature) come first.
 */
export const inputGuard = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = nulPath(part, '');
        if (field !== undefined) throw badRequest('must not contain a NUL character', field || undefined);
      }
    });
  },
  { name: 'input-guard' },
);
