import { serviceBasePaths } from '@paws/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from './provider.ts';
import { paymentsRoutes } from './routes.ts';
import { createPaymentsService, type PaymentsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

export interface PaymentsPluginOptions {
  provider?: PaymentProvider;
  settleDelayMs?: number;
  sweepIntervalMs?: number;
}

/**
 * Payments as `app.payments` (the sandbox provider unless another is given) and the deposit and withdraw
 * calls under the platform base path. At start, withdrawals left pending past the settle delay (a process
 * that stopped) are settled; every process sweeps again periodically.
 */
export const payments = fp(
  async (app: FastifyInstance, options: PaymentsPluginOptions) => {
    const service = createPaymentsService({
      db: app.database.db,
      wallet: app.wallet,
      provider: options.provider,
      settleDelayMs: options.settleDelayMs,
      sweepIntervalMs: options.sweepIntervalMs,
      log: app.log,
    });
    app.decorate('payments', service);
    app.addHook('onReady', async () => {
      try {
        const settled = await service.sweep();
        if (settled > 0) app.log.info({ settled }, 'pending withdrawals settled at start');
      } catch (err) {
        app.log.error({ err }, 'withdrawal sweep at start failed');
      }
      service.startSweeper();
    });
    app.addHook('preClose', () => service.close());
    await app.register(paymentsRoutes, { prefix: serviceBasePaths.platform });
  },
  { name: 'payments', dependencies: ['database', 'wallet', 'authenticate'] },
);
