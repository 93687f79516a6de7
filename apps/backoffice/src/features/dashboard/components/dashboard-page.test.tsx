import type { Dashboard, DashboardFigures } from '@paws/contracts/staff-reports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { render } from '../../../testing/render';
import DashboardPage from './dashboard-page';

const figures = (over: Partial<DashboardFigures> = {}): DashboardFigures => ({
  deposits: 0,
  withdrawals: 0,
  stakes: 0,
  wins: 0,
  ggr: 0,
  bonusCosts: 0,
  ngr: 0,
  activePlayers: 0,
  ...over,
});

const body: Dashboard = {
  currency: 'USD',
  today: '2026-03-30',
  asOf: '2026-03-30T10:00:00.000Z',
  todayFigures: figures({
    deposits: 1250.5,
    stakes: 300,
    wins: 200,
    ggr: 100,
    bonusCosts: 15,
    ngr: 85,
    activePlayers: 4,
  }),
  last30Days: figures({ deposits: 9000, activePlayers: 12 }),
  series: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-03-${String(i + 1).padStart(2, '0')}`,
    ...figures(),
  })),
  openTickets: 7,
  pendingWithdrawals: { count: 3, amount: 420 },
  pendingVerifications: { count: 2 },
};

beforeEach(() => {
  // recharts measures its container.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('fetch', async (input: string) => {
    const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200 });
    if (input.startsWith('/api/staff/auth/session'))
      return json({
        me: {
          userId: 'u',
          email: 's@staff.test',
          roles: ['support'],
          permissions: ['dashboard.read', 'tickets.answer'],
        },
      });
    return json(body);
  });
});
afterEach(() => vi.unstubAllGlobals());

it('shows today’s and the month’s tiles, what waits, and the open tickets', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const today = await screen.findByRole('region', { name: 'Today' });
  expect(within(today).getByText('$1,250.50')).toBeInTheDocument();
  expect(within(today).getByText('$85.00')).toBeInTheDocument();
  expect(within(today).getByText('4')).toBeInTheDocument();
  const month = screen.getByRole('region', { name: 'Last 30 days' });
  expect(within(month).getByText('$9,000.00')).toBeInTheDocument();
  const waiting = screen.getByRole('region', { name: 'Waiting for staff' });
  expect(within(waiting).getByText('3')).toBeInTheDocument();
  expect(within(waiting).getByText('7')).toBeInTheDocument();
  // Support answers tickets: the tile leads to the desk.
  expect(within(waiting).getByRole('link', { name: 'Answer' })).toHaveAttribute('href', '/tickets');
  // Support may not review withdrawals: no link; nor recompute.
  expect(within(waiting).queryByRole('link', { name: 'Review' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Recompute today' })).not.toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Daily figures' }).querySelectorAll('tbody tr')).toHaveLength(30);
});
