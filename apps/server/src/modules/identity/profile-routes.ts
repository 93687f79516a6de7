import {
  avatarResponseSchema,
  messageResponseSchema,
  profileEditBodySchema,
  profileEditParamsSchema,
  profileEditResponseSchema,
  verifyEmailBodySchema,
  verifyPhoneBodySchema,
} from '@paws/contracts/profile';
import { referralResponseSchema } from '@paws/contracts/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from './authenticate.ts';
import type { IdentityRouteLimits } from './route-kit.ts';

/** Profile edits, the referral code, the e-mail and phone confirmations and the avatar (/profile/*). */
export const profileRoutes: FastifyPluginAsyncZod<IdentityRouteLimits> = async (app, limits) => {
  const { identity } = app;
  const tags = ['identity'];
  const { verifyLimit, profileLimit, verifyPhoneLimit, stepUpForAddress } = limits;

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
};
