import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BoundedMap } from './bounded-map.ts';

/** A JSON answer serialised once, with its entity tag. */
export interface CachedJson {
  body: string;
  etag: string;
}

/** `value` as the route's response schema writes it, serialised once, with a strong ETag of the bytes. */
export function cachedJson<S extends z.ZodType>(schema: S, value: z.input<S>): CachedJson {
  const body = JSON.stringify(schema.parse(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Loaded values kept per key until `clear()` (a change notice) or `maxAgeMs` (a backstop), at most
 * `maxEntries` keys (the least recently used go first). Concurrent readers of a missing key share one load;
 * a load that fails is not kept.
 */
export function createReadCache<V>({ maxAgeMs, maxEntries }: { maxAgeMs: number; maxEntries: number }) {
  const entries = new BoundedMap<string, { value: Promise<V>; loadedAt: number }>(maxEntries);
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && performance.now() - hit.loadedAt < maxAgeMs) return hit.value;
      const value = load();
      const entry = { value, loadedAt: performance.now() };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * Sends a cached JSON answer with its ETag and `cacheControl`, or 304 Not Modified when the client's
 * If-None-Match already names it.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
  cacheControl: string,
) {
  reply.header('etag', cached.etag).header('cache-control', cacheControl);
  const known = request.headers['if-none-match'];
  if (known?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
