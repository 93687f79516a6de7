import type { DashboardFigures, GameReportPage, PlayerReportPage } from '@paws/contracts/staff-reports';
import { Card, formatMoney, Stat } from '../../../components/ui';
import { UsdFigures } from '../../../components/usd-figures';
import type { ReportKind } from '../api/report-totals';

type Totals = PlayerReportPage['totals'] | GameReportPage['totals'];

/** Sums over every row the filters match, per currency; for players first in US dollars as the dashboard counts. */
export function ReportTotals({
  kind,
  totals,
  usdSummary,
}: {
  kind: ReportKind;
  totals: Totals;
  usdSummary?: DashboardFigures | undefined;
}) {
  if (totals.length === 0) return null;
  return (
    <>
      {usdSummary ? <UsdFigures title="In US dollars, as the dashboard counts" figures={usdSummary} /> : null}
      <Card title="Totals for the filters, per currency">
        {totals.map((t) => (
          <section key={t.currency} className="grid" aria-label={`Totals in ${t.currency}`}>
            <Stat label={`Stakes (${t.currency})`} value={formatMoney(t.stakes, t.currency)} />
            <Stat label={`Wins (${t.currency})`} value={formatMoney(t.wins, t.currency)} />
            <Stat label={`GGR (${t.currency})`} value={formatMoney(t.ggr, t.currency)} />
            <Stat label={`Bets (${t.currency})`} value={t.bets.toLocaleString('en-GB')} />
            {kind === 'players' && 'deposits' in t ? (
              <>
                <Stat label={`Deposits (${t.currency})`} value={formatMoney(t.deposits, t.currency)} />
                <Stat label={`Withdrawals (${t.currency})`} value={formatMoney(t.withdrawals, t.currency)} />
                <Stat label={`Adjustments (${t.currency})`} value={formatMoney(t.adjustments, t.currency)} />
                <Stat label={`Bonus costs (${t.currency})`} value={formatMoney(t.bonusCosts, t.currency)} />
              </>
            ) : null}
          </section>
        ))}
      </Card>
    </>
  );
}
