import { ACCESS_TOKEN_COOKIE } from '@paws/contracts/auth';
import { apiErrorSchema } from '@paws/contracts/errors';
import {
  commentBodySchema,
  commentIdParamsSchema,
  commentSchema,
  commentsResponseSchema,
  likeResponseSchema,
  NEWS_RECOMMENDED_COUNT,
  newsMessages,
  postIdParamsSchema,
  postSchema,
  postsQuerySchema,
  postsResponseSchema,
  relatedPostsResponseSchema,
} from '@paws/contracts/news';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { sendCachedJson } from '../../lib/read-cache.ts';
import { userOf } from '../identity/index.ts';
import { createVisitorLists } from './visitor-lists.ts';

/** Comments a player may post: a burst of 5 a minute, and 30 a minute from one IP. */
export const COMMENT_RATE = {
  ip: { points: 30, durationSeconds: 60 },
  account: { points: 5, durationSeconds: 60 },
};

/** The news service's calls (spec 001 §7 Posts), under /api/news. Visitors read; players like and comment. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['news'];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  /** Reads for everyone: a signed-in player is recognised (their likes), anyone else reads as a visitor. */
  const optionalUser = async (request: FastifyRequest) => {
    const result = await app.identity.sessions.check(request.cookies[ACCESS_TOKEN_COOKIE]);
    request.user = result.user ?? null;
  };
  /** Likes and comments: a visitor gets 401 with a message to sign in. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.cookies[ACCESS_TOKEN_COOKIE]) throw unauthorized(newsMessages.signInRequired);
    await app.authenticate(request, reply);
  };
  const commentLimit = app.rateLimiting.hook('news.comment', COMMENT_RATE, (request) => request.user?.id);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const visitorLists = createVisitorLists({
    db: app.database.db,
    posts: app.news.posts,
    changes: app.changes,
  });

  app.get(
    '/posts',
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary:
          'Published posts, newest first (best match first with search: web-search syntax over title and body)',
        querystring: postsQuerySchema,
        response: { 200: postsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.user) {
        noStore(reply);
        return app.news.posts.list(request.query, request.user.id);
      }
      return sendCachedJson(request, reply, await visitorLists.get(request.query), 'public, no-cache');
    },
  );

  app.get(
    '/posts/:id',
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: 'One published post; counts a view once per viewer and day',
        params: postIdParamsSchema,
        response: { 200: postSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return app.news.posts.read(request.params.id, {
        userId: request.user?.id,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
    },
  );

  app.get(
    '/posts/:id/related',
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: "'You can be interested': up to 4 other published posts, same category first",
        params: postIdParamsSchema,
        response: { 200: relatedPostsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return {
        posts: await app.news.posts.related(request.params.id, NEWS_RECOMMENDED_COUNT, request.user?.id),
      };
    },
  );

  app.get(
    '/posts/:id/comments',
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: "A published post's comments, oldest first",
        params: postIdParamsSchema,
        response: { 200: commentsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { comments: await app.news.comments.list(request.params.id, request.user?.id) };
    },
  );

  app.post(
    '/posts/:id/comments',
    {
      onRequest: signedIn,
      preHandler: commentLimit,
      schema: {
        tags,
        summary: 'Comment on a published post (trimmed, 1 to 2000 characters; 5 a minute)',
        params: postIdParamsSchema,
        body: commentBodySchema,
        response: { 201: commentSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await app.news.comments.create(request.params.id, userOf(request).id, request.body.content)),
  );

  app.patch(
    '/posts/comments/:id',
    {
      onRequest: signedIn,
      preHandler: commentLimit,
      schema: {
        tags,
        summary: 'Edit one of your own comments',
        params: commentIdParamsSchema,
        body: commentBodySchema,
        response: { 200: commentSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request) => app.news.comments.edit(request.params.id, userOf(request).id, request.body.content),
  );

  app.delete(
    '/posts/comments/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Delete one of your own comments; answers 204',
        params: commentIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await app.news.comments.remove(request.params.id, userOf(request).id);
      return reply.code(204).send(null);
    },
  );

  for (const [method, liked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/posts/:id/like',
      onRequest: signedIn,
      schema: {
        tags,
        summary: liked ? 'Like a post (idempotent)' : 'Take back a like of a post (idempotent)',
        params: postIdParamsSchema,
        response: { 200: likeResponseSchema, ...errors },
      },
      handler: async (request) =>
        app.news.comments.likePost((request.params as { id: number }).id, userOf(request).id, liked),
    });
    app.route({
      method,
      url: '/posts/comments/:id/like',
      onRequest: signedIn,
      schema: {
        tags,
        summary: liked ? 'Like a comment (idempotent)' : 'Take back a like of a comment (idempotent)',
        params: commentIdParamsSchema,
        response: { 200: likeResponseSchema, ...errors },
      },
      handler: async (request) =>
        app.news.comments.likeComment((request.params as { id: number }).id, userOf(request).id, liked),
    });
  }
};
