import type { PlayerReportRow } from '@paws/contracts/staff-reports';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { formatMoney } from '../../../components/ui';
import type { Query } from '../../../lib/api';
import { playerReportKey } from '../api/report-totals';

const column = createColumnHelper<PlayerReportRow>();
const money = (
  key: 'stakes' | 'wins' | 'ggr' | 'deposits' | 'withdrawals' | 'adjustments' | 'bonusCosts',
  header: string,
) =>
  column.accessor(key, {
    header,
    enableSorting: true,
    cell: (c) => formatMoney(c.getValue(), c.row.original.currency),
  });

const columns = [
  column.accessor('day', { header: 'Day', enableSorting: true }),
  column.accessor('email', {
    header: 'Player',
    enableSorting: false,
    cell: (c) => (
      <Link to={`/players/${c.row.original.userId}`}>
        {c.getValue() ?? c.row.original.username ?? c.row.original.userId}
      </Link>
    ),
  }),
  column.accessor('currency', { header: 'Currency', enableSorting: false }),
  money('stakes', 'Stakes'),
  money('wins', 'Wins'),
  money('ggr', 'GGR'),
  column.accessor('bets', { header: 'Bets', enableSorting: true }),
  money('deposits', 'Deposits'),
  money('withdrawals', 'Withdrawals'),
  money('adjustments', 'Adjustments'),
  money('bonusCosts', 'Bonus costs'),
];

export function PlayerReport({ filters }: { filters: Query }) {
  return (
    <DataTable
      label="Daily rollups per player"
      path="/reports/players"
      queryKey={playerReportKey}
      columns={columns}
      filters={filters}
      defaultSort={{ id: 'day', desc: true }}
      rowKey={(row) => `${row.day}:${row.userId}:${row.currency}`}
      emptyText="No play or payments in these days"
    />
  );
}
