import { GAME_FRAME_HOST_PARAM } from '@paws/contracts/game-frame';
import {
  ROULETTE_NAMESPACE,
  rouletteTableSchema,
  STUDIO_API_PREFIX,
  STUDIO_PROVIDER_CODE,
  studioApiMessages,
} from '@paws/contracts/studio-api';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { z } from 'zod';
import { defineModule } from '../../core/module.ts';
import { badRequest } from '../../lib/errors.ts';
import { createHttpWalletClient, createInProcessWalletClient, type WalletClient } from '../wallet/index.ts';
import {
  createRouletteTable,
  type RouletteTableDriver,
  type RouletteTimings,
  userRoom,
} from './roulette-table.ts';
import { studioRoutes } from './routes.ts';
import { createStudioService, isApiGame, type StudioService } from './service.ts';

const RECOVER_JOB = 'studio.recover';

declare module 'fastify' {
  interface FastifyInstance {
    studio: { service: StudioService; table: RouletteTableDriver; wallet: WalletClient };
  }
}

export interface StudioPluginOptions {
  roulette?: Partial<RouletteTimings>;
}

/**
 * The studio as a game provider: registered in gameProviders as 'paws-studio', its API under
 * /api/studio, the live roulette table on the '/roulette' namespace. It reaches the operator's money
 * only through the WalletClient contract: in process, or signed HTTP when STUDIO_WALLET_URL is set.
 */
export const studio = (options: StudioPluginOptions = {}) =>
  defineModule({
    name: 'studio',
    provides: ['studio'],
    uses: ['wallet', 'identity', 'gameProviders'],
    async register(app, { wallet: platformWallet, identity, gameProviders }) {
      const wallet = app.env.STUDIO_WALLET_URL
        ? createHttpWalletClient({
            baseUrl: app.env.STUDIO_WALLET_URL,
            providerCode: STUDIO_PROVIDER_CODE,
            secret: app.env.STUDIO_WALLET_SECRET,
          })
        : createInProcessWalletClient(platformWallet, STUDIO_PROVIDER_CODE);
      // The operator's faces are the pages allowed to host the game frame (see docs/decisions.md).
      const hostOrigins = [app.env.PLATFORM_URL, app.env.LANDING_URL].map((url) => new URL(url).origin);
      const recoveryGraceMs = app.env.MONEY_RECOVERY_GRACE_SECONDS * 1000;
      const service = createStudioService({
        db: app.database.db,
        wallet,
        hostOrigins,
        log: app.log,
        recoveryGraceMs,
      });
      const namespace = () => app.io.of(ROULETTE_NAMESPACE);
      const table = createRouletteTable({
        database: app.database,
        studio: service,
        namespace,
        timings: options.roulette,
        log: app.log,
      });
      app.decorate('studio', { service, table, wallet });

      // The operator's side of the integration: it opens the wallet sessions and hands them over.
      gameProviders.register({
        code: STUDIO_PROVIDER_CODE,
        async launchUrl({ sessionToken, gameCode, currency, origin }) {
          if (!isApiGame(gameCode)) throw badRequest('Unknown game', 'gameCode');
          const hostOrigin = service.hostOrigin(origin, 'origin');
          const auth = await platformWallet.authenticate({
            providerCode: STUDIO_PROVIDER_CODE,
            sessionToken,
          });
          const account = await identity.accountOf(auth.userId);
          const extraSessions: Record<string, string> = {};
          if (gameCode === 'wild-paws') {
            const open = async (c: CurrencyCode) =>
              (
                await platformWallet.createGameSession({
                  userId: auth.userId,
                  gameCode,
                  providerCode: STUDIO_PROVIDER_CODE,
                  currency: c,
                })
              ).token;
            extraSessions.FREE_SPINS = await open('FREE_SPINS');
            if (currency !== 'USD') extraSessions.USD = await open('USD');
          }
          const code = await service.createLaunch({
            sessionToken,
            gameCode,
            currency,
            username: account?.username ?? 'Player',
            extraSessions,
          });
          const query = new URLSearchParams({ launch: code, [GAME_FRAME_HOST_PARAM]: hostOrigin });
          return `${origin.replace(/\/+$/, '')}/studio/${gameCode}.html?${query}`;
        },
      });

      if (!app.serves('studio')) return;
      const nsp = namespace();
      nsp.use(async (socket, next) => {
        const token = (socket.handshake.auth as { sessionToken?: unknown } | undefined)?.sessionToken;
        const session = typeof token === 'string' ? await service.findSession(token).catch(() => null) : null;
        if (!session) {
          const err = new Error(studioApiMessages.sessionRequired) as Error & { data?: unknown };
          err.data = { statusCode: 4001 };
          return next(err);
        }
        socket.data.userId = session.userId;
        next();
      });
      nsp.on('connection', async (socket) => {
        await socket.join(userRoom(socket.data.userId as string));
        const state = await table.state().catch(() => null);
        if (state) socket.emit('table', z.encode(rouletteTableSchema, state));
      });

      await app.register(studioRoutes, { prefix: STUDIO_API_PREFIX, studio: service, table });

      // Rounds a stopped process left half-way: every minute across processes, and once just after the grace
      // period following this start, so what a crash left is finished within a minute of the restart.
      await app.jobs.define({ name: RECOVER_JOB, handler: async () => void (await service.recover()) });
      await app.jobs.schedule(RECOVER_JOB, '* * * * *');
      await app.jobs.send(RECOVER_JOB, {}, { startAfter: new Date(Date.now() + recoveryGraceMs + 2_000) });

      app.addHook('onReady', async () => {
        await table.start();
      });
      app.addHook('preClose', async () => {
        await table.stop();
        wallet.close?.();
      });
    },
  });
