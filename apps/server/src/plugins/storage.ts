import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where uploaded files live. Keys are relative paths chosen by the caller, unique per upload. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
  /** The public path of a stored file, served by every origin. */
  url(key: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const UPLOADS_PREFIX = '/uploads/';

/** Local disk under a root folder, for one machine or a shared volume. */
export function createDiskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    url: (key) => UPLOADS_PREFIX + key,
  };
}

/** Disk storage under DATA_DIR/uploads, served at /uploads/ with a year's cache (keys never change content). */
export const storage = fp(
  async (app: FastifyInstance) => {
    const root = resolve(app.env.DATA_DIR, 'uploads');
    await mkdir(root, { recursive: true });
    app.decorate('storage', createDiskStorage(root));
    await app.register(fastifyStatic, {
      root,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  },
  { name: 'storage', dependencies: ['env'] },
);
