import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { defineModule } from '../../core/module.ts';
import { GameProviderRegistry } from './providers.ts';
import { catalogRoutes } from './routes.ts';

/**
 * The catalogue: the lobby's games, favourites and launches under /api/platform, and the registry of game
 * providers (app.gameProviders) each provider module adds itself to.
 */
export const catalog = defineModule({
  name: 'catalog',
  provides: ['gameProviders'],
  uses: ['identity', 'wallet', 'authenticate'],
  async register(app) {
    app.decorate('gameProviders', new GameProviderRegistry());
    if (app.serves('catalog')) await app.register(catalogRoutes, { prefix: serviceBasePaths.platform });
  },
});
