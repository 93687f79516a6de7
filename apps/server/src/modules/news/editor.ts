import { randomUUID } from 'node:crypto';
import type { StaffPage } from '@paws/contracts/staff-lists';
import {
  type CommentBan,
  type CommentBanBody,
  type StaffComment,
  type StaffCommentsQuery,
  type StaffMediaResponse,
  type StaffPost,
  type StaffPostBody,
  type StaffPostsQuery,
  staffNewsMessages,
} from '@paws/contracts/staff-news';
import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuditRecord } from '../audit/index.ts';
import { commentCounts, type UsernamesOf } from './comments.ts';
import { postColumns, postCounts, toStaffPost } from './posts.ts';
import { newsCommentBans, newsComments, newsPosts } from './schema.ts';

/** Who acts in the back office, as actorOf(request) gives it, with a name for the post's byline. */
export interface EditorActor {
  actorId: string;
  actorRoles: readonly string[];
  ip: string | null;
}

export interface EditorDeps {
  db: Db;
  urlOf: (key: string) => string;
  put: (key: string, data: Buffer) => Promise<void>;
  audit: (entry: AuditRecord, tx: DbOrTx) => Promise<unknown>;
  usernamesOf: UsernamesOf;
  now?: () => Date;
}

const MEDIA_SIGNATURES: Array<{ ext: string; type: 'IMAGE' | 'VIDEO'; test: (b: Buffer) => boolean }> = [
  { ext: 'jpg', type: 'IMAGE', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'png',
    type: 'IMAGE',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    ext: 'gif',
    type: 'IMAGE',
    test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    ext: 'webp',
    type: 'IMAGE',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { ext: 'mp4', type: 'VIDEO', test: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' },
  {
    ext: 'webm',
    type: 'VIDEO',
    test: (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
  },
];

/** The media kind by its first bytes, whatever its name or declared type say. */
export function sniffMedia(data: Buffer) {
  return MEDIA_SIGNATURES.find((signature) => data.length >= 12 && signature.test(data));
}

const mediaTypeOfKey = (key: string): 'IMAGE' | 'VIDEO' => (/\.(mp4|webm)$/.test(key) ? 'VIDEO' : 'IMAGE');

export function createEditor({ db, urlOf, put, audit, usernamesOf, now = () => new Date() }: EditorDeps) {
  async function postOr404(id: number, tx: DbOrTx = db) {
    const [row] = await tx
      .select({ ...postColumns, ...postCounts(undefined) })
      .from(newsPosts)
      .where(eq(newsPosts.id, id));
    if (!row) throw notFound(staffNewsMessages.postNotFound);
    return toStaffPost(row, urlOf, now());
  }

  async function nameOf(actor: EditorActor) {
    return (await usernamesOf([actor.actorId])).get(actor.actorId) ?? null;
  }

  const auditOf = (actor: EditorActor, action: string, targetType: string, targetId: string) => ({
    actorId: actor.actorId,
    actorRoles: actor.actorRoles,
    ip: actor.ip,
    action,
    targetType,
    targetId,
  });

  const fields = (body: StaffPostBody) => ({
    title: body.title,
    content: body.content,
    category: body.category,
    mediaKey: body.mediaKey,
    mediaType: body.mediaKey ? mediaTypeOfKey(body.mediaKey) : null,
    publicationDate: body.publicationDate ? new Date(body.publicationDate) : null,
  });

  async function commentOr404(id: number, tx: DbOrTx = db): Promise<StaffComment> {
    const page = await comments({ page: 1, limit: 1, id }, tx);
    if (!page.items[0]) throw notFound(staffNewsMessages.commentNotFound);
    return page.items[0];
  }

  async function comments(
    query: { page: number; limit: number; order?: 'asc' | 'desc' } & Omit<
      StaffCommentsQuery,
      'page' | 'limit' | 'order'
    > & { id?: number },
    tx: DbOrTx = db,
  ): Promise<StaffPage<StaffComment>> {
    const conditions: SQL[] = [];
    if (query.id) conditions.push(eq(newsComments.id, query.id));
    if (query.visibility === 'HIDDEN') conditions.push(isNotNull(newsComments.hiddenAt));
    if (query.visibility === 'VISIBLE') conditions.push(isNull(newsComments.hiddenAt));
    if (query.postId) conditions.push(eq(newsComments.postId, Number(query.postId)));
    if (query.userId) conditions.push(eq(newsComments.userId, query.userId));
    const where = conditions.length ? and(...conditions) : undefined;
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(newsComments).where(where);
    const rows = await tx
      .select({
        id: newsComments.id,
        postId: newsComments.postId,
        postTitle: newsPosts.title,
        userId: newsComments.userId,
        content: newsComments.content,
        createdAt: newsComments.createdAt,
        editedAt: newsComments.editedAt,
        hiddenAt: newsComments.hiddenAt,
        likesCount: commentCounts(undefined).likesCount,
        authorBanned: sql<boolean>`exists(select 1 from news_comment_bans b where b.user_id = "news_comments"."user_id")`,
      })
      .from(newsComments)
      .innerJoin(newsPosts, eq(newsPosts.id, newsComments.postId))
      .where(where)
      .orderBy(
        query.order === 'asc' ? asc(newsComments.createdAt) : desc(newsComments.createdAt),
        desc(newsComments.id),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    // Inside a transaction the names stay out: identity reads on its own connection (one, on PGlite).
    const names = tx === db ? await usernamesOf(rows.map((row) => row.userId)) : new Map<string, null>();
    return {
      total,
      items: rows.map((row) => ({
        ...row,
        username: names.get(row.userId) ?? null,
        createdAt: row.createdAt.toISOString(),
        editedAt: row.editedAt?.toISOString() ?? null,
        hiddenAt: row.hiddenAt?.toISOString() ?? null,
      })),
    };
  }

  return {
    post: (id: number) => postOr404(id),

    /** The editor's list: every post in every state, filtered, one page. */
    async posts(query: StaffPostsQuery & { page: number; limit: number }): Promise<StaffPage<StaffPost>> {
      const at = now();
      const conditions: SQL[] = [];
      if (query.category) conditions.push(eq(newsPosts.category, query.category));
      if (query.q)
        conditions.push(ilike(newsPosts.title, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      switch (query.status) {
        case 'ARCHIVED':
          conditions.push(isNotNull(newsPosts.archivedAt));
          break;
        case 'DRAFT':
          conditions.push(isNull(newsPosts.archivedAt), isNull(newsPosts.publicationDate));
          break;
        case 'SCHEDULED':
          conditions.push(isNull(newsPosts.archivedAt), gt(newsPosts.publicationDate, at));
          break;
        case 'PUBLISHED':
          conditions.push(isNull(newsPosts.archivedAt), lte(newsPosts.publicationDate, at));
          break;
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(newsPosts).where(where);
      const column = {
        createdAt: newsPosts.createdAt,
        updatedAt: newsPosts.updatedAt,
        publicationDate: newsPosts.publicationDate,
        title: newsPosts.title,
        views: newsPosts.views,
      }[query.sort ?? 'createdAt'];
      const rows = await db
        .select({ ...postColumns, ...postCounts(undefined) })
        .from(newsPosts)
        .where(where)
        .orderBy(query.order === 'asc' ? asc(column) : sql`${column} desc nulls last`, desc(newsPosts.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return { total, items: rows.map((row) => toStaffPost(row, urlOf, at)) };
    },

    async create(actor: EditorActor, body: StaffPostBody): Promise<StaffPost> {
      const name = await nameOf(actor);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(newsPosts)
          .values({
            ...fields(body),
            createdBy: actor.actorId,
            createdByName: name,
            updatedBy: actor.actorId,
            updatedByName: name,
          })
          .returning({ id: newsPosts.id });
        const post = await postOr404(row!.id, tx);
        await audit({ ...auditOf(actor, 'news.create', 'news_post', String(post.id)), after: post }, tx);
        return post;
      });
    },

    async update(actor: EditorActor, id: number, body: StaffPostBody): Promise<StaffPost> {
      const name = await nameOf(actor);
      return db.transaction(async (tx) => {
        const before = await postOr404(id, tx);
        await tx
          .update(newsPosts)
          .set({ ...fields(body), updatedBy: actor.actorId, updatedByName: name, updatedAt: now() })
          .where(eq(newsPosts.id, id));
        const after = await postOr404(id, tx);
        await audit({ ...auditOf(actor, 'news.update', 'news_post', String(id)), before, after }, tx);
        return after;
      });
    },

    /** Archive (off the player's list) or restore. */
    async setArchived(actor: EditorActor, id: number, archived: boolean): Promise<StaffPost> {
      const name = await nameOf(actor);
      return db.transaction(async (tx) => {
        const before = await postOr404(id, tx);
        if (archived && before.archivedAt) throw conflict(staffNewsMessages.alreadyArchived);
        if (!archived && !before.archivedAt) throw conflict(staffNewsMessages.notArchived);
        const at = now();
        await tx
          .update(newsPosts)
          .set({
            archivedAt: archived ? at : null,
            updatedBy: actor.actorId,
            updatedByName: name,
            updatedAt: at,
          })
          .where(eq(newsPosts.id, id));
        const after = await postOr404(id, tx);
        const action = archived ? 'news.archive' : 'news.restore';
        await audit({ ...auditOf(actor, action, 'news_post', String(id)), before, after }, tx);
        return after;
      });
    },

    /** Stores an upload checked by its first bytes; audited. */
    async uploadMedia(
      actor: EditorActor,
      data: Buffer | undefined,
      truncated: boolean,
    ): Promise<StaffMediaResponse> {
      if (!data || data.length === 0) throw badRequest(staffNewsMessages.mediaMissing, 'file');
      if (truncated) throw new AppError(413, staffNewsMessages.mediaTooLarge, 'file');
      const kind = sniffMedia(data);
      if (!kind) throw badRequest(staffNewsMessages.media, 'file');
      const key = `news/${randomUUID()}.${kind.ext}`;
      await put(key, data);
      const media = { mediaKey: key, mediaType: kind.type, mediaContentUrl: urlOf(key) };
      await audit(
        {
          ...auditOf(actor, 'news.media_upload', 'news_media', key),
          after: { ...media, bytes: data.length },
        },
        db,
      );
      return media;
    },

    comments: (query: Parameters<typeof comments>[0]) => comments(query),

    /** Hide (players no longer see it) or show again. */
    async setHidden(actor: EditorActor, id: number, hidden: boolean): Promise<StaffComment> {
      return db.transaction(async (tx) => {
        const before = await commentOr404(id, tx);
        await tx
          .update(newsComments)
          .set(hidden ? { hiddenAt: now(), hiddenBy: actor.actorId } : { hiddenAt: null, hiddenBy: null })
          .where(eq(newsComments.id, id));
        const after = await commentOr404(id, tx);
        const action = hidden ? 'news.comment_hide' : 'news.comment_unhide';
        await audit({ ...auditOf(actor, action, 'news_comment', String(id)), before, after }, tx);
        return after;
      });
    },

    async deleteComment(actor: EditorActor, id: number) {
      await db.transaction(async (tx) => {
        const before = await commentOr404(id, tx);
        await tx.delete(newsComments).where(eq(newsComments.id, id));
        await audit({ ...auditOf(actor, 'news.comment_delete', 'news_comment', String(id)), before }, tx);
      });
    },

    async bans(): Promise<CommentBan[]> {
      const rows = await db.select().from(newsCommentBans).orderBy(desc(newsCommentBans.createdAt));
      const names = await usernamesOf(
        rows.flatMap((row) => [row.userId, ...(row.createdBy ? [row.createdBy] : [])]),
      );
      return rows.map((row) => ({
        userId: row.userId,
        username: names.get(row.userId) ?? null,
        reason: row.reason,
        createdBy: row.createdBy ? (names.get(row.createdBy) ?? row.createdBy) : null,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** Stops a player commenting (the comment endpoint answers 403); idempotent, audited. */
    async ban(actor: EditorActor, body: CommentBanBody, exists: (userId: string) => Promise<boolean>) {
      if (!(await exists(body.userId))) throw notFound(staffNewsMessages.playerNotFound);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(newsCommentBans)
          .values({ userId: body.userId, reason: body.reason, createdBy: actor.actorId })
          .onConflictDoUpdate({
            target: newsCommentBans.userId,
            set: { reason: body.reason, createdBy: actor.actorId, createdAt: now() },
          })
          .returning();
        await audit(
          { ...auditOf(actor, 'news.comment_ban', 'user', body.userId), after: { reason: row!.reason } },
          tx,
        );
      });
    },

    async unban(actor: EditorActor, userId: string) {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(newsCommentBans).where(eq(newsCommentBans.userId, userId)).returning();
        if (!row) throw notFound(staffNewsMessages.notBanned);
        await audit(
          { ...auditOf(actor, 'news.comment_unban', 'user', userId), before: { reason: row.reason } },
          tx,
        );
      });
    },
  };
}
export type NewsEditor = ReturnType<typeof createEditor>;
