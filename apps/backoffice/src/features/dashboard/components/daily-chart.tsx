import { Table } from '@mantine/core';
import type { Dashboard } from '@paws/contracts/staff-reports';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsd } from '../../../components/ui';

const lines = [
  { key: 'stakes', name: 'Stakes', color: '#2563eb' },
  { key: 'wins', name: 'Wins', color: '#9333ea' },
  { key: 'ggr', name: 'GGR', color: '#16a34a' },
  { key: 'ngr', name: 'NGR', color: '#0d9488' },
  { key: 'deposits', name: 'Deposits', color: '#ea580c' },
  { key: 'withdrawals', name: 'Withdrawals', color: '#dc2626' },
] as const;

const shortDay = (day: string) => day.slice(5);

/** The daily series as lines, with the same figures in a table for those who do not read charts. */
export function DailyChart({ series }: { series: Dashboard['series'] }) {
  return (
    <figure className="chart" aria-label="Daily figures over 30 days, USD">
      <div style={{ width: '100%', height: 320 }}>
        <ResponsiveContainer>
          <LineChart data={series} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" tickFormatter={shortDay} />
            <YAxis tickFormatter={formatUsd} width={80} />
            <Tooltip formatter={(value) => formatUsd(Number(value))} />
            <Legend />
            {lines.map((line) => (
              <Line
                key={line.key}
                type="monotone"
                dataKey={line.key}
                name={line.name}
                stroke={line.color}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary>Show the figures</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
        <div className="table-scroll" tabIndex={0}>
          <Table aria-label="Daily figures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Day</Table.Th>
                {lines.map((line) => (
                  <Table.Th key={line.key} scope="col">
                    {line.name}
                  </Table.Th>
                ))}
                <Table.Th scope="col">Active players</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {series.map((day) => (
                <Table.Tr key={day.day}>
                  <Table.Td>{day.day}</Table.Td>
                  {lines.map((line) => (
                    <Table.Td key={line.key}>{formatUsd(day[line.key])}</Table.Td>
                  ))}
                  <Table.Td>{day.activePlayers}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
