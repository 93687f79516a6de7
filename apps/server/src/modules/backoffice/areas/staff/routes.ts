import {
  grantRoleBodySchema,
  revokeRoleParamsSchema,
  staffListSchema,
  staffMeSchema,
  userRolesSchema,
} from '@paws/contracts/staff';
import {
  staffInviteBodySchema,
  staffInviteResultSchema,
  staffMembersQuerySchema,
  staffUserParamsSchema,
} from '@paws/contracts/staff-members';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendList } from '../../../../lib/staff-lists.ts';
import { staffOf } from '../../../staff/index.ts';
import type { AreaOptions } from '../../deps.ts';

/**
 * Who am I, and the staff roles (admins), under /api/staff; the route table
 * (packages/contracts/src/staff-routes.ts) names each one's permission.
 */
export async function staffRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/me',
    {
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff account and its roles',
        response: { 200: staffMeSchema },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return { userId: staff.id, roles: staff.roles };
    },
  );

  route.get(
    '/roles',
    {
      schema: {
        tags: ['staff'],
        summary: 'Every staff account with its roles (admins)',
        response: { 200: staffListSchema },
      },
    },
    async () => deps.staff.list(),
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
      const result = await deps.staff.grantRole(staffOf(request), request.body.userId, request.body.role);
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
    async (request) => deps.staff.revokeRole(staffOf(request), request.params.userId, request.params.role),
  );

  route.get(
    '/members',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff members with their roles and second factor (admins); CSV with format=csv',
        querystring: staffMembersQuerySchema,
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        request.query,
        (page, limit) => deps.staffMembers.list({ ...request.query, page, limit }),
        {
          name: 'staff',
          columns: [
            { header: 'userId', value: (row) => row.userId },
            { header: 'email', value: (row) => row.email },
            { header: 'username', value: (row) => row.username },
            { header: 'roles', value: (row) => row.roles.join(' ') },
            { header: 'secondFactor', value: (row) => row.hasSecondFactor },
          ],
        },
      ),
  );

  route.post(
    '/members',
    {
      schema: {
        tags: ['staff'],
        summary: 'Invites a staff member by e-mail, or gives an existing account the roles (admins); audited',
        body: staffInviteBodySchema,
        response: { 201: staffInviteResultSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await deps.staffMembers.invite(staffOf(request), request.body)),
  );

  route.delete(
    '/members/:userId/second-factor',
    {
      schema: {
        tags: ['staff'],
        summary: "Resets an account's second factor: its next sign-in enrols anew (admins); audited",
        params: staffUserParamsSchema,
      },
    },
    async (request) => deps.staffAuth.resetSecondFactor(staffOf(request), request.params.userId),
  );
}
