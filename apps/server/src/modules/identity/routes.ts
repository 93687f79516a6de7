import fastifyMultipart from '@fastify/multipart';
import { normalizePhone } from '@paws/contracts/auth';
import { AVATAR_MAX_BYTES } from '@paws/contracts/profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimitPolicy } from '../../plugins/rate-limit.ts';
import { acceptEmptyJsonBody } from './empty-json-body.ts';
import { profileRoutes } from './profile-routes.ts';
import type { IdentityRateLimitName } from './rate-limits.ts';
import { type IdentityRouteLimits, signedInUserOf } from './route-kit.ts';
import { sessionRoutes } from './session-routes.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { stepUpRoutes } from './step-up-routes.ts';

export interface IdentityRoutesOptions {
  rateLimits: Record<IdentityRateLimitName, RateLimitPolicy>;
}

/** The account a credential or code call is about, for its per-account limit. */
const accountOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown; phone?: unknown } | undefined;
  if (typeof body?.email === 'string') return `email:${body.email}`;
  if (typeof body?.phone === 'string') return `phone:${normalizePhone(body.phone)}`;
  return undefined;
};
/**
 * Password tries count per account and address: a stranger's failures elsewhere cannot lock the owner out
 * (a right password only sends a link or code to the owner, so it signs nobody else in).
 */
const accountFromAddressOf = (request: FastifyRequest) => {
  const account = accountOf(request);
  return account ? `${account}@${request.ip}` : undefined;
};

export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, { rateLimits }) => {
  const { identity } = app;
  const limit = (name: IdentityRateLimitName, account = accountOf) =>
    app.rateLimiting.hook(`identity:${name}`, rateLimits[name], account);
  const loginLimit = limit('login', accountFromAddressOf);
  const registrationLimit = limit('registration');
  const resetLimit = limit('resetPassword');
  const verifyLimit = limit('verify');
  const profileLimit = limit('profile', signedInUserOf);
  const verifyPhoneLimit = limit('verify', signedInUserOf);
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

  const limits: IdentityRouteLimits = {
    loginLimit,
    registrationLimit,
    resetLimit,
    verifyLimit,
    profileLimit,
    verifyPhoneLimit,
    stepUp,
    stepUpForAddress,
  };
  await app.register(signInRoutes, limits);
  await app.register(profileRoutes, limits);
  await app.register(sessionRoutes, limits);
};
