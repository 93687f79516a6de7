import type { GameReportPage, PlayerReportPage } from '@paws/contracts/staff-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api';

/** The lists' query keys (DataTable adds its path, page and sort). */
export const playerReportKey = 'report-players';
export const gameReportKey = 'report-games';

export type ReportKind = 'players' | 'games';
type ReportPage<K extends ReportKind> = K extends 'players' ? PlayerReportPage : GameReportPage;

/**
 * The totals over every row the filters match, and for players the US dollar summary the dashboard shows (the
 * list answers them beside its first row).
 */
export const getReportTotals = <K extends ReportKind>(kind: K, filters: Query) =>
  api.get<ReportPage<K>>(`/reports/${kind}`, { ...filters, limit: 1 }).then((page) => ({
    totals: page.totals as ReportPage<K>['totals'],
    usdSummary: 'usdSummary' in page ? page.usdSummary : undefined,
  }));

export const reportTotalsQuery = <K extends ReportKind>(kind: K, filters: Query) =>
  queryOptions({
    queryKey: [kind === 'players' ? playerReportKey : gameReportKey, 'totals', filters],
    queryFn: () => getReportTotals(kind, filters),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useReportTotals = <K extends ReportKind>(kind: K, filters: Query) =>
  useQuery(reportTotalsQuery(kind, filters));
