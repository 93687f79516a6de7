import { defineModule } from '../../core/module.ts';
import { createGamesAdmin } from '../catalog/index.ts';
import { createAccountDirectory } from '../identity/index.ts';
import { pendingVerificationCount } from '../kyc/index.ts';
import { pendingWithdrawalCount } from '../payments/index.ts';
import { documentedRtp, observedRtp } from '../studio/index.ts';
import { createRollupReads } from '../wallet/index.ts';
import { createReportsService, type ReportsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsService;
  }
}

export const ROLLUP_JOB = 'reports.rollup';
/** Every five minutes, once across processes: the dashboard's today is at most that old. */
export const ROLLUP_CRON = '*/5 * * * *';

/**
 * The reports as `app.reports`: the daily rollups (a cron job recomputing yesterday and today, once across
 * processes), their lists, the dashboard and the RTP report. Its routes are the back office's
 * (backoffice/areas/dashboard, reports, games).
 */
export const reports = defineModule({
  name: 'reports',
  provides: ['reports'],
  uses: ['identity'],
  async register(app, { identity }) {
    const { db } = app.database;
    const games = createGamesAdmin(db, app.changes);
    const directory = createAccountDirectory(db);
    const service = createReportsService({
      db,
      ledger: createRollupReads(db),
      games: () => games.all(),
      async people(userIds) {
        const [emails, accounts] = await Promise.all([
          directory.emailsOf(userIds),
          Promise.all(userIds.map((id) => identity.accountOf(id))),
        ]);
        return new Map(
          userIds.map((id, i) => [
            id,
            { email: emails.get(id) ?? null, username: accounts[i]?.username ?? null },
          ]),
        );
      },
      pendingWithdrawals: () => pendingWithdrawalCount(db),
      pendingVerifications: () => pendingVerificationCount(db),
      documentedRtp,
      observedRtp: (range) => observedRtp(db, range),
      log: app.log,
    });
    app.decorate('reports', service);
    if (!app.serves('reports')) return;
    await app.jobs.define({ name: ROLLUP_JOB, handler: async () => void (await service.scheduledRollups()) });
    await app.jobs.schedule(ROLLUP_JOB, ROLLUP_CRON);
  },
});
