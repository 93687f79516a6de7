import { createHash } from 'node:crypto';
import { newsMessages, type Post, type PostsQuery } from '@paws/contracts/news';
import type { StaffPost, StaffPostStatus } from '@paws/contracts/staff-news';
import { and, desc, eq, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { newsPosts, newsPostViews, type NewsPostRow as StoredPostRow } from './schema.ts';
import { correctedQuery } from './typos.ts';

export interface NewsDeps {
  db: Db;
  /** The public path of a stored file. */
  urlOf: (key: string) => string;
  now?: () => Date;
}

/** Who is reading: a signed-in player (their likes, one view a day) or a visitor (a hash of IP and agent). */
export interface Viewer {
  userId?: string;
  ip?: string;
  userAgent?: string;
}

export const viewerKey = (viewer: Viewer) =>
  viewer.userId
    ? `u:${viewer.userId}`
    : `v:${createHash('sha256')
        .update(`${viewer.ip ?? ''}\n${viewer.userAgent ?? ''}`)
        .digest('base64url')}`;

/** A post's stored columns but the search vector (not for the wire). */
export type NewsPostRow = Omit<StoredPostRow, 'search'>;

const NO_USER = '00000000-0000-0000-0000-000000000000';

/** The counted columns of a post: exact by construction, straight from the like and comment rows. */
export function postCounts(userId: string | undefined) {
  // Spelled out: drizzle leaves columns unqualified in single-table selects, and inside a subquery an
  // unqualified "id" would name the subquery's own table.
  return {
    likesCount: sql<number>`(select count(*)::int from news_post_likes l where l.post_id = "news_posts"."id")`,
    commentCount: sql<number>`(select count(*)::int from news_comments c where c.post_id = "news_posts"."id" and c.hidden_at is null)`,
    likedByUser: sql<boolean>`exists(select 1 from news_post_likes l where l.post_id = "news_posts"."id" and l.user_id = ${userId ?? NO_USER})`,
  };
}
type Counts = { likesCount: number; commentCount: number; likedByUser: boolean };

export function toPost(row: NewsPostRow & Counts, urlOf: (key: string) => string): Post {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    mediaContentUrl: row.mediaKey ? urlOf(row.mediaKey) : null,
    mediaType: row.mediaType,
    category: row.category,
    publicationDate: (row.publicationDate ?? row.createdAt).toISOString(),
    commentCount: row.commentCount,
    likesCount: row.likesCount,
    likedByUser: row.likedByUser,
    views: row.views,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdBy: row.createdByName,
    updatedBy: row.updatedByName,
  };
}

export function statusOf(row: NewsPostRow, at: Date): StaffPostStatus {
  if (row.archivedAt) return 'ARCHIVED';
  if (!row.publicationDate) return 'DRAFT';
  return row.publicationDate > at ? 'SCHEDULED' : 'PUBLISHED';
}

export function toStaffPost(row: NewsPostRow & Counts, urlOf: (key: string) => string, at: Date): StaffPost {
  return { ...toPost(row, urlOf), status: statusOf(row, at), mediaKey: row.mediaKey };
}

/** Only words (letters and digits) survive, so the prefix query below cannot be malformed. */
const wordsOf = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/** Published: its date has come and it is not archived. A scheduled post appears by itself at its time. */
export const publishedAt = (at: Date) =>
  and(lte(newsPosts.publicationDate, at), isNull(newsPosts.archivedAt)) as SQL;

