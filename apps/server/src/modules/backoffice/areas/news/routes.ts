import fastifyMultipart from '@fastify/multipart';
import { apiErrorSchema } from '@paws/contracts/errors';
import {
  commentBanBodySchema,
  commentBansResponseSchema,
  NEWS_MEDIA_MAX_BYTES,
  staffCommentBanParamsSchema,
  staffCommentIdParamsSchema,
  staffCommentSchema,
  staffCommentsPageSchema,
  staffCommentsQuerySchema,
  staffMediaResponseSchema,
  staffPostBodySchema,
  staffPostIdParamsSchema,
  staffPostSchema,
  staffPostsPageSchema,
  staffPostsQuerySchema,
} from '@paws/contracts/staff-news';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendList } from '../../../../lib/staff-lists.ts';
import { actorOf } from '../../../staff/index.ts';
import type { AreaOptions } from '../../deps.ts';

const tags = ['staff'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * News, under /api/staff/news: the editor (posts in every state, media, publish or schedule, archive) and
 * comment moderation (hide, delete, stop a player commenting). Every change is audited.
 */
export async function newsAreaRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, {
    limits: { fileSize: NEWS_MEDIA_MAX_BYTES + 1, files: 1, fields: 2, parts: 3 },
    throwFileSizeLimit: false,
  });
  const editor = () => deps.news.editor;

  route.get(
    '/posts',
    {
      schema: {
        tags,
        summary: 'Every post with its status (draft, scheduled, published, archived); CSV with format=csv',
        querystring: staffPostsQuerySchema,
        response: { 200: staffPostsPageSchema.or(z.string()), ...errors },
      },
    },
    async (request, reply) =>
      sendList(reply, request.query, (page, limit) => editor().posts({ ...request.query, page, limit }), {
        name: 'news-posts',
        columns: [
          { header: 'Id', value: (row) => row.id },
          { header: 'Title', value: (row) => row.title },
          { header: 'Category', value: (row) => row.category },
          { header: 'Status', value: (row) => row.status },
          { header: 'Publication date', value: (row) => row.publicationDate },
          { header: 'Views', value: (row) => row.views },
          { header: 'Likes', value: (row) => row.likesCount },
          { header: 'Comments', value: (row) => row.commentCount },
          { header: 'Created by', value: (row) => row.createdBy },
          { header: 'Updated at', value: (row) => row.updatedAt },
          { header: 'Archived at', value: (row) => row.archivedAt },
        ],
      }),
  );

  route.get(
    '/posts/:id',
    {
      schema: {
        tags,
        summary: 'One post in any state',
        params: staffPostIdParamsSchema,
        response: { 200: staffPostSchema, ...errors },
      },
    },
    async (request) => editor().post(request.params.id),
  );

  route.post(
    '/posts',
    {
      schema: {
        tags,
        summary:
          'Write a post: a draft (publicationDate null), published now, or scheduled; audited (news.create)',
        body: staffPostBodySchema,
        response: { 201: staffPostSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await editor().create(actorOf(request), request.body)),
  );

  route.put(
    '/posts/:id',
    {
      schema: {
        tags,
        summary: 'Replace a post (title, content, category, media, publication date); audited (news.update)',
        params: staffPostIdParamsSchema,
        body: staffPostBodySchema,
        response: { 200: staffPostSchema, ...errors },
      },
    },
    async (request) => editor().update(actorOf(request), request.params.id, request.body),
  );

  for (const [path, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    route.post(
      `/posts/:id/${path}`,
      {
        schema: {
          tags,
          summary: archived
            ? 'Archive a post (players no longer see it); audited (news.archive)'
            : 'Bring an archived post back; audited (news.restore)',
          params: staffPostIdParamsSchema,
          response: { 200: staffPostSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => editor().setArchived(actorOf(request), request.params.id, archived),
    );
  }

  route.post(
    '/media',
    {
      schema: {
        tags,
        summary:
          'Upload a post image or video (multipart field `file`; JPEG, PNG, WebP, GIF, MP4 or WebM by content; at most 25 MB); audited',
        consumes: ['multipart/form-data'],
        response: { 201: staffMediaResponseSchema, 413: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      const upload = file?.fieldname === 'file' ? file : undefined;
      const data = upload ? await upload.toBuffer() : undefined;
      const media = await editor().uploadMedia(actorOf(request), data, upload?.file.truncated ?? false);
      return reply.code(201).send(media);
    },
  );

  route.get(
    '/comments',
    {
      schema: {
        tags,
        summary: 'Comments, newest first, with their post and author; CSV with format=csv',
        querystring: staffCommentsQuerySchema,
        response: { 200: staffCommentsPageSchema.or(z.string()), ...errors },
      },
    },
    async (request, reply) =>
      sendList(reply, request.query, (page, limit) => editor().comments({ ...request.query, page, limit }), {
        name: 'news-comments',
        columns: [
          { header: 'Created at', value: (row) => row.createdAt },
          { header: 'Post', value: (row) => row.postTitle },
          { header: 'Author', value: (row) => row.username ?? row.userId },
          { header: 'Comment', value: (row) => row.content },
          { header: 'Likes', value: (row) => row.likesCount },
          { header: 'Hidden at', value: (row) => row.hiddenAt },
        ],
      }),
  );

  for (const [path, hidden] of [
    ['hide', true],
    ['unhide', false],
  ] as const) {
    route.post(
      `/comments/:id/${path}`,
      {
        schema: {
          tags,
          summary: hidden
            ? 'Hide a comment from players; audited (news.comment_hide)'
            : 'Show a hidden comment again; audited (news.comment_unhide)',
          params: staffCommentIdParamsSchema,
          response: { 200: staffCommentSchema, ...errors },
        },
      },
      async (request) => editor().setHidden(actorOf(request), request.params.id, hidden),
    );
  }

  route.delete(
    '/comments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a comment; answers 204; audited (news.comment_delete, with the comment)',
        params: staffCommentIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await editor().deleteComment(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  route.get(
    '/comment-bans',
    {
      schema: {
        tags,
        summary: 'Players stopped from commenting',
        response: { 200: commentBansResponseSchema, ...errors },
      },
    },
    async () => ({ bans: await editor().bans() }),
  );

  route.post(
    '/comment-bans',
    {
      schema: {
        tags,
        summary: 'Stop a player from commenting (their comments answer 403); audited (news.comment_ban)',
        body: commentBanBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await editor().ban(
        actorOf(request),
        request.body,
        async (userId) => (await deps.identity.accountOf(userId)) !== undefined,
      );
      return reply.code(204).send(null);
    },
  );

  route.delete(
    '/comment-bans/:userId',
    {
      schema: {
        tags,
        summary: 'Let a player comment again; audited (news.comment_unban)',
        params: staffCommentBanParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await editor().unban(actorOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );
}
