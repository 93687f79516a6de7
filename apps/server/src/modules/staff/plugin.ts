import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStaffCredentials } from '../identity/index.ts';
import { type BackOfficeRoute, guardBackOffice } from './access-hooks.ts';
import { backOfficeAreas } from './areas/index.ts';
import { staffAuthRoutes } from './auth/routes.ts';
import { createStaffAuth, type StaffAuth } from './auth/service.ts';
import { createStaffMembers, type StaffMembers } from './members.ts';
import { staffRoutes } from './routes.ts';
import { createStaffService, type StaffService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff roles: grantRole / revokeRole (admins only, audited) and the staff list. */
    staff: StaffService;
    /** Back-office sign-in (password + TOTP), staff sessions, second factors. */
    staffAuth: StaffAuth;
    /** The staff screen: members, invitations. */
    staffMembers: StaffMembers;
    /** Every back-office endpoint with its permission, as registered. */
    backOfficeRoutes: BackOfficeRoute[];
  }
}

/**
 * The back office's server side (the staff module): staff sign-in with a second factor, staff sessions on
 * their own cookie, and every back-office area under /api/staff, each route guarded by the role matrix
 * (packages/contracts/src/staff-permissions.ts).
 */
export const staff = fp(
  async (app: FastifyInstance) => {
    app.decorate('staff', createStaffService({ roles: app.staffRoles, audit: app.audit }));
    const credentials = createStaffCredentials(app.database.db);
    app.decorate(
      'staffAuth',
      createStaffAuth({
        db: app.database.db,
        secret: app.env.SECRET,
        credentials,
        audit: app.audit,
        isBanned: async (userId) => (await app.identity.accountOf(userId))?.banned ?? true,
      }),
    );
    app.decorate(
      'staffMembers',
      createStaffMembers({
        db: app.database.db,
        staff: app.staff,
        staffAuth: app.staffAuth,
        credentials,
        audit: app.audit,
        messaging: app.messaging,
        backOfficeUrl: app.env.BACKOFFICE_URL,
      }),
    );
    app.decorate('backOfficeRoutes', []);
    if (!app.serves('staff')) return;
    await app.register(
      async (backOffice) => {
        guardBackOffice(backOffice, app.backOfficeRoutes);
        await backOffice.register(staffAuthRoutes, { prefix: '/auth' });
        await backOffice.register(staffRoutes);
        for (const [area, routes] of Object.entries(backOfficeAreas)) {
          await backOffice.register(routes, { prefix: `/${area}` });
        }
      },
      { prefix: STAFF_API_PREFIX },
    );
  },
  {
    name: 'staff',
    dependencies: ['backbone', 'identity-service', 'audit', 'rate-limiting', 'messaging', '@fastify/cookie'],
  },
);
