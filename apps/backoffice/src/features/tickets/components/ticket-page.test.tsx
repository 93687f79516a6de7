import type { StaffTicketDetail } from '@paws/contracts/staff-tickets';
import { ticketMessages } from '@paws/contracts/tickets';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { type Call, mockApi, renderScreen } from '../../../testing/render';
import { closeDeskSocket } from '../realtime/desk-socket';
import {
  bets,
  detail,
  listItem,
  ME,
  message,
  PLAYER,
  payments,
  profile,
  supportMe,
  TICKET,
  verifications,
} from '../testing/fixtures';
import TicketPage from './ticket-page';

vi.mock('socket.io-client', async () => await import('../testing/fake-socket'));
const { lastSocket } = await import('../testing/fake-socket');

afterEach(() => {
  closeDeskSocket();
  vi.unstubAllGlobals();
});

type Answer = { status?: number; body?: unknown } | undefined;

function serve(
  ticket: StaffTicketDetail | (() => StaffTicketDetail),
  extra?: (call: Call) => Answer,
  permissions?: string[],
) {
  return mockApi((call) => {
    const path = call.url.pathname;
    const answer = extra?.(call);
    if (answer) return answer;
    if (path === '/api/staff/auth/session') return { body: { me: supportMe(permissions) } };
    if (path === `/api/staff/tickets/${TICKET}`)
      return { body: typeof ticket === 'function' ? ticket() : ticket };
    if (path === '/api/staff/tickets/agents')
      return {
        body: {
          agents: [
            { id: ME, email: 'me@staff.test', open: 3 },
            { id: 'staff-2', email: 'lead@staff.test', open: 7 },
          ],
        },
      };
    if (path === '/api/staff/tickets/canned')
      return {
        body: {
          items: [
            {
              id: '0195f0e2-5a8e-7000-8000-0000000000e1',
              title: 'Greeting',
              text: 'Hello {name}, thanks for writing.',
              updatedAt: '2026-01-01T00:00:00.000Z',
            },
            {
              id: '0195f0e2-5a8e-7000-8000-0000000000e2',
              title: 'Refund policy',
              text: 'Refunds take 3 days.',
              updatedAt: '2026-01-01T00:00:00.000Z',
            },
          ],
        },
      };
    if (path === `/api/staff/players/${PLAYER}`) return { body: profile };
    if (path === `/api/staff/players/${PLAYER}/bets`) return { body: bets };
    if (path === `/api/staff/players/${PLAYER}/payments`) return { body: payments };
    if (path === `/api/staff/players/${PLAYER}/verifications`) return { body: verifications };
    return { status: 404, body: { statusCode: 404, message: `Not found: ${call.method} ${path}` } };
  });
}

const open = () =>
  renderScreen(
    <Routes>
      <Route path="/tickets/:id" element={<TicketPage />} />
    </Routes>,
    `/tickets/${TICKET}`,
  );
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

it('shows the conversation with status changes and the internal note set apart', async () => {
  serve(detail());
  open();
  const log = await screen.findByRole('log', { name: 'Conversation' });
  expect(within(log).getByText('The slot froze mid spin')).toBeInTheDocument();
  expect(within(log).getByText('Request status has changed to: In Progress')).toBeInTheDocument();
  const note = within(log).getByRole('article', { name: 'Internal note' });
  expect(note).toHaveClass('note');
  expect(within(note).getByText(/the player never sees this/)).toBeInTheDocument();
  expect(within(note).getByText('Known provider outage this morning')).toBeInTheDocument();
  const staff = within(log).getByText('Sorry about that, which game was it?').closest('article');
  expect(staff).toHaveClass('staff');
  // The staff side opens attachments through the staff file route.
  const image = within(log).getByRole('img', { name: 'screen.png' });
  expect(image).toHaveAttribute('src', '/api/staff/tickets/files/0195f0e2-5a8e-7000-8000-0000000000c4');
  expect(within(log).getByText('Sent')).toBeInTheDocument();
});

it('puts the player’s balances, recent bets and payments, verification and bans beside the chat', async () => {
  serve(detail());
  open();
  const side = await screen.findByRole('complementary', { name: 'Player and ticket' });
  const balances = await within(side).findByRole('list', { name: 'Balances' });
  expect(within(balances).getByText('125.50 USD')).toBeInTheDocument();
  expect(within(balances).getByText('3 FREE_SPINS')).toBeInTheDocument();
  const betsTable = await within(side).findByRole('table', { name: 'Recent bets' });
  expect(within(betsTable).getByText('lucky-paws')).toBeInTheDocument();
  expect(within(betsTable).getByText('rolled back')).toBeInTheDocument();
  const paymentsTable = await within(side).findByRole('table', { name: 'Recent payments' });
  expect(within(paymentsTable).getByText('50.00 USD')).toBeInTheDocument();
  expect(within(paymentsTable).getByText('COMPLETED')).toBeInTheDocument();
  const checks = await within(side).findByRole('list', { name: 'Verification checks' });
  expect(within(checks).getByText('APPROVED')).toBeInTheDocument();
  expect(within(side).getByRole('list', { name: 'Bans' })).toHaveTextContent('Chargeback under review');
  expect(within(side).getByRole('link', { name: 'Open the player page' })).toHaveAttribute(
    'href',
    `/players/${PLAYER}`,
  );
  // Timers of the ticket itself.
  expect(within(side).getByText('Answered in 35 min')).toBeInTheDocument();
  expect(within(side).getByText(/Due in 3 h \d+ min/)).toBeInTheDocument();
});

