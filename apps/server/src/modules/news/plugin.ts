import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { defineModule } from '../../core/module.ts';
import { type Comments, createComments, type UsernamesOf } from './comments.ts';
import { createEditor, type NewsEditor } from './editor.ts';
import { createPostReads, type PostReads } from './posts.ts';
import { newsRoutes } from './routes.ts';
import { seedNews } from './seed.ts';

export interface NewsService {
  posts: PostReads;
  comments: Comments;
  /** The back office's editor and moderation (backoffice/areas/news). */
  editor: NewsEditor;
}

declare module 'fastify' {
  interface FastifyInstance {
    news: NewsService;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any method's own parameters pass through unchanged.
type Method = (...args: any[]) => Promise<unknown>;

/** `service` with each of `writes` followed, once it has succeeded, by `changed()`. */
function announcing<S extends Record<string, unknown>>(
  service: S,
  writes: Array<{ [K in keyof S]: S[K] extends Method ? K : never }[keyof S]>,
  changed: () => Promise<void>,
): S {
  const wrapped = { ...service };
  for (const name of writes) {
    const write = service[name] as Method;
    Object.assign(wrapped, {
      [name]: async (...args: unknown[]) => {
        const result = await write(...args);
        await changed();
        return result;
      },
    });
  }
  return wrapped;
}

/** The news service: posts, search, views, comments and likes under /api/news; the editor for the back office. */
export const news = defineModule({
  name: 'news',
  provides: ['news'],
  uses: ['identity', 'audit', 'authenticate'],
  async register(app, { identity, audit }) {
    const db = app.database.db;
    const urlOf = (key: string) => app.storage.url(key);
    const usernamesOf: UsernamesOf = async (ids) => {
      const unique = [...new Set(ids)];
      const accounts = await Promise.all(unique.map((id) => identity.accountOf(id)));
      return new Map(unique.map((id, i) => [id, accounts[i]?.username ?? null]));
    };
    const posts = createPostReads({ db, urlOf });
    // Visitors' lists are cached in every process (routes.ts): each write that shows in a list tells them.
    const changed = () => app.changes.changed('news');
    app.decorate('news', {
      posts,
      comments: announcing(
        createComments({ db, posts, usernamesOf }),
        ['create', 'remove', 'likePost'],
        changed,
      ),
      editor: announcing(
        createEditor({
          db,
          urlOf,
          put: (key, data) => app.storage.put(key, data),
          audit: (entry, tx) => audit.record(entry, tx),
          usernamesOf,
        }),
        ['create', 'update', 'setArchived', 'setHidden', 'deleteComment'],
        changed,
      ),
    });
    // Tests build many apps and seed what they need; the demo gets its dozen posts at start.
    if (app.env.SEED && app.env.NODE_ENV !== 'test')
      app.addHook('onReady', () => seedNews(db, app.storage, app.log));
    if (!app.serves('news')) return;
    await app.register(newsRoutes, { prefix: serviceBasePaths.news });
  },
});
