import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ObservedRtp } from '../studio/index.ts';
import type { RollupReads } from '../wallet/index.ts';
import { createDashboard } from './dashboard.ts';
import { type CatalogGame, createReportQueries } from './queries.ts';
import { createRollups } from './rollups.ts';
import { createRtpReport } from './rtp.ts';

export interface ReportsDeps {
  db: Db;
  /** The wallet ledger's daily sums. */
  ledger: RollupReads;
  games(): Promise<CatalogGame[]>;
  people(userIds: string[]): Promise<Map<string, { email: string | null; username: string | null }>>;
  pendingWithdrawals(): Promise<{ count: number; amount: number }>;
  pendingVerifications(): Promise<number>;
  documentedRtp(gameCode: string): { rtp: number; note: string } | undefined;
  observedRtp(range: { from?: Date; to?: Date }): Promise<ObservedRtp[]>;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * The reports: daily rollups per player and per game computed from the ledger (rollups.ts), their lists,
 * the dashboard read from them, and the RTP report. Reads other modules only through what it is handed.
 */
export function createReportsService(deps: ReportsDeps) {
  const now = deps.now ?? (() => new Date());
  const rollups = createRollups({ db: deps.db, ledger: deps.ledger, log: deps.log, now });
  const lists = createReportQueries({ db: deps.db, games: deps.games, people: deps.people });
  return {
    runRollups: rollups.run,
    scheduledRollups: rollups.scheduledRun,
    players: lists.players,
    games: lists.games,
    dashboard: createDashboard({
      db: deps.db,
      pendingWithdrawals: deps.pendingWithdrawals,
      pendingVerifications: deps.pendingVerifications,
      now,
    }),
    rtp: createRtpReport({ games: deps.games, documented: deps.documentedRtp, observed: deps.observedRtp }),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
