import type { DashboardFigures } from '@paws/contracts/staff-reports';
import { Card, formatUsd, Stat } from './ui';

/**
 * Money and play in US dollars as the dashboard counts them (bonus dollars are costs): the dashboard's cards
 * and the reports' summary show the same figures from the same query.
 */
export function UsdFigures({ title, figures }: { title: string; figures: DashboardFigures }) {
  return (
    <Card title={title}>
      <div className="grid">
        <Stat label="Deposits" value={formatUsd(figures.deposits)} />
        <Stat label="Withdrawals" value={formatUsd(figures.withdrawals)} />
        <Stat label="Stakes" value={formatUsd(figures.stakes)} />
        <Stat label="Wins" value={formatUsd(figures.wins)} />
        <Stat label="GGR" value={formatUsd(figures.ggr)} hint="Stakes − wins" />
        <Stat label="Bonus costs" value={formatUsd(figures.bonusCosts)} hint="USD and bonus dollars" />
        <Stat label="NGR" value={formatUsd(figures.ngr)} hint="GGR − bonus costs" />
        <Stat
          label="Active players"
          value={figures.activePlayers.toLocaleString('en-GB')}
          hint="With a bet"
        />
      </div>
    </Card>
  );
}
