import { z } from 'zod';

/**
 * The news service (base path serviceBasePaths.news = /api/news): spec 001 §2 (/news, /news/{id}), §3 (Post,
 * Post categories, Comment), §4 (News list), §5 (Comments, Likes, News search), §7 (Posts), §9.
 *
 * Post and comment ids are whole numbers: the client picks a card's decorative frame by `id % 5` (001 §9).
 * Content is markdown, stored exactly as written; clients render it without raw HTML.
 */

export const postCategories = [
  'ANNOUNCEMENT_ABOUT_US',
  'EVENT_ANNOUNCEMENT',
  'REVIEW',
  'RATINGS',
  'PODCAST',
  'VIDEO_CONTENT',
] as const;
export type PostCategory = (typeof postCategories)[number];
export const postCategorySchema = z.enum(postCategories);

export const postMediaTypes = ['IMAGE', 'VIDEO'] as const;
export type PostMediaType = (typeof postMediaTypes)[number];
export const postMediaTypeSchema = z.enum(postMediaTypes);

/** 001 §9: page-size options, default and first page; 'Search by words and headings' debounced 500 ms. */
export const NEWS_PAGE_SIZES = [1, 2, 5, 10] as const;
export const NEWS_DEFAULT_PAGE_SIZE = 5;
export const NEWS_FIRST_PAGE = 1;
export const NEWS_MAX_PAGE_SIZE = 50;
export const NEWS_SEARCH_DEBOUNCE_MS = 500;
export const NEWS_SEARCH_MAX = 200;
export const NEWS_RECOMMENDED_COUNT = 4;
export const NEWS_FRAME_COUNT = 5;

export const COMMENT_MAX = 2000;
export const POST_TITLE_MAX = 200;
export const POST_CONTENT_MAX = 50_000;

export const newsMessages = {
  category: `category must be one of ${postCategories.join(', ')} (or empty for All)`,
  search: `search must be at most ${NEWS_SEARCH_MAX} characters`,
  page: 'page must be a whole number of at least 1',
  limit: `limit must be a whole number from 1 to ${NEWS_MAX_PAGE_SIZE}`,
  id: 'id must be a whole number of at least 1',
  content: `content must be 1 to ${COMMENT_MAX} characters`,
  contentEmpty: 'content must not be empty',
  postNotFound: 'News not found',
  commentNotFound: 'Comment not found',
  notAuthor: 'You can only change your own comments',
  commentBanned: 'You can no longer comment',
  commentRateLimited: 'You are commenting too fast; please wait a moment',
  signInRequired: 'Sign in to like and comment',
} as const;

/** 001 §3 Post. Dates are ISO 8601; `createdBy`/`updatedBy` are the author's display name. */
export const postSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Markdown as written. */
  content: z.string(),
  /** A same-origin path (/uploads/news/…) served by every origin, or null when the post has no media. */
  mediaContentUrl: z.string().nullable(),
  mediaType: postMediaTypeSchema.nullable(),
  category: postCategorySchema,
  publicationDate: z.string(),
  commentCount: z.number().int(),
  likesCount: z.number().int(),
  /** false for a visitor. */
  likedByUser: z.boolean(),
  views: z.number().int(),
  updatedAt: z.string(),
  createdAt: z.string(),
  archivedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type Post = z.infer<typeof postSchema>;

const positiveInt = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message });

/** GET /posts query (001 §7): category '' (or absent) is All. */
export const postsQuerySchema = z.object({
  category: z.union([z.literal(''), postCategorySchema], { error: newsMessages.category }).optional(),
  search: z
    .string({ error: newsMessages.search })
    .max(NEWS_SEARCH_MAX, { error: newsMessages.search })
    .optional(),
  limit: positiveInt(newsMessages.limit)
    .max(NEWS_MAX_PAGE_SIZE, { error: newsMessages.limit })
    .default(NEWS_DEFAULT_PAGE_SIZE),
  page: positiveInt(newsMessages.page).default(NEWS_FIRST_PAGE),
});
export type PostsQuery = z.input<typeof postsQuerySchema>;

/** GET /posts: the page's posts (newest first, or best match first when searching) and the total matching. */
export const postsResponseSchema = z.object({
  posts: z.array(postSchema),
  total: z.number().int(),
});
export type PostsResponse = z.infer<typeof postsResponseSchema>;

/** GET /posts/{id}/related (ours, for 'You can be interested'): up to 4 published posts, same category first. */
export const relatedPostsResponseSchema = z.object({ posts: z.array(postSchema) });
export type RelatedPostsResponse = z.infer<typeof relatedPostsResponseSchema>;

export const postIdParamsSchema = z.object({ id: positiveInt(newsMessages.id) });
export const commentIdParamsSchema = z.object({ id: positiveInt(newsMessages.id) });

/** 001 §3 Comment: content and like state, with its author and whether the caller wrote it. */
export const commentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  content: z.string(),
  userId: z.string(),
  /** The author's username, or null when they have not chosen one yet. */
  username: z.string().nullable(),
  likesCount: z.number().int(),
  likedByUser: z.boolean(),
  /** true when the signed-in caller wrote it (they may edit and delete it). */
  byUser: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** ISO date of the last edit, or null when never edited. */
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

/** GET /posts/{id}/comments: oldest first (a chat). */
export const commentsResponseSchema = z.object({ comments: z.array(commentSchema) });
export type CommentsResponse = z.infer<typeof commentsResponseSchema>;

/** POST /posts/{id}/comments and PATCH /posts/comments/{id}: trimmed; empty or whitespace-only refused. */
export const commentBodySchema = z.object({
  content: z
    .string({ error: newsMessages.content })
    .trim()
    .min(1, { error: newsMessages.contentEmpty })
    .max(COMMENT_MAX, { error: newsMessages.content }),
});
export type CommentBody = z.input<typeof commentBodySchema>;

/** POST/DELETE /posts/{id}/like and /posts/comments/{id}/like: the state after the change. Idempotent. */
export const likeResponseSchema = z.object({
  likesCount: z.number().int(),
  likedByUser: z.boolean(),
});
export type LikeResponse = z.infer<typeof likeResponseSchema>;
