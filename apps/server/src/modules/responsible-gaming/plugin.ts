import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { toMinor } from '@paws/contracts/wallet';
import { defineModule } from '../../core/module.ts';
import { addActivity, foldActivity } from './harm-activity.ts';
import { registerFromEnv } from './national-register.ts';
import { createPlaySessions } from './play-session.ts';
import { playSessionRoutes } from './play-session-routes.ts';
import { createRealityChecks } from './reality-check.ts';
import { createRegisterChecks } from './register-checks.ts';
import { createRestrictions } from './restrictions.ts';
import { responsibleGamingRoutes } from './routes.ts';
import { createResponsibleGamingService, type ResponsibleGamingService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    responsibleGaming: ResponsibleGamingService;
  }
}

const APPLY_JOB = 'responsible-gaming.apply-due';
const HARM_JOB = 'responsible-gaming.harm-score';
/** Daily at 06:30 UTC: after the night hours (00:00 to 06:00) the night-play marker counts. */
const HARM_CRON = '30 6 * * *';

/**
 * The player's limits as `app.responsibleGaming` and their routes. Bets are checked inside the wallet's bet
 * statement (play-statements.ts), deposits by payments through claimDeposit. A job makes due raises the limit
 * every few minutes; every read already applies them, so the job only tidies.
 */
/** `now`: the clock limits are read by (identity's, which tests move). */
export const responsibleGaming = ({ now }: { now?: () => Date } = {}) =>
  defineModule({
    name: 'responsible-gaming',
    provides: ['responsibleGaming'],
    uses: ['authenticate', 'identity', 'audit'],
    async register(app, { identity, audit }) {
      const clock = now ?? (() => new Date());
      const service = createResponsibleGamingService({ db: app.database.db, now: clock });
      const restrictions = createRestrictions({ identity, now: clock });
      app.decorate('responsibleGaming', service);
      // Every process signing players in asks the national register, whether or not it serves this module.
      const register = registerFromEnv(app.env);
      if (app.env.isProduction && register.name === 'sandbox')
        app.log.warn('SELF_EXCLUSION_REGISTER_URL is unset: the sandbox self-exclusion register answers');
      identity.setSignInGate(
        createRegisterChecks({ db: app.database.db, now: clock, register, identity, audit, log: app.log })
          .gate,
      );
      // A deposit limit chosen in the sign-up form is set once the account exists, as the player's own.
      identity.setSignUpChoicesHandler(async (account, { depositLimit }) => {
        if (!depositLimit) return;
        await service.changeLimit(account.userId, {
          kind: 'DEPOSIT',
          period: depositLimit.period,
          amount: toMinor(depositLimit.amount, 'USD') as number,
        });
      });
      if (!app.serves('responsible-gaming')) return;
      await app.jobs.define({ name: APPLY_JOB, handler: async () => void (await service.applyDueChanges()) });
      await app.jobs.schedule(APPLY_JOB, '*/5 * * * *');
      // The markers of harm: facts folded from the wallet's movements, scored daily once the night is over.
      await app.events.subscribe('responsible-gaming.harm-activity', {
        mode: 'batch',
        handle: async (events, tx) => void (await addActivity(tx, foldActivity(events))),
      });
      await app.jobs.define({ name: HARM_JOB, handler: async () => void (await service.scoreHarmMarkers()) });
      await app.jobs.schedule(HARM_JOB, HARM_CRON);
      await app.register(responsibleGamingRoutes, {
        prefix: serviceBasePaths.platform,
        service,
        restrictions,
      });
      await app.register(playSessionRoutes, {
        prefix: serviceBasePaths.platform,
        playSessions: createPlaySessions({
          db: app.database.db,
          now: clock,
          secondsPerMinute: app.env.REALITY_CHECK_MINUTE_SECONDS,
        }),
        realityChecks: createRealityChecks({ db: app.database.db, now: clock }),
        sessionTimeLimits: { change: service.changePlayTimeLimit },
      });
    },
  });
