import { defineModule } from '../../core/module.ts';
import { createStaffCredentials } from '../identity/index.ts';
import { createStaffAuth, type StaffAuth } from './auth/service.ts';
import { createStaffMembers, type StaffMembers } from './members.ts';
import { createStaffSavedFilters, type StaffSavedFilters } from './saved-filters.ts';
import { createStaffService, type StaffService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff roles: grantRole / revokeRole (admins only, audited) and the staff list. */
    staff: StaffService;
    /** Back-office sign-in (password + TOTP), staff sessions, second factors. */
    staffAuth: StaffAuth;
    /** The staff screen: members, invitations. */
    staffMembers: StaffMembers;
    /** A staff member's own named filters of the back office's queues. */
    staffSavedFilters: StaffSavedFilters;
  }
}

/**
 * The staff module: staff members, their roles, and their sign-in with a second factor on sessions of
 * their own. Its HTTP calls are the back office's (modules/backoffice, areas auth and staff).
 */
export const staff = defineModule({
  name: 'staff',
  provides: ['staff', 'staffAuth', 'staffMembers', 'staffSavedFilters'],
  uses: ['identity', 'staffRoles', 'audit', 'messaging'],
  async register(app, { identity, staffRoles, audit, messaging }) {
    const service = createStaffService({ roles: staffRoles, audit });
    const credentials = createStaffCredentials(app.database.db);
    const staffAuth = createStaffAuth({
      db: app.database.db,
      secret: app.env.SECRET,
      credentials,
      audit,
      isBanned: async (userId) => (await identity.accountOf(userId))?.banned ?? true,
    });
    app.decorate('staff', service);
    app.decorate('staffSavedFilters', createStaffSavedFilters(app.database.db));
    app.decorate('staffAuth', staffAuth);
    app.decorate(
      'staffMembers',
      createStaffMembers({
        db: app.database.db,
        staff: service,
        staffAuth,
        credentials,
        audit,
        messaging,
        backOfficeUrl: app.env.BACKOFFICE_URL,
      }),
    );
  },
});
