import { type PostsQuery, postsResponseSchema } from '@paws/contracts/news';
import { and, gt, isNull, min } from 'drizzle-orm';
import type { ChangeFeed } from '../../core/changes.ts';
import type { Db } from '../../db/client.ts';
import { type CachedJson, cachedJson, createReadCache } from '../../lib/read-cache.ts';
import type { PostReads } from './posts.ts';
import { newsPosts } from './schema.ts';

/** How stale a visitor's list may be where no change notice covers it: view counts. */
export const VISITOR_LIST_MAX_AGE_MS = 10_000;
const MAX_LISTS = 500;

/**
 * Visitors' lists and searches, serialised once and served from memory until a news write's change notice
 * (plugin.ts) clears them in every process, or a scheduled post's publication time comes.
 */
export function createVisitorLists({
  db,
  posts,
  changes,
  now = () => new Date(),
}: {
  db: Db;
  posts: PostReads;
  changes: Pick<ChangeFeed, 'on'>;
  now?: () => Date;
}) {
  const lists = createReadCache<CachedJson>({ maxAgeMs: VISITOR_LIST_MAX_AGE_MS, maxEntries: MAX_LISTS });
  /** When the next scheduled post appears: lists made before then are stale from then on. */
  let nextPublication = Number.POSITIVE_INFINITY;

  async function findNextPublication() {
    const [row] = await db
      .select({ at: min(newsPosts.publicationDate) })
      .from(newsPosts)
      .where(and(gt(newsPosts.publicationDate, now()), isNull(newsPosts.archivedAt)));
    nextPublication = row?.at ? row.at.getTime() : Number.POSITIVE_INFINITY;
  }
  function clear() {
    lists.clear();
    nextPublication = Number.NEGATIVE_INFINITY;
  }
  changes.on('news', clear);

  return {
    async get(query: Required<Pick<PostsQuery, 'limit' | 'page'>> & PostsQuery): Promise<CachedJson> {
      if (now().getTime() >= nextPublication) {
        lists.clear();
        await findNextPublication();
      }
      return lists.get(JSON.stringify(query), async () =>
        cachedJson(postsResponseSchema, await posts.list(query)),
      );
    },
  };
}
