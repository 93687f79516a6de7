import type { FastifyInstance } from 'fastify';
import { responsibleGamingStaffRoutes } from '../../responsible-gaming/index.ts';
import type { AreaOptions } from '../deps.ts';
import { adjustmentsRoutes } from './adjustments/routes.ts';
import { auditAreaRoutes } from './audit/routes.ts';
import { staffAuthRoutes } from './auth/routes.ts';
import { bonusesRoutes } from './bonuses/routes.ts';
import { broadcastsRoutes } from './broadcasts/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { factorRemovalsRoutes } from './factor-removals/routes.ts';
import { gamesRoutes } from './games/routes.ts';
import { newsAreaRoutes } from './news/routes.ts';
import { playersRoutes } from './players/routes.ts';
import { reconciliationRoutes } from './reconciliation/routes.ts';
import { reportsRoutes } from './reports/routes.ts';
import { savedFiltersRoutes } from './saved-filters/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { ticketsDeskRoutes } from './tickets/routes.ts';
import { verificationsRoutes } from './verifications/routes.ts';
import { withdrawalsRoutes } from './withdrawals/routes.ts';

/** Every back-office area, mounted at /api/staff/<area> (the staff screen's own calls at /api/staff). */
export const backOfficeAreas: Record<string, (app: FastifyInstance, options: AreaOptions) => Promise<void>> =
  {
    auth: staffAuthRoutes,
    staff: staffRoutes,
    dashboard: dashboardRoutes,
    players: playersRoutes,
    withdrawals: withdrawalsRoutes,
    verifications: verificationsRoutes,
    adjustments: adjustmentsRoutes,
    'factor-removals': factorRemovalsRoutes,
    bonuses: bonusesRoutes,
    games: gamesRoutes,
    broadcasts: broadcastsRoutes,
    news: newsAreaRoutes,
    reports: reportsRoutes,
    audit: auditAreaRoutes,
    reconciliation: reconciliationRoutes,
    tickets: ticketsDeskRoutes,
    search: searchRoutes,
    'saved-filters': savedFiltersRoutes,
    'responsible-gaming': (app, { deps }) => responsibleGamingStaffRoutes(app, deps),
  };
