import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { defineModule } from '../../core/module.ts';
import { preferencesRoutes } from './routes.ts';
import { createPreferencesService, type PreferencesService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    preferences: PreferencesService;
  }
}

/** The player's My Preferences (game types) under the platform base path. */
export const preferences = defineModule({
  name: 'preferences',
  provides: ['preferences'],
  uses: ['authenticate'],
  async register(app) {
    app.decorate('preferences', createPreferencesService(app.database.db));
    if (app.serves('preferences'))
      await app.register(preferencesRoutes, { prefix: serviceBasePaths.platform });
  },
});
