import {
  bonusesResponseSchema,
  userBonusesQuerySchema,
  userBonusesResponseSchema,
} from '@paws/contracts/bonuses';
import { apiErrorSchema } from '@paws/contracts/errors';
import { serviceBasePaths } from '@paws/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/authenticate.ts';
import type { SubscribedEvent } from '../manifest.ts';
import { onboardingRewardRoutes } from './onboarding-reward.ts';
import { registerReferrals } from './referrals.ts';
import { seedBonusRules } from './seed.ts';
import { type BonusesService, createBonusesService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    bonuses: BonusesService;
  }
}

/** The bonuses service's calls (spec 001 §7), under /api/bonuses: the caller's own standing and bonuses. */
const bonusesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bonuses'];

  app.get(
    '/profile/bonuses',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The player's bonuses: daily run, weekly, monthly and win-bet progress, welcome tasks",
        response: { 200: bonusesResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.bonuses.overview(userOf(request).id);
    },
  );

  app.get(
    '/user-bonuses',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The player's credited bonuses, newest first",
        querystring: userBonusesQuerySchema,
        response: { 200: userBonusesResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.bonuses.list(userOf(request).id, request.query);
    },
  );
};

/**
 * The bonus engine: rules seeded at start, the player re-evaluated on each committed bet, win, deposit or
 * account step (domain events) and on every GET /profile/bonuses, rewards credited through the wallet.
 */
export const bonuses = fp(
  async (app: FastifyInstance) => {
    await seedBonusRules(app.database.db);
    const service = createBonusesService({
      db: app.database.db,
      wallet: app.wallet,
      accounts: app.identity,
      payments: app.payments,
      audit: app.audit,
    });
    app.decorate('bonuses', service);
    await registerReferrals(app, service);
    if (!app.serves('bonuses')) return;
    // Bets, wins, deposits and account steps re-evaluate the player. Evaluating is idempotent (each
    // bonus is credited once per period by a unique key), so a repeated delivery credits nothing more.
    const counts = (event: SubscribedEvent<'bonuses.progress'>) =>
      event.name !== 'payments.result' ||
      (event.payload.type === 'DEPOSIT' && event.payload.status === 'COMPLETED');
    await app.events.subscribe('bonuses.progress', {
      mode: 'idempotent',
      // One evaluation per player for all of a batch's events: it reads the player's totals afresh.
      key: (event) => (counts(event) ? event.payload.userId : event.id),
      handle: async (event) => {
        if (counts(event)) await service.evaluate(event.payload.userId);
      },
    });
    await app.register(bonusesRoutes, { prefix: serviceBasePaths.bonuses });
    await app.register(onboardingRewardRoutes, { prefix: serviceBasePaths.bonuses });
  },
  {
    name: 'bonuses',
    dependencies: ['database', 'backbone', 'wallet', 'identity', 'payments', 'authenticate', 'audit'],
  },
);
