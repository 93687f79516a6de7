import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { render } from '../../../testing/render';
import ReportsPage from './reports-page';

let requested: string[];

beforeEach(() => {
  requested = [];
  vi.stubGlobal('fetch', async (input: string) => {
    requested.push(input);
    const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status });
    if (input.startsWith('/api/staff/games'))
      return json(200, { items: [{ id: 'g-loto', name: 'Loto 80' }], total: 1 });
    const url = new URL(input, 'http://x');
    if (url.searchParams.get('dateTo') === '2020-01-01')
      return json(400, { statusCode: 400, message: 'dateTo must not be before dateFrom', field: 'dateTo' });
    if (url.pathname === '/api/staff/reports/players')
      return json(200, {
        items: [
          {
            day: '2026-03-30',
            userId: 'p1',
            email: 'lucky@example.com',
            username: 'lucky',
            currency: 'USD',
            stakes: 12,
            wins: 10,
            ggr: 2,
            bets: 12,
            deposits: 50,
            withdrawals: 0,
            adjustments: 0,
            bonusCosts: 1,
          },
        ],
        total: 1,
        totals: [
          {
            currency: 'USD',
            stakes: 12,
            wins: 10,
            ggr: 2,
            bets: 12,
            deposits: 50,
            withdrawals: 0,
            adjustments: 0,
            bonusCosts: 1,
          },
        ],
        usdSummary: {
          deposits: 50,
          withdrawals: 0,
          stakes: 12,
          wins: 10,
          ggr: 2,
          bonusCosts: 9.75,
          ngr: -7.75,
          activePlayers: 1,
        },
      });
    return json(200, { items: [], total: 0, totals: [] });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReportsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('lists player days for the range with their totals, and exports the same rows as CSV', async () => {
  renderPage();
  expect(await screen.findByRole('cell', { name: 'lucky@example.com' })).toBeInTheDocument();
  expect(screen.getByText('Stakes (USD)')).toBeInTheDocument();
  const csv = screen.getByRole('link', { name: 'Export CSV' });
  expect(csv.getAttribute('href')).toMatch(
    /^\/api\/staff\/reports\/players\?dateFrom=\d{4}-\d{2}-\d{2}&dateTo=.*currency=USD.*format=csv/,
  );
});

it('shows the US dollar summary as the dashboard counts it, a loss signed before the symbol', async () => {
  renderPage();
  const summary = await screen.findByRole('region', { name: 'In US dollars, as the dashboard counts' });
  expect(within(summary).getByText('-$7.75')).toBeInTheDocument();
  expect(within(summary).getByText('$9.75')).toBeInTheDocument();
});

it('switches to the per-game tab with its game filter', async () => {
  renderPage();
  await userEvent.click(await screen.findByRole('tab', { name: 'Per game' }));
  await userEvent.selectOptions(await screen.findByLabelText('Game'), 'Loto 80');
  await waitFor(() =>
    expect(requested.some((url) => url.includes('/reports/games?') && url.includes('gameId=g-loto'))).toBe(
      true,
    ),
  );
});

it('shows the server’s message under the date it is about', async () => {
  renderPage();
  const to = await screen.findByLabelText('To');
  await userEvent.clear(to);
  await userEvent.type(to, '2020-01-01');
  expect(
    await screen.findByText('dateTo must not be before dateFrom', { selector: '.field-error' }),
  ).toBeInTheDocument();
});
