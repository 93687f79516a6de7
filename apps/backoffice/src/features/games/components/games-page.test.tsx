import type { StaffGame } from '@paws/contracts/staff-reports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { render } from '../../../testing/render';
import GamesPage from './games-page';

const game = (over: Partial<StaffGame>): StaffGame => ({
  id: 'g1',
  providerCode: 'paws-studio',
  providerName: 'PAWS Studio',
  gameCode: 'blackjack',
  name: 'Blackjack',
  category: 'BLACKJACK',
  kind: 'TABLE',
  imageUrl: '/games/blackjack.svg',
  enabled: true,
  order: 20,
  recommended: false,
  isNew: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

let permissions: string[];
let calls: { method: string; url: string; body?: unknown }[];
let patchAnswer: { status: number; body: unknown };

beforeEach(() => {
  permissions = ['games.read', 'games.write'];
  calls = [];
  patchAnswer = { status: 200, body: game({ enabled: false }) };
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: input, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (input.startsWith('/api/staff/auth/session'))
      return json(200, { me: { userId: 'u', email: 'a@staff.test', roles: ['admin'], permissions } });
    if (method === 'PATCH') return json(patchAnswer.status, patchAnswer.body);
    if (input.startsWith('/api/staff/games/rtp')) return json(200, { items: [] });
    if (input.startsWith('/api/staff/games')) return json(200, { items: [game({})], total: 1 });
    return json(404, { statusCode: 404, message: 'Not found' });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <GamesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('disables a game with its toggle (a PATCH of enabled)', async () => {
  renderPage();
  // Enabled once the member's permissions have loaded.
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Blackjack enabled' })).toBeEnabled());
  await userEvent.click(screen.getByRole('checkbox', { name: 'Blackjack enabled' }));
  await waitFor(() =>
    expect(calls).toContainEqual({ method: 'PATCH', url: '/api/staff/games/g1', body: { enabled: false } }),
  );
});

it('shows the server’s message under the order field', async () => {
  patchAnswer = {
    status: 400,
    body: { statusCode: 400, message: 'order must be a whole number from 0 to 1000000', field: 'order' },
  };
  renderPage();
  const order = await screen.findByLabelText('Order of Blackjack');
  await userEvent.clear(order);
  await userEvent.type(order, '-5{Enter}');
  expect(await screen.findByText('order must be a whole number from 0 to 1000000')).toBeInTheDocument();
  expect(calls).toContainEqual({ method: 'PATCH', url: '/api/staff/games/g1', body: { order: -5 } });
});

it('shows the settings read-only without games.write, and the RTP tab only with games.rtp', async () => {
  permissions = ['games.read'];
  renderPage();
  const table = await screen.findByRole('table', { name: 'Games' });
  expect(await within(table).findByText('Blackjack')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Blackjack enabled' })).toBeDisabled());
  expect(screen.queryByLabelText('Order of Blackjack')).not.toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'RTP report' })).not.toBeInTheDocument();
});

it('shows the RTP report beside the documented figures', async () => {
  permissions = ['games.read', 'games.rtp'];
  vi.stubGlobal('fetch', async (input: string) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (input.startsWith('/api/staff/auth/session'))
      return json({ me: { userId: 'u', email: 'f@staff.test', roles: ['finance'], permissions } });
    if (input.startsWith('/api/staff/games/rtp'))
      return json({
        items: [
          {
            gameId: 'g1',
            providerCode: 'paws-studio',
            gameCode: 'baccarat',
            name: 'Baccarat',
            enabled: true,
            documentedRtp: 98.94,
            documentedNote: 'Banker 98.94%',
            rounds: 1200,
            stakes: 1200,
            wins: 1100,
            observedRtp: 91.6666,
            interval: { low: 85.1, high: 97.2 },
          },
        ],
      });
    return json({ items: [], total: 0 });
  });
  renderPage();
  await userEvent.click(await screen.findByRole('tab', { name: 'RTP report' }));
  const table = await screen.findByRole('table', { name: 'RTP per game' });
  const row = within(table).getByRole('row', { name: /Baccarat/ });
  expect(within(row).getByText('98.94%')).toBeInTheDocument();
  expect(within(row).getByText('91.67%')).toBeInTheDocument();
  expect(within(row).getByText('1,200')).toBeInTheDocument();
  expect(within(row).getByText(/85\.10% – 97\.20%/)).toBeInTheDocument();
  expect(within(row).getByText('documented RTP outside')).toBeInTheDocument();
});
