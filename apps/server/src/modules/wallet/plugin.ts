import { defineModule } from '../../core/module.ts';
import { type Adjustments, createAdjustments } from './adjustments/service.ts';
import { walletRoutes } from './routes.ts';
import { createWalletService, type WalletService } from './service.ts';
import { seedWalletProviders } from './signature.ts';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
    /** Staff balance adjustments with four eyes (the back office's adjustments area). */
    balanceAdjustments: Adjustments;
  }
}

/**
 * The wallet service as `app.wallet`, and the providers' seamless-wallet API under /api/wallet. Each bet's
 * statement reads the player's ban with identity's rule (liveBanExistsText), so a wallet-only process enforces
 * bans too, at once.
 */
/** `now`: the clock bans are read by (identity's, which tests move). */
export const wallet = ({ now }: { now?: () => Date } = {}) =>
  defineModule({
    name: 'wallet',
    provides: ['wallet', 'balanceAdjustments'],
    uses: [],
    async register(app) {
      const service = createWalletService({
        db: app.database.db,
        ...(now ? { banClock: now } : {}),
      });
      await service.ready();
      // Our own studio is part of the product, not demo data: its provider row exists in every deployment.
      await seedWalletProviders(app.database.db);
      app.decorate('wallet', service);
      app.decorate('balanceAdjustments', createAdjustments({ db: app.database.db, wallet: service }));
      if (!app.serves('wallet')) return;
      await app.register(walletRoutes, {
        prefix: '/api/wallet',
        wallet: service,
        studioSecret: app.env.STUDIO_WALLET_SECRET,
      });
    },
  });
