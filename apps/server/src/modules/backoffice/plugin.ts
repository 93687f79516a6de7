import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import { defineModule } from '../../core/module.ts';
import { type BackOfficeRoute, guardBackOffice } from './access-hooks.ts';
import { backOfficeAreas } from './areas/index.ts';
import { backOfficeUses } from './deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every back-office endpoint with its permission, as registered. */
    backOfficeRoutes: BackOfficeRoute[];
  }
}

/**
 * The back office's HTTP side: every area under /api/staff (staff sign-in included), on the back-office
 * origin only, each route guarded by the permission the route table (packages/contracts/src/staff-routes.ts)
 * gives it. The areas are thin: each behaviour lives in the module that owns its data, and the back office
 * composes them, so it is registered after them.
 */
export const backOffice = defineModule({
  name: 'backoffice',
  provides: ['backOfficeRoutes'],
  uses: backOfficeUses,
  async register(app, deps) {
    app.decorate('backOfficeRoutes', []);
    // The staff module's part of the manifest: SERVICES=staff serves the back office.
    if (!app.serves('staff')) return;
    await app.register(
      async (backOffice) => {
        guardBackOffice(backOffice, app.backOfficeRoutes);
        for (const [area, routes] of Object.entries(backOfficeAreas)) {
          await backOffice.register(routes, { prefix: area === 'staff' ? '' : `/${area}`, deps });
        }
      },
      { prefix: STAFF_API_PREFIX },
    );
  },
});
