import fastifyMultipart from '@fastify/multipart';
import {
  ACCESS_TOKEN_COOKIE,
  activateAuthTokenBodySchema,
  authTokenResponseSchema,
  codeSentResponseSchema,
  loginBodySchema,
  newPasswordBodySchema,
  normalizePhone,
  REFRESH_TOKEN_COOKIE,
  registrationBodySchema,
  registrationQuerySchema,
  resetPasswordBodySchema,
  resetPasswordVerifyBodySchema,
  successResponseSchema,
  verifyBodySchema,
} from '@paws/contracts/auth';
import {
  AVATAR_MAX_BYTES,
  avatarResponseSchema,
  messageResponseSchema,
  profileEditBodySchema,
  profileEditParamsSchema,
  profileEditResponseSchema,
  verifyEmailBodySchema,
  verifyPhoneBodySchema,
} from '@paws/contracts/profile';
import { referralResponseSchema } from '@paws/contracts/referrals';
import { restrictionResponseSchema } from '@paws/contracts/responsible-gaming';
import { SESSION_HINT_COOKIE } from '@paws/contracts/session-hint';
import {
  endSessionBodySchema,
  mySessionParamsSchema,
  mySessionsResponseSchema,
  signOutOthersResponseSchema,
} from '@paws/contracts/sessions';
import {
  recoveryCodesResponseSchema,
  twoStepCodeBodySchema,
  twoStepConfirmBodySchema,
  twoStepEnrolmentSchema,
  twoStepSignInBodySchema,
  twoStepStatusSchema,
} from '@paws/contracts/two-step';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import type { RateLimitPolicy } from '../../plugins/rate-limit.ts';
import { userOf } from './authenticate.ts';
import { clearSessionCookies, clearSessionHint, setSessionCookies } from './cookies.ts';
import { acceptEmptyJsonBody } from './empty-json-body.ts';
import type { IdentityRateLimitName } from './rate-limits.ts';
import type { ClientInfo } from './sessions.ts';
import { stepUpRoutes } from './step-up-routes.ts';

export interface IdentityRoutesOptions {
  rateLimits: Record<IdentityRateLimitName, RateLimitPolicy>;
}

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** The account a credential or code call is about, for its per-account limit. */
const accountOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown; phone?: unknown } | undefined;
  if (typeof body?.email === 'string') return `email:${body.email}`;
  if (typeof body?.phone === 'string') return `phone:${normalizePhone(body.phone)}`;
  return undefined;
};
const signedInUserOf = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : undefined);
/**
 * Password tries count per account and address: a stranger's failures elsewhere cannot lock the owner out
 * (a right password only sends a link or code to the owner, so it signs nobody else in).
 */
const accountFromAddressOf = (request: FastifyRequest) => {
  const account = accountOf(request);
  return account ? `${account}@${request.ip}` : undefined;
};

