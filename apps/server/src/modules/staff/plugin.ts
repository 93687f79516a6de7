import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { staffRoutes } from './routes.ts';
import { createStaffService, type StaffService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff roles: grantRole / revokeRole (admins only, audited) and the staff list. */
    staff: StaffService;
  }
}

/** The staff module: role management and the audit log's read API, under /api/staff. */
export const staff = fp(
  async (app: FastifyInstance) => {
    app.decorate('staff', createStaffService({ roles: app.staffRoles, audit: app.audit }));
    if (app.serves('staff')) await app.register(staffRoutes, { prefix: STAFF_API_PREFIX });
  },
  { name: 'staff', dependencies: ['backbone', 'identity-service', 'authorize', 'audit'] },
);
