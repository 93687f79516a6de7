import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { defineModule } from '../../core/module.ts';
import { backfillCounters, countersCutoff } from './backfill.ts';
import { foldEvents } from './counters.ts';
import { onboardingRewardRoutes } from './onboarding-reward.ts';
import { registerReferrals } from './referrals.ts';
import { bonusesRoutes } from './routes.ts';
import { seedBonusRules } from './seed.ts';
import { type BonusesService, createBonusesService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    bonuses: BonusesService;
  }
}

/**
 * The bonus engine: rules seeded at start, each player's running counters kept from the committed bets, wins,
 * deposits and account steps (domain events), rewards credited through the wallet when a target is reached.
 */
export const bonuses = defineModule({
  name: 'bonuses',
  provides: ['bonuses'],
  uses: ['wallet', 'identity', 'payments', 'audit', 'authenticate'],
  async register(app, { wallet, identity, payments, audit }) {
    const db = app.database.db;
    await seedBonusRules(db);
    const service = createBonusesService({ db, wallet, accounts: identity, audit });
    app.decorate('bonuses', service);
    await registerReferrals(app, service);
    if (!app.serves('bonuses')) return;
    const cutoff = (await countersCutoff(db)).getTime();
    // A batch's events fold into one counters delta per player, merged by one upsert in the transaction
    // that records the batch in the inbox: each event counts once, whatever the redeliveries.
    await app.events.subscribe('bonuses.progress', {
      mode: 'batch',
      handle: async (events, tx) => {
        // Events before the cut-off are in the back-filled figures.
        const fresh = events.filter((event) => Date.parse(event.createdAt) >= cutoff);
        const applied = await service.applyEvents(tx, foldEvents(fresh));
        return applied.afterCommit;
      },
    });
    const backfill = backfillCounters(
      { db, wallet, accounts: identity, payments, now: () => new Date() },
      new Date(cutoff),
      app.log,
    ).catch((err) => app.log.error({ err }, 'bonus counters back-fill failed; it resumes at the next start'));
    app.addHook('onClose', () => backfill);
    await app.register(bonusesRoutes, { prefix: serviceBasePaths.bonuses });
    await app.register(onboardingRewardRoutes, { prefix: serviceBasePaths.bonuses });
  },
});
