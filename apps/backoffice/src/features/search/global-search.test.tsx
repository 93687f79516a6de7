import type { StaffSearchResult } from '@paws/contracts/staff-search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, mockApi, render } from '../../testing/render';
import { GlobalSearch } from './components/global-search';

const PLAYER = '0195f0e2-5a8e-7000-8000-000000000001';
const TICKET = '0195f0e2-5a8e-7000-8000-0000000000aa';
const found: StaffSearchResult = {
  players: [
    {
      id: PLAYER,
      email: 'ann@example.com',
      phone: '+447700900123',
      username: 'ann',
      role: 'player',
      verificationType: 'NONE',
      emailVerified: true,
      phoneVerified: false,
      banned: false,
      createdAt: '2030-03-01T10:00:00.000Z',
    },
  ],
  tickets: [
    {
      id: TICKET,
      subject: 'Where is my deposit',
      status: 'CREATED',
      category: 'CONSULTATION',
      requesterEmail: 'ann@example.com',
      createdAt: '2030-03-02T10:00:00.000Z',
    },
  ],
  transactions: [],
};

let calls: Call[];
beforeEach(() => {
  calls = mockApi((call) =>
    call.url.pathname === '/api/staff/search' ? { body: found } : { status: 404, body: {} },
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderSearch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <GlobalSearch />
            <button type="button">Elsewhere</button>
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const box = () => screen.getByRole('searchbox', { name: 'Find a player, ticket or transaction' });

describe('the global search', () => {
  it("is reached with '/', lists players and tickets in groups, and walks them with the arrow keys", async () => {
    const user = userEvent.setup();
    const router = renderSearch();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await user.keyboard('/');
    expect(box()).toHaveFocus();
    await user.keyboard('ann');
    expect(await screen.findByText('2 results')).toHaveAttribute('role', 'status');
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('ann');
    const players = screen.getByRole('region', { name: 'Players' });
    expect(within(players).getByRole('link', { name: /ann.*ann@example.com/ })).toHaveAttribute(
      'href',
      `/players/${PLAYER}`,
    );
    const tickets = screen.getByRole('region', { name: 'Tickets' });
    await user.keyboard('{ArrowDown}');
    expect(within(players).getByRole('link')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(tickets).getByRole('link')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`/tickets/${TICKET}`);
  });

  it('opens the first result with Enter, closes with Escape, and asks nothing under two characters', async () => {
    const user = userEvent.setup();
    const router = renderSearch();
    await user.click(box());
    await user.keyboard('a');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toHaveLength(0);
    await user.keyboard('n');
    await screen.findByText('2 results');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Players' })).toBeNull();
    expect(box()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`/players/${PLAYER}`);
  });
});
