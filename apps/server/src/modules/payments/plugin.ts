import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { defineModule } from '../../core/module.ts';
import { createSandboxPaymentProvider, type PaymentProvider as Provider } from './provider.ts';
import { paymentsRoutes } from './routes.ts';
import { createPaymentsService, type PaymentsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

export interface PaymentsPluginOptions {
  provider?: Provider;
  settleDelayMs?: number;
}

const SETTLE_JOB = 'payments.settle';
const SWEEP_JOB = 'payments.sweep';

/**
 * Payments as `app.payments` (the sandbox provider where PAYMENTS_SANDBOX allows, unless another is given) and the deposit and withdraw
 * calls under the platform base path. An accepted payout is settled by a job queued for after the settle
 * delay (it survives a restart); a cron job settles, once a minute across all processes, any withdrawal
 * still pending past the delay.
 */
export const payments = (options: PaymentsPluginOptions = {}) =>
  defineModule({
    name: 'payments',
    provides: ['payments'],
    uses: ['wallet', 'identity', 'authenticate', 'responsibleGaming'],
    async register(app, { wallet, identity, responsibleGaming }) {
      const service = createPaymentsService({
        db: app.database.db,
        wallet,
        // Without a provider given, the sandbox only where PAYMENTS_SANDBOX allows it (never by default in
        // production, where it would credit deposits with no money behind them).
        provider: options.provider ?? (app.env.PAYMENTS_SANDBOX ? createSandboxPaymentProvider() : null),
        verified: async (userId) => (await identity.userData(userId)).verificationType === 'APPROVED',
        settleDelayMs: options.settleDelayMs,
        depositGraceMs: app.env.MONEY_RECOVERY_GRACE_SECONDS * 1000,
        scheduleSettlement: (paymentId, delayMs) =>
          app.jobs.send(SETTLE_JOB, { paymentId }, { startAfter: new Date(Date.now() + delayMs) }),
        log: app.log,
        depositLimits: responsibleGaming,
      });
      app.decorate('payments', service);
      if (!app.serves('payments')) return;
      await app.jobs.define<{ paymentId: string }>({
        name: SETTLE_JOB,
        concurrency: 2,
        handler: ({ paymentId }) => service.settle(paymentId),
      });
      await app.jobs.define({
        name: SWEEP_JOB,
        handler: async () => {
          const settled = await service.sweep();
          if (settled > 0) app.log.info({ settled }, 'pending withdrawals settled by the sweep');
        },
      });
      await app.jobs.schedule(SWEEP_JOB, '* * * * *');
      // Once just after the grace period following this start: what a crash left is finished within a minute.
      await app.jobs.send(
        SWEEP_JOB,
        {},
        { startAfter: new Date(Date.now() + app.env.MONEY_RECOVERY_GRACE_SECONDS * 1000 + 2_000) },
      );
      await app.register(paymentsRoutes, {
        prefix: serviceBasePaths.platform,
        requireStepUp: identity.requireStepUp,
      });
    },
  });
