import { defineModule } from '../../core/module.ts';
import { healthRoutes } from './routes.ts';

/** /healthz and /readyz, in every process (the wallet-only one included). */
export const health = defineModule({
  name: 'health',
  uses: [],
  async register(app) {
    await app.register(healthRoutes);
  },
});