export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, { rateLimits }) => {
  const { env, identity } = app;
  const limit = (name: IdentityRateLimitName, account = accountOf) =>
    app.rateLimiting.hook(`identity:${name}`, rateLimits[name], account);
  const loginLimit = limit('login', accountFromAddressOf);
  const registrationLimit = limit('registration');
  const resetLimit = limit('resetPassword');
  const verifyLimit = limit('verify');
  const profileLimit = limit('profile', signedInUserOf);
  const verifyPhoneLimit = limit('verify', signedInUserOf);
  const now = () => identity.now();
  // Issue 29 point 5: money and account-security changes want a fresh proof of presence (step-up.ts).
  const stepUp = identity.requireStepUp;
  const stepUpForAddress = identity.stepUp.guardWhen((request) => {
    const field = (request.params as { field?: string }).field;
    return field === 'email' || field === 'phone';
  });
  await app.register(stepUpRoutes, { sendLimit: profileLimit, proveLimit: verifyPhoneLimit });

  acceptEmptyJsonBody(app);

  await app.register(fastifyMultipart, {
    // One byte over the limit is enough to tell a too-large file; the rest is never read.
    limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1, fields: 4, parts: 5 },
    throwFileSizeLimit: false,
  });

  const tags = ['identity'];

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

  app.post(
    '/profile/edit/:field',
    {
      onRequest: app.authenticate,
      preHandler: [profileLimit, stepUpForAddress],
      schema: {
        tags,
        summary:
          'Change the username, e-mail (a confirmation link goes to the new address) or phone (a code goes to the new number)',
        params: profileEditParamsSchema,
        body: profileEditBodySchema,
        response: { 201: profileEditResponseSchema },
      },
    },
    async (request, reply) => {
      const { value, callbackUrl } = request.body;
      const result = await identity.editProfile(userOf(request).id, request.params.field, value, callbackUrl);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/profile/referral',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The player's own referral code (made on first use); their link is ?referralCode=<code>",
        response: { 200: referralResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { referralCode: await identity.ownReferralCode(userOf(request).id) };
    },
  );

  app.post(
    '/profile/verify-email',
    {
      preHandler: verifyLimit,
      schema: {
        tags,
        summary: 'Confirm a new e-mail address with the token of the e-mailed link',
        body: verifyEmailBodySchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await identity.verifyEmailChange(request.body.token)),
  );

  app.post(
    '/profile/verify-phone',
    {
      onRequest: app.authenticate,
      preHandler: verifyPhoneLimit,
      schema: {
        tags,
        summary:
          'Confirm a new phone number with the SMS code sent to it; only then it becomes the account phone',
        body: verifyPhoneBodySchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const { value, otpPhone } = request.body;
      return reply.status(201).send(await identity.verifyPhoneChange(userOf(request).id, value, otpPhone));
    },
  );

  app.post(
    '/profile/avatar',
    {
      onRequest: app.authenticate,
      preHandler: profileLimit,
      schema: {
        tags,
        summary: 'Upload an avatar: multipart field `avatar`, JPEG or PNG, at most 10 MB',
        consumes: ['multipart/form-data'],
        response: { 201: avatarResponseSchema },
      },
    },
    async (request, reply) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      const upload = file?.fieldname === 'avatar' ? file : undefined;
      const data = upload ? await upload.toBuffer() : undefined;
      const truncated = upload?.file.truncated ?? false;
      return reply.status(201).send(await identity.setAvatar(userOf(request).id, data, truncated));
    },
  );

  app.delete(
    '/profile/avatar',
    {
      onRequest: app.authenticate,
      preHandler: profileLimit,
      schema: { tags, summary: 'Remove the avatar (both images); answers 204' },
    },
    async (request, reply) => {
      await identity.deleteAvatar(userOf(request).id);
      return reply.status(204).send();
    },
  );

  // The player's own sessions and devices: each is a sign-in, named by its sessionId.
  app.get(
    '/profile/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "The player's live sessions (browser, system, address, first and last activity), this one marked",
        response: { 200: mySessionsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await identity.mySessions.list(userOf(request)) };
    },
  );

  app.delete(
    '/profile/sessions/:sessionId',
    {
      onRequest: app.authenticate,
      preHandler: profileLimit,
      schema: {
        tags,
        summary: 'Sign out another session of the player (its next request and its sockets); answers 204',
        params: mySessionParamsSchema,
      },
    },
    async (request, reply) => {
      await identity.mySessions.end(userOf(request), request.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/profile/sessions/sign-out-others',
    {
      onRequest: app.authenticate,
      preHandler: profileLimit,
      schema: {
        tags,
        summary: 'Sign out every session of the player but this one',
        response: { 201: signOutOthersResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ ended: await identity.mySessions.endOthers(userOf(request)) }),
  );

  // Two-step sign-in with an authenticator app (issue 29): the secret is never read back once enrolled.
  app.get(
    '/profile/two-step',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
        response: { 200: twoStepStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return identity.twoStep.status(userOf(request).id);
    },
  );

  app.post(
    '/profile/two-step/enrolment',
    {
      onRequest: app.authenticate,
      preHandler: [profileLimit, stepUp],
      schema: {
        tags,
        summary:
          'A new authenticator secret (QR code and key) waiting for its first code; 409 when already on',
        response: { 201: twoStepEnrolmentSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await identity.twoStep.startEnrolment(userOf(request).id));
    },
  );

  app.post(
    '/profile/two-step/confirm',
    {
      onRequest: app.authenticate,
      preHandler: profileLimit,
      schema: {
        tags,
        summary: "The app's first code turns two-step sign-in on; answers ten recovery codes, shown once",
        body: twoStepConfirmBodySchema,
        response: { 201: recoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const recoveryCodes = await identity.twoStep.confirmEnrolment(userOf(request).id, request.body.code);
      return reply.status(201).send({ recoveryCodes });
    },
  );

  app.post(
    '/profile/two-step/recovery-codes',
    {
      onRequest: app.authenticate,
      preHandler: profileLimit,
      schema: {
        tags,
        summary: 'A current TOTP or recovery code, then ten new recovery codes (the old ones stop working)',
        body: twoStepCodeBodySchema,
        response: { 201: recoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const recoveryCodes = await identity.twoStep.newRecoveryCodes(userOf(request).id, request.body.code);
      return reply.status(201).send({ recoveryCodes });
    },
  );

  app.post(
    '/profile/two-step/disable',
    {
      onRequest: app.authenticate,
      preHandler: [profileLimit, stepUp],
      schema: {
        tags,
        summary: 'A current TOTP or recovery code turns two-step sign-in off',
        body: twoStepCodeBodySchema,
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      await identity.twoStep.disable(userOf(request).id, request.body.code);
      return reply.status(201).send({ success: true as const });
    },
  );
};
