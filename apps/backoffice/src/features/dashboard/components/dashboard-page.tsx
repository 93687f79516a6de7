import { Link } from 'react-router';
import {
  Button,
  Card,
  ErrorView,
  formatDateTime,
  formatUsd,
  Loading,
  PageHeader,
  Stat,
} from '../../../components/ui';
import { UsdFigures } from '../../../components/usd-figures';
import { errorOf } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { useDashboard } from '../api/get-dashboard';
import { useRefreshDashboard } from '../api/refresh-dashboard';
import { DailyChart } from './daily-chart';

/** Money and play today and over 30 days (USD, UTC days), the daily series, and what waits for staff. */
export default function DashboardPage() {
  const dashboard = useDashboard();
  const refresh = useRefreshDashboard();
  const canRefresh = useCan('reports.read');
  const canReviewWithdrawals = useCan('withdrawals.review');
  const canReviewVerifications = useCan('verifications.review');
  const canAnswerTickets = useCan('tickets.answer');

  if (dashboard.isPending) return <Loading />;
  if (dashboard.isError)
    return <ErrorView message={errorOf(dashboard.error).message} onRetry={() => dashboard.refetch()} />;
  const data = dashboard.data;

  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          canRefresh ? (
            <Button variant="secondary" busy={refresh.isPending} onClick={() => refresh.mutate()}>
              Recompute today
            </Button>
          ) : null
        }
      >
        <p className="field-hint">
          US dollars, UTC days (today is {data.today}). Figures as of{' '}
          {data.asOf ? formatDateTime(data.asOf) : 'never: the first rollup has not run yet'}; they are
          recomputed every five minutes.
        </p>
        {refresh.isError ? (
          <p className="field-error" role="alert">
            {errorOf(refresh.error).message}
          </p>
        ) : null}
      </PageHeader>
      <Card title="Waiting for staff">
        <div className="grid">
          <Stat
            label="Pending withdrawals"
            value={data.pendingWithdrawals.count.toLocaleString('en-GB')}
            hint={
              <>
                {formatUsd(data.pendingWithdrawals.amount)}
                {canReviewWithdrawals ? (
                  <>
                    {' · '}
                    <Link to="/withdrawals">Review</Link>
                  </>
                ) : null}
              </>
            }
          />
          <Stat
            label="Pending verifications"
            value={data.pendingVerifications.count.toLocaleString('en-GB')}
            hint={canReviewVerifications ? <Link to="/verifications">Review</Link> : undefined}
          />
          <Stat
            label="Open tickets"
            value={data.openTickets.toLocaleString('en-GB')}
            hint={canAnswerTickets ? <Link to="/tickets">Answer</Link> : undefined}
          />
        </div>
      </Card>
      <UsdFigures title="Today" figures={data.todayFigures} />
      <UsdFigures title="Last 30 days" figures={data.last30Days} />
      <Card title="Daily, last 30 days">
        <DailyChart series={data.series} />
      </Card>
    </>
  );
}
