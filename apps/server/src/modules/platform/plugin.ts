import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { defineModule } from '../../core/module.ts';
import { platformRoutes } from './routes.ts';

/** The platform service's player reads: the signed-in player's data with balances, and their history. */
export const platform = defineModule({
  name: 'platform',
  uses: ['identity', 'wallet', 'payments', 'authenticate'],
  async register(app) {
    if (app.serves('platform')) await app.register(platformRoutes, { prefix: serviceBasePaths.platform });
  },
});