it('a visitor’s ticket shows their name and e-mail and reads no player account', async () => {
  const calls = serve(
    detail({
      requester: { userId: null, name: 'Vic', email: 'vic@example.com', guest: true, banned: false },
    }),
  );
  open();
  const side = await screen.findByRole('complementary', { name: 'Player and ticket' });
  const visitor = await within(side).findByRole('region', { name: 'Visitor' });
  expect(within(visitor).getByText('vic@example.com')).toBeInTheDocument();
  expect(calls.some((c) => c.url.pathname.startsWith('/api/staff/players'))).toBe(false);
});

it('revokes a visitor’s links after a confirmation', async () => {
  const guest = detail({
    requester: { userId: null, name: 'Vic', email: 'vic@example.com', guest: true, banned: false },
  });
  const calls = serve(guest, (call) => (call.method === 'POST' ? { body: guest } : undefined));
  const user = userEvent.setup();
  open();
  const links = await screen.findByRole('region', { name: "Visitor's link" });
  await user.click(within(links).getByRole('button', { name: 'Revoke links' }));
  expect(posts(calls)).toHaveLength(0);
  await user.click(within(links).getByRole('button', { name: 'Cancel' }));
  expect(posts(calls)).toHaveLength(0);
  await user.click(within(links).getByRole('button', { name: 'Revoke links' }));
  await user.click(within(links).getByRole('button', { name: 'Yes, revoke links' }));
  await waitFor(() =>
    expect(posts(calls).at(-1)?.url.pathname).toBe(`/api/staff/tickets/${TICKET}/guest-links/revoke`),
  );
  expect(posts(calls)).toHaveLength(1);
  expect(await within(links).findByRole('status')).toHaveTextContent('Links revoked');
});

it('shows no link revoking on a player’s ticket', async () => {
  serve(detail());
  open();
  await screen.findByRole('complementary', { name: 'Player and ticket' });
  expect(screen.queryByRole('region', { name: "Visitor's link" })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Revoke links' })).toBeNull();
});

it('sends a reply as multipart with Enter, with a picked file, and refuses a file of the wrong type', async () => {
  const after = detail();
  const calls = serve(detail(), (call) =>
    call.method === 'POST' && call.url.pathname.endsWith('/messages') ? { body: after } : undefined,
  );
  // As a user who switches the file picker to 'All files'.
  const user = userEvent.setup({ applyAccept: false });
  open();
  const reply = await screen.findByRole('textbox', { name: 'Reply' });

  await user.upload(
    screen.getByLabelText('Attach'),
    new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }),
  );
  expect(screen.getByRole('alert')).toHaveTextContent(ticketMessages.fileType);

  const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });
  await user.upload(screen.getByLabelText('Attach'), png);
  expect(screen.getByText('proof.png')).toBeInTheDocument();
  await user.type(reply, 'Fixed now, please try again{Enter}');

  await waitFor(() => expect(posts(calls)).toHaveLength(1));
  const sent = posts(calls)[0];
  expect(sent?.url.pathname).toBe(`/api/staff/tickets/${TICKET}/messages`);
  const form = sent?.body as FormData;
  expect(form.get('message')).toBe('Fixed now, please try again');
  expect((form.get('file') as File).name).toBe('proof.png');
  await waitFor(() => expect(reply).toHaveValue(''));
  expect(screen.queryByText('proof.png')).toBeNull();
});

it('adds an internal note through the notes route, not the chat', async () => {
  const calls = serve(detail(), (call) =>
    call.method === 'POST' && call.url.pathname.endsWith('/notes') ? { body: detail() } : undefined,
  );
  const user = userEvent.setup();
  open();
  await user.click(await screen.findByRole('button', { name: 'Internal note' }));
  const note = screen.getByRole('textbox', { name: 'Internal note' });
  expect(screen.queryByLabelText('Attach')).toBeNull();
  await user.type(note, 'Escalated to payments');
  await user.click(screen.getByRole('button', { name: 'Add note' }));
  await waitFor(() => expect(posts(calls)).toHaveLength(1));
  expect(posts(calls)[0]?.url.pathname).toBe(`/api/staff/tickets/${TICKET}/notes`);
  expect(posts(calls)[0]?.body).toEqual({ text: 'Escalated to payments' });
});

