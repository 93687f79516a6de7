import {
  grantRoleBodySchema,
  revokeRoleParamsSchema,
  type StaffRole,
  staffListSchema,
  staffMeSchema,
  staffRoles,
  userRolesSchema,
} from '@paws/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/authenticate.ts';
import { auditRoutes } from '../audit/index.ts';

const anyStaffRole = staffRoles as readonly StaffRole[] as [StaffRole, ...StaffRole[]];

/**
 * The staff API under /api/staff, one subtree per permission (the role matrix in docs/decisions.md): any
 * staff role may ask who it is; only admins manage roles and read the audit log.
 */
export async function staffRoutes(app: FastifyInstance) {
  await app.register(async (staff) => {
    staff.addHook('onRequest', app.authorize(...anyStaffRole));
    staff.withTypeProvider<ZodTypeProvider>().get(
      '/me',
      {
        schema: {
          tags: ['staff'],
          summary: 'The signed-in staff account and its roles',
          response: { 200: staffMeSchema },
        },
      },
      async (request) => {
        const user = userOf(request);
        return { userId: user.id, roles: user.staffRoles };
      },
    );
  });

  await app.register(async (admins) => {
    admins.addHook('onRequest', app.authorize('admin'));
    const route = admins.withTypeProvider<ZodTypeProvider>();

    route.get(
      '/roles',
      {
        schema: {
          tags: ['staff'],
          summary: 'Every staff account with its roles (admins)',
          response: { 200: staffListSchema },
        },
      },
      async () => app.staff.list(),
    );

    route.post(
      '/roles',
      {
        schema: {
          tags: ['staff'],
          summary: 'Grants a staff role (admins); audited',
          body: grantRoleBodySchema,
          response: { 201: userRolesSchema },
        },
      },
      async (request, reply) => {
        const actor = { id: userOf(request).id, ip: request.ip };
        const result = await app.staff.grantRole(actor, request.body.userId, request.body.role);
        return reply.status(201).send(result);
      },
    );

    route.delete(
      '/roles/:userId/:role',
      {
        schema: {
          tags: ['staff'],
          summary: 'Revokes a staff role (admins); audited',
          params: revokeRoleParamsSchema,
          response: { 200: userRolesSchema },
        },
      },
      async (request) => {
        const actor = { id: userOf(request).id, ip: request.ip };
        return app.staff.revokeRole(actor, request.params.userId, request.params.role);
      },
    );

    await admins.register(auditRoutes, { prefix: '/audit' });
  });
}
