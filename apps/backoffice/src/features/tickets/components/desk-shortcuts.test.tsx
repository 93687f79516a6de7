import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { type Call, mockApi, renderScreen } from '../../../testing/render';
import { closeDeskSocket } from '../realtime/desk-socket';
import {
  bets,
  detail,
  listItem,
  PLAYER,
  payments,
  profile,
  supportMe,
  TICKET,
  verifications,
} from '../testing/fixtures';
import TicketPage from './ticket-page';
import TicketsPage from './tickets-page';

vi.mock('socket.io-client', async () => await import('../testing/fake-socket'));

afterEach(() => {
  closeDeskSocket();
  vi.unstubAllGlobals();
});

const SECOND = '0195f0e2-5a8e-7000-8000-0000000000b2';

function serve(ticket = detail()) {
  return mockApi((call: Call) => {
    const path = call.url.pathname;
    if (path === '/api/staff/auth/session') return { body: { me: supportMe() } };
    if (path === `/api/staff/tickets/${TICKET}/take`) return { status: 200, body: ticket };
    if (path === `/api/staff/tickets/${TICKET}`) return { body: ticket };
    if (path === '/api/staff/tickets')
      return { body: { items: [listItem(), listItem({ id: SECOND, subject: 'Second one' })], total: 2 } };
    if (path === '/api/staff/tickets/agents') return { body: { agents: [] } };
    if (path === '/api/staff/saved-filters') return { body: [] };
    if (path === '/api/staff/tickets/canned') return { body: { items: [] } };
    if (path === `/api/staff/players/${PLAYER}`) return { body: profile };
    if (path === `/api/staff/players/${PLAYER}/bets`) return { body: bets };
    if (path === `/api/staff/players/${PLAYER}/payments`) return { body: payments };
    if (path === `/api/staff/players/${PLAYER}/verifications`) return { body: verifications };
    return { body: { items: [], total: 0 } };
  });
}

const desk = (path: string) =>
  renderScreen(
    <Routes>
      <Route path="/tickets" element={<TicketsPage />} />
      <Route path="/tickets/:id" element={<TicketPage />} />
    </Routes>,
    path,
  );

it("on a ticket: r writes a reply, n a note, t takes it, u goes back to the queue; '?' lists them", async () => {
  const user = userEvent.setup();
  const calls = serve(detail({ assignee: null }));
  desk(`/tickets/${TICKET}`);
  await screen.findByRole('log', { name: 'Conversation' });

  await user.keyboard('n');
  const note = await screen.findByRole('form', { name: 'Internal note' });
  await waitFor(() => expect(within(note).getByRole('textbox')).toHaveFocus());
  // Typed in the box, a letter is a letter.
  await user.keyboard('u');
  expect(within(note).getByRole('textbox')).toHaveValue('u');
  await user.keyboard('{Escape}');
  (document.activeElement as HTMLElement).blur();

  await user.keyboard('r');
  const reply = await screen.findByRole('form', { name: 'Reply to the player' });
  await waitFor(() => expect(within(reply).getByRole('textbox')).toHaveFocus());
  (document.activeElement as HTMLElement).blur();

  await user.keyboard('t');
  await waitFor(() =>
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/take'))).toBe(true),
  );

  await user.keyboard('?');
  const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(within(help).getByRole('region', { name: 'On a ticket' })).toHaveTextContent('rWrite a reply');
  await user.click(within(help).getByRole('button', { name: 'Close' }));

  await user.keyboard('u');
  expect(await screen.findByRole('table', { name: 'Tickets' })).toBeInTheDocument();
});

it('in the queue: j and k walk the tickets, Enter opens the focused one', async () => {
  const user = userEvent.setup();
  serve();
  desk('/tickets');
  const table = await screen.findByRole('table', { name: 'Tickets' });
  await within(table).findByText('Second one');
  const links = within(table).getAllByRole('link');
  await user.keyboard('j');
  expect(links[0]).toHaveFocus();
  await user.keyboard('j');
  expect(links[1]).toHaveFocus();
  await user.keyboard('k');
  expect(links[0]).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('log', { name: 'Conversation' })).toBeInTheDocument();
});
