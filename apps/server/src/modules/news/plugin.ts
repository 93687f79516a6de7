import { serviceBasePaths } from '@paws/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Comments, createComments, type UsernamesOf } from './comments.ts';
import { createEditor, type NewsEditor } from './editor.ts';
import { createPostReads, type PostReads } from './posts.ts';
import { newsRoutes } from './routes.ts';
import { seedNews } from './seed.ts';

export interface NewsService {
  posts: PostReads;
  comments: Comments;
  /** The back office's editor and moderation (staff/areas/news). */
  editor: NewsEditor;
}

declare module 'fastify' {
  interface FastifyInstance {
    news: NewsService;
  }
}

/** The news service: posts, search, views, comments and likes under /api/news; the editor for the back office. */
export const newsModule = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    const urlOf = (key: string) => app.storage.url(key);
    const usernamesOf: UsernamesOf = async (ids) => {
      const unique = [...new Set(ids)];
      const accounts = await Promise.all(unique.map((id) => app.identity.accountOf(id)));
      return new Map(unique.map((id, i) => [id, accounts[i]?.username ?? null]));
    };
    const posts = createPostReads({ db, urlOf });
    app.decorate('news', {
      posts,
      comments: createComments({ db, posts, usernamesOf }),
      editor: createEditor({
        db,
        urlOf,
        put: (key, data) => app.storage.put(key, data),
        audit: (entry, tx) => app.audit.record(entry, tx),
        usernamesOf,
      }),
    });
    // Tests build many apps and seed what they need; the demo gets its dozen posts at start.
    if (app.env.SEED && app.env.NODE_ENV !== 'test')
      app.addHook('onReady', () => seedNews(db, app.storage, app.log));
    if (!app.serves('news')) return;
    await app.register(newsRoutes, { prefix: serviceBasePaths.news });
  },
  {
    name: 'news',
    dependencies: [
      'database',
      'backbone',
      'identity-service',
      'authenticate',
      'audit',
      'storage',
      'rate-limiting',
    ],
  },
);
