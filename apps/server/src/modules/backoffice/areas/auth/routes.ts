import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import {
  STAFF_SESSION_COOKIE,
  staffLoginBodySchema,
  staffLoginResponseSchema,
  staffSessionMeSchema,
  staffSessionSchema,
  staffVerifyBodySchema,
  staffVerifyResponseSchema,
} from '@paws/contracts/staff-auth';
import { staffAcceptInviteBodySchema } from '@paws/contracts/staff-members';
import { hasPermission, staffPermissionNames } from '@paws/contracts/staff-permissions';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_SESSION_MAX_MS, staffOf } from '../../../staff/index.ts';
import type { AreaOptions } from '../../deps.ts';

const meOf = (actor: { id: string; email: string | null; roles: Parameters<typeof hasPermission>[0] }) => ({
  userId: actor.id,
  email: actor.email,
  roles: [...actor.roles],
  permissions: staffPermissionNames.filter((permission) => hasPermission(actor.roles, permission)),
});

/** /api/staff/auth: the password step, the code step, who am I, sign out. */
export async function staffAuthRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const policy = {
    ip: { points: 20 * app.env.RATE_LIMIT_IP_SCALE, durationSeconds: 60 },
    account: { points: 5, durationSeconds: 60 },
  };
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(STAFF_SESSION_COOKIE, token, {
      path: STAFF_API_PREFIX,
      httpOnly: true,
      sameSite: 'strict',
      secure: app.env.isProduction,
      maxAge: STAFF_SESSION_MAX_MS / 1000,
    });

  route.post(
    '/login',
    {
      preHandler: deps.rateLimiting.hook(
        'staff:login',
        policy,
        (request) => (request.body as { email?: string }).email,
      ),
      schema: {
        tags: ['staff'],
        summary: 'Back-office sign-in, step 1: e-mail and password (staff accounts only)',
        body: staffLoginBodySchema,
        response: { 201: staffLoginResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await deps.staffAuth.startSignIn(request.body.email, request.body.password)),
  );

  route.post(
    '/verify',
    {
      preHandler: deps.rateLimiting.hook('staff:verify', { ip: policy.ip }),
      schema: {
        tags: ['staff'],
        summary:
          'Back-office sign-in, step 2: a TOTP code (enrolling the factor at the first sign-in) or a recovery code',
        body: staffVerifyBodySchema,
        response: { 201: staffVerifyResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await deps.staffAuth.finishSignIn(request.body.challengeId, request.body.code, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setCookie(reply, result.token);
      return reply.status(201).send({
        me: meOf({ id: result.account.userId, email: result.account.email, roles: result.account.roles }),
        ...(result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : {}),
      });
    },
  );

  route.get(
    '/me',
    {
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff member, roles and permissions',
        response: { 200: staffSessionMeSchema },
      },
    },
    async (request) => meOf(staffOf(request)),
  );

  route.get(
    '/session',
    {
      schema: {
        tags: ['staff'],
        summary:
          'The signed-in staff member, or { me: null } without a session (200 either way: the cold load of the back office asks this)',
        response: { 200: staffSessionSchema },
      },
    },
    async (request) => {
      const actor = await deps.staffAuth.actorFor(request.cookies[STAFF_SESSION_COOKIE], request.ip);
      return { me: actor ? meOf(actor) : null };
    },
  );

  route.post(
    '/logout',
    { schema: { tags: ['staff'], summary: 'Ends this back-office session' } },
    async (request, reply) => {
      await deps.staffAuth.signOut(staffOf(request));
      reply.clearCookie(STAFF_SESSION_COOKIE, { path: STAFF_API_PREFIX });
      return reply.status(201).send({});
    },
  );

  route.post(
    '/invite/accept',
    {
      preHandler: deps.rateLimiting.hook('staff:invite', policy),
      schema: {
        tags: ['staff'],
        summary: 'An invited staff member sets a password; the account is created with the invited roles',
        body: staffAcceptInviteBodySchema,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await deps.staffMembers.accept(request.body.token, request.body.password)),
  );
}
