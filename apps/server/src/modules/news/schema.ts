import { postCategories, postMediaTypes } from '@paws/contracts/news';
import { type SQL, sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../identity/schema.ts';

export const postCategory = pgEnum('post_category', postCategories);
export const postMediaType = pgEnum('post_media_type', postMediaTypes);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A news post (spec 001 §3 Post). Published when `publicationDate` has come and it is not archived: a draft
 * has no date, a scheduled post a future one, so "publishing at its time" needs no job. Ids are serial
 * integers (the client frames cards by id % 5). Author names are kept as they were when written.
 */
export const newsPosts = pgTable(
  'news_posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    content: text().notNull(),
    category: postCategory().notNull(),
    /** A storage key (app.storage), or null. */
    mediaKey: text(),
    mediaType: postMediaType(),
    publicationDate: ts(),
    archivedAt: ts(),
    views: integer().notNull().default(0),
    createdBy: uuid(),
    createdByName: text(),
    updatedBy: uuid(),
    updatedByName: text(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
    /** Full-text search: the title weighs A, the body B. */
    search: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', ${newsPosts.title}), 'A') || setweight(to_tsvector('english', ${newsPosts.content}), 'B')`,
    ),
  },
  (t) => [
    index('news_posts_published_idx').on(t.publicationDate.desc()),
    index('news_posts_search_idx').using('gin', t.search),
    check('news_posts_media', sql`(${t.mediaKey} is null) = (${t.mediaType} is null)`),
  ],
);
export type NewsPostRow = typeof newsPosts.$inferSelect;

/** One view per viewer (a player id, or a hash of a visitor's IP and user agent) per post and UTC day. */
export const newsPostViews = pgTable(
  'news_post_views',
  {
    postId: integer()
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    viewer: text().notNull(),
    day: date().notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.viewer, t.day] })],
);

/** One like per player and post: counts are the rows, so they cannot drift under concurrent toggles. */
export const newsPostLikes = pgTable(
  'news_post_likes',
  {
    postId: integer()
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const newsComments = pgTable(
  'news_comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer()
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
    editedAt: ts(),
    /** Hidden by a moderator: kept (and audited) but no longer shown to players. */
    hiddenAt: ts(),
    hiddenBy: uuid(),
  },
  (t) => [
    index('news_comments_post_idx').on(t.postId, t.createdAt),
    index('news_comments_created_idx').on(t.createdAt.desc()),
  ],
);
export type NewsCommentRow = typeof newsComments.$inferSelect;

export const newsCommentLikes = pgTable(
  'news_comment_likes',
  {
    commentId: integer()
      .notNull()
      .references(() => newsComments.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/** Players a moderator stopped from commenting (until lifted). */
export const newsCommentBans = pgTable('news_comment_bans', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text().notNull(),
  createdBy: uuid(),
  createdAt: ts().notNull().defaultNow(),
});