export function createPostReads({ db, urlOf, now = () => new Date() }: NewsDeps) {
  async function page(where: SQL, query: { limit: number; page: number }, userId?: string, tsq?: SQL) {
    const [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(newsPosts)
      .where(tsq ? and(where, sql`${newsPosts.search} @@ ${tsq}`) : where);
    if (total === 0) return { posts: [], total };
    const order: SQL[] = tsq
      ? [
          // A title hit before any body-only hit, then by rank (title words weigh A, the body B).
          sql`(to_tsvector('english', ${newsPosts.title}) @@ ${tsq}) desc`,
          sql`ts_rank(${newsPosts.search}, ${tsq}) desc`,
        ]
      : [];
    const rows = await db
      .select({ ...postColumns, ...postCounts(userId) })
      .from(newsPosts)
      .where(tsq ? and(where, sql`${newsPosts.search} @@ ${tsq}`) : where)
      .orderBy(...order, desc(newsPosts.publicationDate), desc(newsPosts.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    return { posts: rows.map((row) => toPost(row, urlOf)), total };
  }

  return {
    /**
     * GET /posts. `search` is web-search syntax (quoted phrases, -word, or) read by websearch_to_tsquery,
     * which never fails on any input; text with no searchable word (only punctuation or stop words) filters
     * nothing. When nothing matches, each word is retried as a prefix ("tourn" finds "tournament"), then
     * replaced by the closest words the posts use (typos: "tournamnet" finds "tournament").
     */
    async list(query: Required<Pick<PostsQuery, 'limit' | 'page'>> & PostsQuery, userId?: string) {
      const limits = { limit: Number(query.limit), page: Number(query.page) };
      const conditions: SQL[] = [publishedAt(now())];
      if (query.category) conditions.push(eq(newsPosts.category, query.category));
      const where = and(...conditions) as SQL;
      const search = query.search?.trim() ?? '';
      if (search === '') return page(where, limits, userId);
      const web = sql`websearch_to_tsquery('english', ${search})`;
      const result = await db.execute(sql`select numnode(${web})::int as nodes`);
      const nodes = (result as unknown as { rows: { nodes: number }[] }).rows[0]?.nodes ?? 0;
      if (nodes === 0) return page(where, limits, userId);
      const found = await page(where, limits, userId, web);
      if (found.total > 0) return found;
      const words = wordsOf(search);
      if (words.length === 0) return found;
      const prefix = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
      const byPrefix = await page(where, limits, userId, prefix);
      if (byPrefix.total > 0) return byPrefix;
      // Last, typos: the closest words the published posts use ("tournamnet" finds "tournament").
      const stat = await db.execute(
        sql`select word from ts_stat('select search from news_posts where archived_at is null and publication_date is not null')`,
      );
      const lexemes = (stat as unknown as { rows: { word: string }[] }).rows.map((row) => row.word);
      // Stop words ("this", "the") are in no post's lexemes: they are not what the reader misspelt.
      const meaningful = await db.execute(
        sql`select w, (ts_lexize('english_stem', w))[1] as stem from (values ${sql.join(
          words.map((word) => sql`(${word})`),
          sql`, `,
        )}) as typed(w) where numnode(plainto_tsquery('english', w)) > 0`,
      );
      const kept = (meaningful as unknown as { rows: { w: string; stem: string | null }[] }).rows;
      const stems = new Map(kept.map((row) => [row.w, row.stem ?? undefined]));
      const corrected = correctedQuery(
        kept.map((row) => row.w),
        lexemes,
        (word) => stems.get(word),
      );
      if (!corrected) return byPrefix;
      return page(where, limits, userId, sql`to_tsquery('simple', ${corrected})`);
    },

    /** GET /posts/{id}: a published post; counts the view once per viewer and UTC day. */
    async read(id: number, viewer: Viewer): Promise<Post> {
      const at = now();
      const [exists] = await db
        .select({ id: newsPosts.id })
        .from(newsPosts)
        .where(and(eq(newsPosts.id, id), publishedAt(at)));
      if (!exists) throw notFound(newsMessages.postNotFound);
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(newsPostViews)
          .values({ postId: id, viewer: viewerKey(viewer), day: at.toISOString().slice(0, 10) })
          .onConflictDoNothing()
          .returning({ postId: newsPostViews.postId });
        if (inserted.length > 0) {
          await tx
            .update(newsPosts)
            .set({ views: sql`${newsPosts.views} + 1` })
            .where(eq(newsPosts.id, id));
        }
      });
      return this.one(id, viewer.userId);
    },

    /** One post in any state (no view counted). */
    async one(id: number, userId?: string): Promise<Post> {
      const [row] = await db
        .select({ ...postColumns, ...postCounts(userId) })
        .from(newsPosts)
        .where(eq(newsPosts.id, id));
      if (!row) throw notFound(newsMessages.postNotFound);
      return toPost(row, urlOf);
    },

    /** 'You can be interested': up to `count` other published posts, same category first, newest first. */
    async related(id: number, count: number, userId?: string): Promise<Post[]> {
      const [post] = await db
        .select({ category: newsPosts.category })
        .from(newsPosts)
        .where(and(eq(newsPosts.id, id), publishedAt(now())));
      if (!post) throw notFound(newsMessages.postNotFound);
      const rows = await db
        .select({ ...postColumns, ...postCounts(userId) })
        .from(newsPosts)
        .where(and(publishedAt(now()), ne(newsPosts.id, id)))
        .orderBy(
          sql`(${newsPosts.category} = ${post.category}) desc`,
          desc(newsPosts.publicationDate),
          desc(newsPosts.id),
        )
        .limit(count);
      return rows.map((row) => toPost(row, urlOf));
    },

    /** Whether a post is published now (comments and likes are on published posts only). */
    async isPublished(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: newsPosts.id })
        .from(newsPosts)
        .where(and(eq(newsPosts.id, id), publishedAt(now())));
      return row !== undefined;
    },
  };
}
export type PostReads = ReturnType<typeof createPostReads>;

/** Every stored column but the search vector (not for the wire). */
export const postColumns = {
  id: newsPosts.id,
  title: newsPosts.title,
  content: newsPosts.content,
  category: newsPosts.category,
  mediaKey: newsPosts.mediaKey,
  mediaType: newsPosts.mediaType,
  publicationDate: newsPosts.publicationDate,
  archivedAt: newsPosts.archivedAt,
  views: newsPosts.views,
  createdBy: newsPosts.createdBy,
  createdByName: newsPosts.createdByName,
  updatedBy: newsPosts.updatedBy,
  updatedByName: newsPosts.updatedByName,
  createdAt: newsPosts.createdAt,
  updatedAt: newsPosts.updatedAt,
};
