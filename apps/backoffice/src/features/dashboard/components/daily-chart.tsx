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
          <table aria-label="Daily figures">
            <thead>
              <tr>
                <th scope="col">Day</th>
                {lines.map((line) => (
                  <th key={line.key} scope="col">
                    {line.name}
                  </th>
                ))}
                <th scope="col">Active players</th>
              </tr>
            </thead>
            <tbody>
              {series.map((day) => (
                <tr key={day.day}>
                  <td>{day.day}</td>
                  {lines.map((line) => (
                    <td key={line.key}>{formatUsd(day[line.key])}</td>
                  ))}
                  <td>{day.activePlayers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