it('inserts a canned response into the reply with the requester’s name filled in', async () => {
  serve(detail());
  const user = userEvent.setup();
  open();
  const reply = await screen.findByRole('textbox', { name: 'Reply' });
  await user.click(screen.getByRole('button', { name: 'Canned responses' }));
  const panel = screen.getByRole('region', { name: 'Canned responses' });
  await user.type(within(panel).getByLabelText('Filter canned responses'), 'greet');
  expect(within(panel).queryByText('Refund policy')).toBeNull();
  await user.click(await within(panel).findByRole('button', { name: /Greeting/ }));
  expect(reply).toHaveValue('Hello Ann, thanks for writing.');
});

it('takes, assigns and proposes resolve', async () => {
  const theirs = detail({ assignee: { id: 'staff-2', email: 'lead@staff.test' } });
  const calls = serve(theirs, (call) => (call.method === 'POST' ? { body: theirs } : undefined));
  const user = userEvent.setup();
  open();
  await user.click(await screen.findByRole('button', { name: 'Take over' }));
  await waitFor(() => expect(posts(calls).at(-1)?.url.pathname).toBe(`/api/staff/tickets/${TICKET}/take`));

  await user.selectOptions(screen.getByLabelText('Assignee'), 'Nobody');
  await waitFor(() => expect(posts(calls).at(-1)?.url.pathname).toBe(`/api/staff/tickets/${TICKET}/assign`));
  expect(posts(calls).at(-1)?.body).toEqual({ staffId: null });

  await user.click(screen.getByRole('button', { name: 'Propose resolve' }));
  await user.click(screen.getByRole('button', { name: 'Yes, propose resolve' }));
  await waitFor(() =>
    expect(posts(calls).at(-1)?.url.pathname).toBe(`/api/staff/tickets/${TICKET}/resolve-request`),
  );
});

it('a closed ticket takes no reply, only internal notes', async () => {
  serve(detail({ status: 'CLOSED', rating: 5, ratingText: 'Quick and kind' }));
  open();
  expect(
    await screen.findByText('This ticket is closed: no more replies, internal notes only.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reply' })).toBeDisabled();
  expect(screen.getByRole('textbox', { name: 'Internal note' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Propose resolve' })).toBeNull();
  expect(screen.getByText('5 of 5')).toBeInTheDocument();
  expect(screen.getByText('Quick and kind')).toBeInTheDocument();
});

it('lives on the desk socket: joins the ticket, shows new messages, typing and read, says we read and type', async () => {
  let current = detail();
  serve(() => current);
  const user = userEvent.setup();
  open();
  await screen.findByRole('log', { name: 'Conversation' });
  const socket = lastSocket();
  act(() => socket.serverConnects());
  expect(socket.sent('join')[0]?.[0]).toBe(TICKET);
  expect(socket.sent('read')).toContainEqual([{ ticketId: TICKET }]);

  act(() => socket.serverEmits('typing', { ticketId: TICKET, typing: true }));
  expect(screen.getByText('Ann is typing…')).toBeInTheDocument();
  // Another ticket's events are not this one's.
  act(() =>
    socket.serverEmits('ticketMessage', {
      ticketId: listItem({ id: '0195f0e2-5a8e-7000-8000-0000000000ff' }).id,
      message: message({ id: '0195f0e2-5a8e-7000-8000-0000000000f1', message: 'Someone else' }),
    }),
  );
  const arrived = message({ id: '0195f0e2-5a8e-7000-8000-0000000000c9', message: 'Still broken on mobile' });
  current = { ...current, messages: [...current.messages, arrived] };
  act(() => socket.serverEmits('ticketMessage', { ticketId: TICKET, message: arrived }));
  expect(await screen.findByText('Still broken on mobile')).toBeInTheDocument();
  expect(screen.queryByText('Someone else')).toBeNull();
  expect(screen.queryByText('Ann is typing…')).toBeNull();
  expect(socket.sent('read').length).toBeGreaterThanOrEqual(2);

  act(() =>
    socket.serverEmits('read', {
      ticketId: TICKET,
      messageId: '0195f0e2-5a8e-7000-8000-0000000000c3',
      readAt: new Date().toISOString(),
    }),
  );
  expect(await screen.findByText('Seen')).toBeInTheDocument();

  await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'On it');
  expect(socket.sent('typing')).toEqual([[{ ticketId: TICKET, typing: true }]]);
});

it('on a touch screen Enter makes a new line and only Send sends', async () => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query }));
  const calls = serve(detail(), (call) =>
    call.method === 'POST' && call.url.pathname.endsWith('/messages') ? { body: detail() } : undefined,
  );
  const user = userEvent.setup();
  open();
  const reply = await screen.findByRole('textbox', { name: 'Reply' });
  await user.type(reply, 'First line{Enter}second line');
  expect(reply).toHaveValue('First line\nsecond line');
  expect(posts(calls)).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(posts(calls)).toHaveLength(1));
  const form = posts(calls)[0]?.body as FormData;
  expect(form.get('message')).toBe('First line\nsecond line');
});
