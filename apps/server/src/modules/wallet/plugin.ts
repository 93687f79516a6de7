import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { walletRoutes } from './routes.ts';
import { createWalletService, type WalletService } from './service.ts';
import { seedWalletProviders } from './signature.ts';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
  }
}

/** The wallet service as `app.wallet`, and the providers' seamless-wallet API under /api/wallet. */
export const wallet = fp(
  async (app: FastifyInstance) => {
    // Identity is registered after the wallet (and absent from a wallet-only app): asked at each bet.
    const service = createWalletService({
      db: app.database.db,
      isBanned: async (userId) => (app.hasDecorator('identity') ? app.identity.isBanned(userId) : false),
    });
    await service.ready();
    // Our own studio is part of the product, not demo data: its provider row exists in every deployment.
    await seedWalletProviders(app.database.db);
    app.decorate('wallet', service);
    if (!app.serves('wallet')) return;
    await app.register(walletRoutes, {
      prefix: '/api/wallet',
      wallet: service,
      studioSecret: app.env.STUDIO_WALLET_SECRET,
    });
  },
  { name: 'wallet', dependencies: ['env', 'database', 'backbone'] },
);
