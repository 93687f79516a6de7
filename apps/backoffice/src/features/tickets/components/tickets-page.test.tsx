import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { type Call, mockApi, renderScreen } from '../../../testing/render';
import { closeDeskSocket, RELEASE_GRACE_MS } from '../realtime/desk-socket';
import { listItem, ME, supportMe } from '../testing/fixtures';
import TicketsPage from './tickets-page';

vi.mock('socket.io-client', async () => await import('../testing/fake-socket'));
const { lastSocket } = await import('../testing/fake-socket');

afterEach(() => {
  closeDeskSocket();
  vi.unstubAllGlobals();
});

const overdue = listItem();
const answered = listItem({
  id: '0195f0e2-5a8e-7000-8000-0000000000a2',
  status: 'IN_PROGRESS',
  category: 'BUG_REPORT',
  subject: 'Deposit not credited',
  requester: { userId: null, name: 'Visitor Vic', email: 'vic@example.com', guest: true, banned: false },
  assignee: { id: ME, email: 'me@staff.test' },
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  firstResponseAt: new Date(Date.now() - 3 * 3600_000 + 20 * 60_000).toISOString(),
  waitingSince: new Date(Date.now() - 30 * 60_000).toISOString(),
  nextResponseDueAt: new Date(Date.now() + 210 * 60_000 + 30_000).toISOString(),
  lastMessageByManager: false,
});

function serve(extra?: (call: Call) => { status?: number; body?: unknown } | undefined) {
  return mockApi((call) => {
    const path = call.url.pathname;
    if (path === '/api/staff/auth/session') return { body: { me: supportMe() } };
    if (path === '/api/staff/tickets/agents')
      return {
        body: {
          agents: [
            { id: ME, email: 'me@staff.test', open: 3 },
            { id: 'staff-2', email: 'lead@staff.test', open: 7 },
          ],
        },
      };
    if (call.method === 'GET' && path === '/api/staff/tickets')
      return { body: { items: [overdue, answered], total: 2 } };
    return extra?.(call) ?? { status: 404, body: { statusCode: 404, message: 'Not found' } };
  });
}
const queueCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/staff/tickets');

it('lists the open queue, longest waiting first, with timers and the overdue one marked', async () => {
  const calls = serve();
  renderScreen(<TicketsPage />);
  const table = await screen.findByRole('table', { name: 'Tickets' });
  const first = (await within(table).findByRole('link', { name: /The slot froze mid spin/ })).closest(
    'tr',
  ) as HTMLElement;
  expect(within(first).getByText('Created')).toBeInTheDocument();
  expect(within(first).getByText('Technical problem')).toBeInTheDocument();
  const late = within(first).getByText(/Overdue 35 min/);
  expect(late.closest('.timer')).toHaveClass('timer-overdue');
  expect(within(first).getByText('After the first answer')).toBeInTheDocument();
  expect(within(first).getByRole('link', { name: /The slot froze mid spin/ })).toHaveAttribute(
    'href',
    `/tickets/${overdue.id}`,
  );

  const second = within(table).getByText('Deposit not credited').closest('tr') as HTMLElement;
  expect(within(second).getByText('Answered in 20 min')).toBeInTheDocument();
  expect(within(second).getByText('Due in 3 h 30 min')).toBeInTheDocument();
  expect(within(second).getByText(/Visitor Vic · visitor/)).toBeInTheDocument();
  expect(within(second).getByText('Me')).toBeInTheDocument();
  expect(within(second).queryByText(/Overdue/)).toBeNull();

  const query = queueCalls(calls)[0]?.url.searchParams;
  expect(query?.get('status')).toBe('open');
  expect(query?.get('sort')).toBe('waitingSince');
  expect(query?.get('order')).toBe('asc');
  expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('format=csv');
});

it('shows each agent’s open count and filters the queue by agent, status and category', async () => {
  const calls = serve();
  const user = userEvent.setup();
  renderScreen(<TicketsPage />);
  const counts = await screen.findByRole('region', { name: 'Open tickets per agent' });
  const lead = await within(counts).findByRole('button', { name: /lead@staff.test\s*7/ });
  await user.click(lead);
  expect(lead).toHaveAttribute('aria-pressed', 'true');
  await waitFor(() => expect(queueCalls(calls).at(-1)?.url.searchParams.get('assignee')).toBe('staff-2'));

  await user.selectOptions(screen.getByLabelText('Category'), 'Bug/error detected');
  await waitFor(() => expect(queueCalls(calls).at(-1)?.url.searchParams.get('category')).toBe('BUG_REPORT'));
  await user.selectOptions(screen.getByLabelText('Status'), 'All');
  await waitFor(() => expect(queueCalls(calls).at(-1)?.url.searchParams.has('status')).toBe(false));
  await user.selectOptions(screen.getByLabelText('Assignee'), 'Nobody (unassigned)');
  await waitFor(() => expect(queueCalls(calls).at(-1)?.url.searchParams.get('assignee')).toBe('none'));
});

it('Take assigns an unassigned ticket to me and the queue refreshes', async () => {
  const calls = serve((call) =>
    call.method === 'POST'
      ? { body: { ...overdue, assignee: { id: ME, email: 'me@staff.test' } } }
      : undefined,
  );
  const user = userEvent.setup();
  renderScreen(<TicketsPage />);
  await user.click(await screen.findByRole('button', { name: 'Take ticket from Ann' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      `/api/staff/tickets/${overdue.id}/take`,
    ]),
  );
  await waitFor(() => expect(queueCalls(calls).length).toBeGreaterThan(1));
});

it('follows the desk socket: websocket only on the staff path, and a changed ticket refreshes the queue', async () => {
  const calls = serve();
  renderScreen(<TicketsPage />);
  await screen.findByRole('table', { name: 'Tickets' });
  const socket = lastSocket();
  expect(socket.url).toBe('/desk');
  expect(socket.options).toMatchObject({ path: '/api/staff/socket.io', transports: ['websocket'] });
  expect(screen.getByText('Connecting…')).toBeInTheDocument();
  act(() => socket.serverConnects());
  expect(screen.getByText('Live')).toBeInTheDocument();

  await waitFor(() => expect(queueCalls(calls)).toHaveLength(1));
  act(() => socket.serverEmits('ticketUpdated', { ticketId: overdue.id }));
  await waitFor(() => expect(queueCalls(calls)).toHaveLength(2));

  act(() => socket.serverRefuses('Forbidden'));
  expect(screen.getByText(/Not live: Forbidden/)).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Reconnect' }));
  expect(screen.getByText('Live')).toBeInTheDocument();
});

it('keeps one connection from the queue to a ticket, and closes it once the desk is left', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    serve();
    const queue = renderScreen(<TicketsPage />);
    await screen.findByRole('table', { name: 'Tickets' });
    const socket = lastSocket();
    act(() => socket.serverConnects());
    queue.unmount();
    const again = renderScreen(<TicketsPage />);
    await screen.findByRole('table', { name: 'Tickets' });
    expect(lastSocket()).toBe(socket);
    expect(screen.getByText('Live')).toBeInTheDocument();
    again.unmount();
    act(() => vi.advanceTimersByTime(RELEASE_GRACE_MS + 10));
    expect(socket.connected).toBe(false);
  } finally {
    vi.useRealTimers();
  }
});
