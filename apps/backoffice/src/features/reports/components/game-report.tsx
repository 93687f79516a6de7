import type { GameReportRow } from '@paws/contracts/staff-reports';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../../components/data-table';
import { formatMoney } from '../../../components/ui';
import type { Query } from '../../../lib/api';
import { gameReportKey } from '../api/report-totals';

const column = createColumnHelper<GameReportRow>();
const money = (key: 'stakes' | 'wins' | 'ggr', header: string) =>
  column.accessor(key, {
    header,
    enableSorting: true,
    cell: (c) => formatMoney(c.getValue(), c.row.original.currency),
  });

const columns = [
  column.accessor('day', { header: 'Day', enableSorting: true }),
  column.accessor('name', {
    header: 'Game',
    enableSorting: false,
    cell: (c) => c.getValue() ?? `${c.row.original.providerCode} / ${c.row.original.gameCode}`,
  }),
  column.accessor('currency', { header: 'Currency', enableSorting: false }),
  money('stakes', 'Stakes'),
  money('wins', 'Wins'),
  money('ggr', 'GGR'),
  column.accessor('bets', { header: 'Bets', enableSorting: true }),
];

export function GameReport({ filters }: { filters: Query }) {
  return (
    <DataTable
      label="Daily rollups per game"
      path="/reports/games"
      queryKey={gameReportKey}
      columns={columns}
      filters={filters}
      defaultSort={{ id: 'day', desc: true }}
      rowKey={(row) => `${row.day}:${row.providerCode}:${row.gameCode}:${row.currency}`}
      emptyText="No play in these days"
    />
  );
}
