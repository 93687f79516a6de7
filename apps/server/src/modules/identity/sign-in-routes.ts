import {
  ACCESS_TOKEN_COOKIE,
  activateAuthTokenBodySchema,
  authTokenResponseSchema,
  codeSentResponseSchema,
  loginBodySchema,
  newPasswordBodySchema,
  REFRESH_TOKEN_COOKIE,
  registrationBodySchema,
  registrationQuerySchema,
  resetPasswordBodySchema,
  resetPasswordVerifyBodySchema,
  successResponseSchema,
  verifyBodySchema,
} from '@paws/contracts/auth';
import { restrictionResponseSchema } from '@paws/contracts/responsible-gaming';
import { SESSION_HINT_COOKIE } from '@paws/contracts/session-hint';
import { endSessionBodySchema } from '@paws/contracts/sessions';
import { twoStepSignInBodySchema } from '@paws/contracts/two-step';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { userOf } from './authenticate.ts';
import { clearSessionCookies, clearSessionHint, setSessionCookies } from './cookies.ts';
import type { IdentityRouteLimits } from './route-kit.ts';
import { clientOf } from './route-kit.ts';

/** Sign-up, sign-in, password reset, token refresh, sign-out and the hand-over between origins (/auth/*). */
export const signInRoutes: FastifyPluginAsyncZod<IdentityRouteLimits> = async (app, limits) => {
  const { env, identity } = app;
  const now = () => identity.now();
  const tags = ['identity'];
  const { loginLimit, registrationLimit, resetLimit, verifyLimit } = limits;

  app.post(
    '/auth/registration',
    {
      preHandler: registrationLimit,
      schema: {
        tags,
        summary: 'Sign up by e-mail (a link is e-mailed) or phone (an SMS code is sent)',
        querystring: registrationQuerySchema,
        body: registrationBodySchema,
        response: { 201: codeSentResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await identity.register(request.body, request.query)),
  );

  app.post(
    '/auth/registration/verify',
    {
      preHandler: verifyLimit,
      schema: {
        tags,
        summary: 'Confirm a sign-up with the link token or the SMS code; signs in (cookies)',
        body: verifyBodySchema,
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      setSessionCookies(
        reply,
        env,
        await identity.verifyRegistration(request.body, clientOf(request)),
        now(),
      );
      return reply.status(201).send({ success: true as const });
    },
  );

  app.post(
    '/auth/login',
    {
      preHandler: loginLimit,
      schema: {
        tags,
        summary: 'Check the password, then e-mail a sign-in link or send an SMS code',
        body: loginBodySchema,
        response: { 201: codeSentResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await identity.login(request.body, clientOf(request))),
  );

  app.post(
    '/auth/self-exclusion/return',
    {
      preHandler: loginLimit,
      schema: {
        tags,
        summary:
          'A self-excluded player asks, with their password, to return once the earliest end has come (24 h later)',
        body: loginBodySchema,
        response: { 200: restrictionResponseSchema },
      },
    },
    async (request) => identity.askToReturn(request.body, clientOf(request)),
  );

  app.post(
    '/auth/login/verify',
    {
      preHandler: verifyLimit,
      schema: {
        tags,
        summary: 'Finish signing in with the link token or the SMS code (cookies)',
        body: verifyBodySchema,
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      setSessionCookies(reply, env, await identity.verifyLogin(request.body, clientOf(request)), now());
      return reply.status(201).send({ success: true as const });
    },
  );

  app.post(
    '/auth/login/two-step',
    {
      preHandler: verifyLimit,
      schema: {
        tags,
        summary:
          'Finish a sign-in that answered 403 TWO_STEP_REQUIRED: its pendingSignIn and a TOTP or recovery code (cookies)',
        body: twoStepSignInBodySchema,
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      const { pendingSignIn, code } = request.body;
      setSessionCookies(
        reply,
        env,
        await identity.finishTwoStep(pendingSignIn, code, clientOf(request)),
        now(),
      );
      return reply.status(201).send({ success: true as const });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      preHandler: resetLimit,
      schema: {
        tags,
        summary: 'Send a reset code by e-mail or SMS; answers the same for unknown accounts',
        body: resetPasswordBodySchema,
        response: { 201: codeSentResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await identity.requestPasswordReset(request.body)),
  );

  app.post(
    '/auth/reset-password/verify',
    {
      preHandler: verifyLimit,
      schema: {
        tags,
        summary: 'Check a reset code without using it up',
        body: resetPasswordVerifyBodySchema,
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      await identity.verifyPasswordReset(request.body);
      return reply.status(201).send({ success: true as const });
    },
  );

  app.post(
    '/auth/reset-password/new-password',
    {
      preHandler: verifyLimit,
      schema: {
        tags,
        summary: 'Set a new password with the reset code; ends every session of the account',
        body: newPasswordBodySchema,
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      await identity.setNewPassword(request.body);
      return reply.status(201).send({ success: true as const });
    },
  );

  app.post(
    '/auth/refresh-tokens',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token (201 signed in, 401 signed out); the client’s auth probe',
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_TOKEN_COOKIE];
      try {
        const tokens = await identity.refresh(presented, clientOf(request));
        setSessionCookies(reply, env, tokens, now());
      } catch (error) {
        // Clear only what this request brought: a probe without cookies must not wipe a session
        // that a parallel verify call is setting. A banned account keeps its session (and cookies) for
        // when the ban ends or is lifted.
        const banned = error instanceof AppError && error.statusCode === 403;
        if (presented && !banned) clearSessionCookies(reply, env);
        else if (!presented && request.cookies[SESSION_HINT_COOKIE]) clearSessionHint(reply, env);
        throw error;
      }
      return reply.status(201).send({ success: true as const });
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'End the session everywhere it is used and clear the cookies',
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      await identity.logout({
        refreshToken: request.cookies[REFRESH_TOKEN_COOKIE],
        accessToken: request.cookies[ACCESS_TOKEN_COOKIE],
      });
      clearSessionCookies(reply, env);
      return reply.status(201).send({ success: true as const });
    },
  );

  app.post(
    '/auth/end-session',
    {
      preHandler: verifyLimit,
      schema: {
        tags,
        summary: "End the sign-in a new-device e-mail's link names (no session needed)",
        body: endSessionBodySchema,
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      await identity.mySessions.endByLink(request.body.token);
      return reply.status(201).send({ success: true as const });
    },
  );

  app.get(
    '/auth/auth-token',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A single-use token (60 s) that signs the player in on the other origin',
        response: { 200: authTokenResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = userOf(request);
      return { authToken: await identity.issueHandoverToken(user.id, user.familyId) };
    },
  );

  app.post(
    '/auth/auth-token/activate',
    {
      preHandler: verifyLimit,
      schema: {
        tags,
        summary: 'Start a session on this origin from a handover token (cookies)',
        body: activateAuthTokenBodySchema,
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      const tokens = await identity.activateHandoverToken(request.body.authToken, clientOf(request));
      setSessionCookies(reply, env, tokens, now());
      return reply.status(201).send({ success: true as const });
    },
  );
};
