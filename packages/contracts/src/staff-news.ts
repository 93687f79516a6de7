import { z } from 'zod';
import {
  COMMENT_MAX,
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
  postCategories,
  postCategorySchema,
  postSchema,
} from './news.ts';
import { staffListQuery, staffPageSchema } from './staff-lists.ts';

/**
 * The back office's News area (/api/staff/news): the editor (posts in every state, media uploads, publish
 * now or at a date, archive) and the comment moderation queue (hide, delete, stop a player commenting).
 */

/** DRAFT: no publication date; SCHEDULED: a future one; PUBLISHED: reached; ARCHIVED: archived (whatever the date). */
export const staffPostStatuses = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'ARCHIVED'] as const;
export type StaffPostStatus = (typeof staffPostStatuses)[number];

export const NEWS_MEDIA_MAX_BYTES = 25 * 1024 * 1024;
export const COMMENT_BAN_REASON_MIN = 3;
export const COMMENT_BAN_REASON_MAX = 500;

export const staffNewsMessages = {
  title: `title must be 1 to ${POST_TITLE_MAX} characters`,
  content: `content must be 1 to ${POST_CONTENT_MAX} characters`,
  category:
    'category must be one of ANNOUNCEMENT_ABOUT_US, EVENT_ANNOUNCEMENT, REVIEW, RATINGS, PODCAST, VIDEO_CONTENT',
  publicationDate: 'publicationDate must be an ISO 8601 date and time, or null for a draft',
  mediaKey: 'mediaKey must be a key returned by the media upload, or null',
  media: 'media must be an image (JPEG, PNG, WebP, GIF) or a video (MP4, WebM)',
  mediaMissing: 'Choose a file to upload (multipart field `file`)',
  mediaTooLarge: `media must be at most ${NEWS_MEDIA_MAX_BYTES / 1024 / 1024} MB`,
  status: `status must be one of ${staffPostStatuses.join(', ')}`,
  q: 'q must be at most 100 characters',
  id: 'id must be a whole number of at least 1',
  userId: 'userId must be a player id (uuid)',
  reason: `reason must be ${COMMENT_BAN_REASON_MIN} to ${COMMENT_BAN_REASON_MAX} characters`,
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  playerNotFound: 'Player not found',
  alreadyArchived: 'This post is already archived',
  notArchived: 'This post is not archived',
  notBanned: 'This player is not stopped from commenting',
  commentVisibility: 'visibility must be VISIBLE or HIDDEN',
} as const;

const idParam = z.coerce
  .number({ error: staffNewsMessages.id })
  .int({ error: staffNewsMessages.id })
  .min(1, { error: staffNewsMessages.id });
export const staffPostIdParamsSchema = z.object({ id: idParam });
export const staffCommentIdParamsSchema = z.object({ id: idParam });
export const staffCommentBanParamsSchema = z.object({ userId: z.uuid({ error: staffNewsMessages.userId }) });

export const staffPostSchema = postSchema.extend({
  status: z.enum(staffPostStatuses),
  /** The storage key of the media, to send back unchanged when editing. */
  mediaKey: z.string().nullable(),
});
export type StaffPost = z.infer<typeof staffPostSchema>;

export const staffPostSortable = ['createdAt', 'updatedAt', 'publicationDate', 'title', 'views'] as const;
export const staffPostsQuerySchema = staffListQuery(staffPostSortable, 'createdAt').extend({
  status: z.enum(staffPostStatuses, { error: staffNewsMessages.status }).optional(),
  category: postCategorySchema.optional(),
  q: z.string({ error: staffNewsMessages.q }).trim().max(100, staffNewsMessages.q).optional(),
});
export type StaffPostsQuery = z.input<typeof staffPostsQuerySchema>;
export const staffPostsPageSchema = staffPageSchema(staffPostSchema);

/** POST / (create) and PUT /{id} (replace): publicationDate null keeps it a draft; a future one schedules it. */
export const staffPostBodySchema = z.object({
  title: z
    .string({ error: staffNewsMessages.title })
    .trim()
    .min(1, staffNewsMessages.title)
    .max(POST_TITLE_MAX, staffNewsMessages.title),
  content: z
    .string({ error: staffNewsMessages.content })
    .min(1, staffNewsMessages.content)
    .max(POST_CONTENT_MAX, staffNewsMessages.content)
    .refine((v) => v.trim().length > 0, staffNewsMessages.content),
  category: z.enum(postCategories, { error: staffNewsMessages.category }),
  mediaKey: z
    .string({ error: staffNewsMessages.mediaKey })
    .regex(/^news\/[0-9a-f-]{36}\.(jpg|png|webp|gif|mp4|webm)$/, staffNewsMessages.mediaKey)
    .nullable(),
  publicationDate: z.iso.datetime({ offset: true, error: staffNewsMessages.publicationDate }).nullable(),
});
export type StaffPostBody = z.infer<typeof staffPostBodySchema>;

/** POST /media (multipart field `file`): checked by its content, stored, answered with its key. */
export const staffMediaResponseSchema = z.object({
  mediaKey: z.string(),
  mediaType: z.enum(['IMAGE', 'VIDEO']),
  mediaContentUrl: z.string(),
});
export type StaffMediaResponse = z.infer<typeof staffMediaResponseSchema>;

// ---- Moderation ----

export const commentVisibilities = ['VISIBLE', 'HIDDEN'] as const;
export const staffCommentsQuerySchema = staffListQuery(['createdAt'], 'createdAt').extend({
  visibility: z.enum(commentVisibilities, { error: staffNewsMessages.commentVisibility }).optional(),
  postId: idParam.optional(),
  userId: z.uuid({ error: staffNewsMessages.userId }).optional(),
});
export type StaffCommentsQuery = z.input<typeof staffCommentsQuerySchema>;

export const staffCommentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  postTitle: z.string(),
  userId: z.string(),
  username: z.string().nullable(),
  content: z.string(),
  likesCount: z.number().int(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  /** The author is stopped from commenting. */
  authorBanned: z.boolean(),
});
export type StaffComment = z.infer<typeof staffCommentSchema>;
export const staffCommentsPageSchema = staffPageSchema(staffCommentSchema);

export const commentBanBodySchema = z.object({
  userId: z.uuid({ error: staffNewsMessages.userId }),
  reason: z
    .string({ error: staffNewsMessages.reason })
    .trim()
    .min(COMMENT_BAN_REASON_MIN, staffNewsMessages.reason)
    .max(COMMENT_BAN_REASON_MAX, staffNewsMessages.reason),
});
export type CommentBanBody = z.infer<typeof commentBanBodySchema>;

export const commentBanSchema = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type CommentBan = z.infer<typeof commentBanSchema>;
export const commentBansResponseSchema = z.object({ bans: z.array(commentBanSchema) });

export { COMMENT_MAX };
