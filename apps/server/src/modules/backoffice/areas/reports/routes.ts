import {
  type GameReportRow,
  gameReportQuerySchema,
  type PlayerReportRow,
  playerReportQuerySchema,
  rollupRunBodySchema,
  rollupRunSchema,
} from '@paws/contracts/staff-reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CsvColumn, sendList } from '../../../../lib/staff-lists.ts';
import { actorOf } from '../../../staff/index.ts';
import type { AreaOptions } from '../../deps.ts';

const figureColumns = <
  T extends { stakes: number; wins: number; ggr: number; bets: number },
>(): CsvColumn<T>[] => [
  { header: 'stakes', value: (row) => row.stakes },
  { header: 'wins', value: (row) => row.wins },
  { header: 'ggr', value: (row) => row.ggr },
  { header: 'bets', value: (row) => row.bets },
];

const playerColumns: CsvColumn<PlayerReportRow>[] = [
  { header: 'day', value: (row) => row.day },
  { header: 'playerId', value: (row) => row.userId },
  { header: 'email', value: (row) => row.email },
  { header: 'username', value: (row) => row.username },
  { header: 'currency', value: (row) => row.currency },
  ...figureColumns<PlayerReportRow>(),
  { header: 'deposits', value: (row) => row.deposits },
  { header: 'withdrawals', value: (row) => row.withdrawals },
  { header: 'adjustments', value: (row) => row.adjustments },
  { header: 'bonusCosts', value: (row) => row.bonusCosts },
];

const gameColumns: CsvColumn<GameReportRow>[] = [
  { header: 'day', value: (row) => row.day },
  { header: 'gameId', value: (row) => row.gameId },
  { header: 'provider', value: (row) => row.providerCode },
  { header: 'gameCode', value: (row) => row.gameCode },
  { header: 'name', value: (row) => row.name },
  { header: 'currency', value: (row) => row.currency },
  ...figureColumns<GameReportRow>(),
];

/** The daily rollups, under /api/staff/reports: per player and per game, and a run on demand. */
export async function reportsRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    '/players',
    {
      schema: {
        tags: ['staff'],
        summary: 'Daily rollups per player and currency, with totals; CSV with format=csv',
        querystring: playerReportQuerySchema,
      },
    },
    async (request, reply) =>
      sendList(reply, request.query, (page, limit) => deps.reports.players(request.query, page, limit), {
        name: 'report-players',
        columns: playerColumns,
      }),
  );

  route.get(
    '/games',
    {
      schema: {
        tags: ['staff'],
        summary: 'Daily rollups per game and currency, with totals; CSV with format=csv',
        querystring: gameReportQuerySchema,
      },
    },
    async (request, reply) =>
      sendList(reply, request.query, (page, limit) => deps.reports.games(request.query, page, limit), {
        name: 'report-games',
        columns: gameColumns,
      }),
  );

  route.post(
    '/rollups/run',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Recomputes the rollups of a range of days from the ledger now (default yesterday and today); audited',
        body: rollupRunBodySchema.nullish(),
        response: { 201: rollupRunSchema },
      },
    },
    async (request, reply) => {
      const run = await deps.reports.runRollups(request.body ?? {});
      await deps.audit.record({
        ...actorOf(request),
        action: 'reports.rollup',
        targetType: 'report_rollups',
        targetId: `${run.dateFrom}..${run.dateTo}`,
        after: { changedRows: run.changedRows, playerRows: run.playerRows, gameRows: run.gameRows },
      });
      return reply.status(201).send(run);
    },
  );
}
