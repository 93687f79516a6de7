import { type Comment, type LikeResponse, newsMessages } from '@paws/contracts/news';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { PostReads } from './posts.ts';
import { newsCommentBans, newsCommentLikes, newsComments, newsPostLikes } from './schema.ts';

/** Usernames of account ids (identity's public read); null for an account with none yet. */
export type UsernamesOf = (ids: readonly string[]) => Promise<Map<string, string | null>>;

const NO_USER = '00000000-0000-0000-0000-000000000000';

export function commentCounts(userId: string | undefined) {
  // Spelled out: see postCounts.
  return {
    likesCount: sql<number>`(select count(*)::int from news_comment_likes l where l.comment_id = "news_comments"."id")`,
    likedByUser: sql<boolean>`exists(select 1 from news_comment_likes l where l.comment_id = "news_comments"."id" and l.user_id = ${userId ?? NO_USER})`,
  };
}

export function createComments({
  db,
  posts,
  usernamesOf,
  now = () => new Date(),
}: {
  db: Db;
  posts: PostReads;
  usernamesOf: UsernamesOf;
  now?: () => Date;
}) {
  async function publishedOr404(postId: number) {
    if (!(await posts.isPublished(postId))) throw notFound(newsMessages.postNotFound);
  }

  /** A visible comment on a published post, or 404. */
  async function visibleComment(id: number) {
    const [row] = await db
      .select()
      .from(newsComments)
      .where(and(eq(newsComments.id, id), isNull(newsComments.hiddenAt)));
    if (!row || !(await posts.isPublished(row.postId))) throw notFound(newsMessages.commentNotFound);
    return row;
  }

  async function ownComment(id: number, userId: string) {
    const row = await visibleComment(id);
    if (row.userId !== userId) throw forbidden(newsMessages.notAuthor);
    return row;
  }

  async function view(ids: number[], userId: string | undefined): Promise<Comment[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({
        id: newsComments.id,
        postId: newsComments.postId,
        userId: newsComments.userId,
        content: newsComments.content,
        createdAt: newsComments.createdAt,
        updatedAt: newsComments.updatedAt,
        editedAt: newsComments.editedAt,
        ...commentCounts(userId),
      })
      .from(newsComments)
      .where(inArray(newsComments.id, ids))
      .orderBy(asc(newsComments.createdAt), asc(newsComments.id));
    const names = await usernamesOf(rows.map((row) => row.userId));
    return rows.map((row) => ({
      id: row.id,
      postId: row.postId,
      content: row.content,
      userId: row.userId,
      username: names.get(row.userId) ?? null,
      likesCount: row.likesCount,
      likedByUser: row.likedByUser,
      byUser: row.userId === userId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
    }));
  }

  return {
    /** GET /posts/{id}/comments: the visible ones, oldest first. */
    async list(postId: number, userId?: string): Promise<Comment[]> {
      await publishedOr404(postId);
      const rows = await db
        .select({ id: newsComments.id })
        .from(newsComments)
        .where(and(eq(newsComments.postId, postId), isNull(newsComments.hiddenAt)));
      return view(
        rows.map((row) => row.id),
        userId,
      );
    },

    async create(postId: number, userId: string, content: string): Promise<Comment> {
      await publishedOr404(postId);
      const [ban] = await db.select().from(newsCommentBans).where(eq(newsCommentBans.userId, userId));
      if (ban) throw forbidden(newsMessages.commentBanned);
      const [row] = await db.insert(newsComments).values({ postId, userId, content }).returning();
      const [comment] = await view([row!.id], userId);
      return comment!;
    },

    async edit(id: number, userId: string, content: string): Promise<Comment> {
      await ownComment(id, userId);
      const at = now();
      await db
        .update(newsComments)
        .set({ content, updatedAt: at, editedAt: at })
        .where(eq(newsComments.id, id));
      const [comment] = await view([id], userId);
      return comment!;
    },

    async remove(id: number, userId: string) {
      await ownComment(id, userId);
      await db.delete(newsComments).where(eq(newsComments.id, id));
    },

    /** POST/DELETE /posts/{id}/like: idempotent; the count is the rows'. */
    async likePost(postId: number, userId: string, liked: boolean): Promise<LikeResponse> {
      await publishedOr404(postId);
      if (liked) await db.insert(newsPostLikes).values({ postId, userId }).onConflictDoNothing();
      else
        await db
          .delete(newsPostLikes)
          .where(and(eq(newsPostLikes.postId, postId), eq(newsPostLikes.userId, userId)));
      const post = await posts.one(postId, userId);
      return { likesCount: post.likesCount, likedByUser: post.likedByUser };
    },

    async likeComment(commentId: number, userId: string, liked: boolean): Promise<LikeResponse> {
      await visibleComment(commentId);
      if (liked) await db.insert(newsCommentLikes).values({ commentId, userId }).onConflictDoNothing();
      else
        await db
          .delete(newsCommentLikes)
          .where(and(eq(newsCommentLikes.commentId, commentId), eq(newsCommentLikes.userId, userId)));
      const [comment] = await view([commentId], userId);
      return { likesCount: comment!.likesCount, likedByUser: comment!.likedByUser };
    },
  };
}
export type Comments = ReturnType<typeof createComments>;
