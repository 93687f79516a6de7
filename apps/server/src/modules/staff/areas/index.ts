import type { FastifyInstance } from 'fastify';
import { adjustmentsRoutes } from './adjustments/routes.ts';
import { auditAreaRoutes } from './audit/routes.ts';
import { bonusesRoutes } from './bonuses/routes.ts';
import { broadcastsRoutes } from './broadcasts/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { gamesRoutes } from './games/routes.ts';
import { newsAreaRoutes } from './news/routes.ts';
import { playersRoutes } from './players/routes.ts';
import { reconciliationRoutes } from './reconciliation/routes.ts';
import { reportsRoutes } from './reports/routes.ts';
import { ticketsDeskRoutes } from './tickets/routes.ts';
import { verificationsRoutes } from './verifications/routes.ts';
import { withdrawalsRoutes } from './withdrawals/routes.ts';

/** Every back-office area, mounted at /api/staff/<area>. */
export const backOfficeAreas: Record<string, (app: FastifyInstance) => Promise<void>> = {
  dashboard: dashboardRoutes,
  players: playersRoutes,
  withdrawals: withdrawalsRoutes,
  verifications: verificationsRoutes,
  adjustments: adjustmentsRoutes,
  bonuses: bonusesRoutes,
  games: gamesRoutes,
  broadcasts: broadcastsRoutes,
  news: newsAreaRoutes,
  reports: reportsRoutes,
  audit: auditAreaRoutes,
  reconciliation: reconciliationRoutes,
  tickets: ticketsDeskRoutes,
};
