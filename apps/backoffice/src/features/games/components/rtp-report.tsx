import { Table } from '@mantine/core';
import type { RtpRow } from '@paws/contracts/staff-reports';
import { useState } from 'react';
import { Badge, Card, ErrorView, Field, formatMoney, Input, Loading } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useRtp } from '../api/get-rtp';

const pct = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)}%`);

/** Whether the documented RTP lies inside the observed 95% interval (null: too few rounds to say). */
function verdict(row: RtpRow) {
  if (row.documentedRtp === null || row.interval === null) return null;
  return row.documentedRtp >= row.interval.low && row.documentedRtp <= row.interval.high;
}

/** Documented RTP beside the observed one per game, with rounds and a 95% interval. */
export function RtpReport() {
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const rtp = useRtp({ dateFrom: dateFrom || undefined, dateTo: dateTo || undefined });
  const problem = rtp.isError ? errorOf(rtp.error) : null;

  return (
    <Card title="RTP report">
      <p className="field-hint">
        Observed RTP is wins ÷ stakes over the settled rounds (USD; a free spin counts its notional stake).
        The interval is the 95% interval of the mean per-round return (win ÷ stake): mean ± 1.96 × sd ÷
        √rounds. A documented RTP outside it after many rounds deserves a look; a few hundred rounds say
        little.
      </p>
      <div className="filters">
        <Field label="Rounds from" error={problem?.field === 'dateFrom' ? problem.message : undefined}>
          {(props) => (
            <Input {...props} type="date" value={dateFrom} onChange={(e) => setDateFrom(e.target.value)} />
          )}
        </Field>
        <Field label="Rounds to" error={problem?.field === 'dateTo' ? problem.message : undefined}>
          {(props) => (
            <Input {...props} type="date" value={dateTo} onChange={(e) => setDateTo(e.target.value)} />
          )}
        </Field>
      </div>
      {rtp.isPending ? <Loading /> : null}
      {problem && !problem.field ? (
        <ErrorView message={problem.message} onRetry={() => rtp.refetch()} />
      ) : null}
      {rtp.data ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <div className="table-scroll" tabIndex={0}>
          <Table aria-label="RTP per game">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Game</Table.Th>
                <Table.Th scope="col">Documented</Table.Th>
                <Table.Th scope="col">Observed</Table.Th>
                <Table.Th scope="col">Rounds</Table.Th>
                <Table.Th scope="col">95% interval</Table.Th>
                <Table.Th scope="col">Stakes</Table.Th>
                <Table.Th scope="col">Wins</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rtp.data.items.map((row) => {
                const inside = verdict(row);
                return (
                  <Table.Tr key={row.gameId}>
                    <Table.Td>
                      {row.name} {row.enabled ? null : <Badge tone="warn">disabled</Badge>}
                    </Table.Td>
                    <Table.Td title={row.documentedNote ?? undefined}>{pct(row.documentedRtp)}</Table.Td>
                    <Table.Td>{pct(row.observedRtp)}</Table.Td>
                    <Table.Td>{row.rounds.toLocaleString('en-GB')}</Table.Td>
                    <Table.Td>
                      {row.interval ? `${pct(row.interval.low)} – ${pct(row.interval.high)}` : '—'}{' '}
                      {inside === false ? <Badge tone="bad">documented RTP outside</Badge> : null}
                    </Table.Td>
                    <Table.Td>{formatMoney(row.stakes, 'USD')}</Table.Td>
                    <Table.Td>{formatMoney(row.wins, 'USD')}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      ) : null}
    </Card>
  );
}
