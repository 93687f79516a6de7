import { currencyCodes } from '@paws/contracts/wallet';
import { useState } from 'react';
import { SectionTabs } from '../../../components/section-tabs';
import { Button, Field, Input, PageHeader, Select } from '../../../components/ui';
import { errorOf, type Query } from '../../../lib/api';
import { useGameOptions } from '../api/get-game-options';
import { type ReportKind, useReportTotals } from '../api/report-totals';
import { useRunRollups } from '../api/run-rollups';
import { utcDay } from './dates';
import { GameReport } from './game-report';
import { PlayerReport } from './player-report';
import { ReportTotals } from './report-totals';

const tabs: { kind: ReportKind; label: string }[] = [
  { kind: 'players', label: 'Per player' },
  { kind: 'games', label: 'Per game' },
];

/** Daily rollups per player and per game, computed from the ledger: a date range, filters, CSV. */
export default function ReportsPage() {
  const [kind, setKind] = useState<ReportKind>('players');
  const [dateFrom, setDateFrom] = useState(utcDay(-29));
  const [dateTo, setDateTo] = useState(utcDay(0));
  const [currency, setCurrency] = useState('USD');
  const [playerId, setPlayerId] = useState('');
  const [gameId, setGameId] = useState('');
  const games = useGameOptions();
  const run = useRunRollups();

  const filters: Query = {
    dateFrom,
    dateTo,
    currency,
    ...(kind === 'players' ? { playerId: playerId.trim() } : { gameId }),
  };
  const totals = useReportTotals(kind, filters);
  const problem = totals.isError ? errorOf(totals.error) : run.isError ? errorOf(run.error) : null;
  const errorFor = (field: string) => (problem?.field === field ? problem.message : undefined);

  return (
    <>
      <PageHeader
        title="Reports"
        actions={
          <Button
            variant="secondary"
            busy={run.isPending}
            onClick={() => run.mutate({ dateFrom: dateFrom || undefined, dateTo: dateTo || undefined })}
          >
            Recompute these days
          </Button>
        }
      >
        <p className="field-hint">
          Daily figures from the ledger, per UTC day. Stakes count the bets that stand (rolled-back bets are
          refunded); GGR is stakes − wins. The rollups are recomputed every five minutes for yesterday and
          today.
        </p>
        {run.isSuccess ? (
          <p role="status">
            Recomputed {run.data.dateFrom} to {run.data.dateTo}: {run.data.changedRows} rows changed.
          </p>
        ) : null}
      </PageHeader>
      <SectionTabs
        label="Report"
        tabs={tabs.map((tab) => ({ id: tab.kind, label: tab.label }))}
        value={kind}
        onChange={setKind}
      >
        <div className="filters">
          <Field label="From" error={errorFor('dateFrom')}>
            {(props) => (
              <Input {...props} type="date" value={dateFrom} onChange={(e) => setDateFrom(e.target.value)} />
            )}
          </Field>
          <Field label="To" error={errorFor('dateTo')}>
            {(props) => (
              <Input {...props} type="date" value={dateTo} onChange={(e) => setDateTo(e.target.value)} />
            )}
          </Field>
          <Field label="Currency" error={errorFor('currency')}>
            {(props) => (
              <Select {...props} value={currency} onChange={(e) => setCurrency(e.target.value)}>
                <option value="">Any</option>
                {currencyCodes.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {kind === 'players' ? (
            <Field label="Player id" error={errorFor('playerId')}>
              {(props) => (
                <Input
                  {...props}
                  value={playerId}
                  placeholder="Any player"
                  onChange={(e) => setPlayerId(e.target.value)}
                />
              )}
            </Field>
          ) : (
            <Field label="Game" error={errorFor('gameId')}>
              {(props) => (
                <Select {...props} value={gameId} onChange={(e) => setGameId(e.target.value)}>
                  <option value="">Any game</option>
                  {(games.data ?? []).map((game) => (
                    <option key={game.id} value={game.id}>
                      {game.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>
        {totals.data ? (
          <ReportTotals kind={kind} totals={totals.data.totals} usdSummary={totals.data.usdSummary} />
        ) : null}
        {kind === 'players' ? <PlayerReport filters={filters} /> : <GameReport filters={filters} />}
      </SectionTabs>
    </>
  );
}
