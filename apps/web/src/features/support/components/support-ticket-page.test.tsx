import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { io } from 'socket.io-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { type FakeTicketSocket, fakeTicketSocket, ticketMessage } from '../testing/fake-socket';
import { detail, playerData, TICKET_ID } from '../testing/tickets';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));

let all: FakeTicketSocket[] = [];
/** The tickets channel's sockets (the notifications channel opens its own). */
const ticketSockets = () => all.filter((socket) => socket.url === '/tickets');
beforeEach(() => {
  all = [];
  vi.mocked(io).mockImplementation(((url: string, options: unknown) => {
    const socket = fakeTicketSocket();
    socket.url = url;
    socket.options = options;
    all.push(socket);
    return socket;
  }) as unknown as typeof io);
});

const signedIn = { 'POST /auth/refresh-tokens': { status: 201 }, 'GET /profile/user-data': playerData };
const path = `/profile/support/${TICKET_ID}`;

/** Renders the page and joins the chat with these messages. */
async function open(
  ticket = detail(),
  messages = [ticketMessage()],
  extra: Parameters<typeof mockApi>[0] = {},
) {
  const api = mockApi({
    ...signedIn,
    [`GET /tickets/user/${TICKET_ID}`]: { status: 200, body: ticket },
    ...extra,
  });
  const view = await renderRoute(path);
  await vi.waitFor(() => expect(ticketSockets()).toHaveLength(1), { timeout: 10_000 });
  const socket = ticketSockets()[0] as FakeTicketSocket;
  act(() => socket.join(messages));
  return { api, view, socket };
}

describe('/profile/support/{id}', { timeout: 20_000 }, () => {
  it("shows 'apeal to' with the date and time, the status and category badges, and joins the ticket's chat", async () => {
    const { socket } = await open();
    const when = formatDateTime('2026-11-20T14:05:00.000Z', { locale: 'en' });
    expect(screen.getByRole('heading', { name: `apeal to ${when}` })).toBeInTheDocument();
    expect(document.body).toHaveTextContent('Status: In Progress');
    expect(document.body).toHaveTextContent('Category: Technical problem');
    expect(socket.url).toBe('/tickets');
    expect(socket.options).toMatchObject({
      transports: ['websocket'],
      reconnection: false,
      auth: { ticketId: TICKET_ID },
    });
  });

  it("says 'No messages yet' for an empty chat, then shows messages by Manager and You and status changes", async () => {
    const { socket } = await open(detail(), []);
    expect(screen.getByText('No messages yet')).toBeInTheDocument();
    act(() => {
      socket.fire('receiveTicketMessage', ticketMessage({ message: 'My deposit is missing' }));
      socket.fire(
        'receiveTicketMessage',
        ticketMessage({ byManager: true, username: 'Anna', message: 'Checking now' }),
      );
      socket.fire('receiveTicketMessage', ticketMessage({ message: '', changeStatus: 'RESOLVE_REQUEST' }));
    });
    const chat = screen.getByRole('list', { name: 'Chat with the manager' });
    const items = within(chat).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^You.*My deposit is missing$/);
    expect(items[1]).toHaveTextContent(/^Manager.*Checking now$/);
    expect(items[2]).toHaveTextContent('Request status has changed to: Resolve Request');
    expect(screen.queryByText('No messages yet')).not.toBeInTheDocument();
  });

  it('sends only with text or a file; Enter without Shift sends, Shift+Enter makes a new line', async () => {
    const { socket } = await open();
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Your message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(socket.requests).toHaveLength(0);
    expect(input).toHaveValue('Line one\nline two');
    expect(send).toBeEnabled();
    await user.type(input, '{Enter}');
    expect(socket.requests[0]?.request).toEqual({ message: 'Line one\nline two' });
    act(() => socket.requests[0]?.ack({ ok: true, id: 'x' }));
    await vi.waitFor(() => expect(input).toHaveValue(''));
  });

  it('attaches an accepted file (sent as bytes with mimetype and originalname) and refuses other types, saying the limit', async () => {
    const { socket } = await open();
    const user = userEvent.setup({ applyAccept: false });
    expect(screen.getByText('PNG, JPEG, TXT, PDF, DOC or DOCX, up to 5 MB')).toBeInTheDocument();
    const picker = screen.getByLabelText('Attach a file');
    expect(picker).toHaveAttribute('accept', '.png,.jpeg,.jpg,.txt,.pdf,.doc,.docx');

    await user.upload(picker, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This file type is not accepted');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(picker, big);
    expect(screen.getByRole('alert')).toHaveTextContent('This file is larger than 5 MB.');

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'screen.png', { type: 'image/png' });
    await user.upload(picker, png);
    expect(screen.getByText('screen.png')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeEnabled();
    await user.click(send);
    await vi.waitFor(() => expect(socket.requests).toHaveLength(1));
    const request = socket.requests[0]?.request;
    expect(request?.message).toBe('');
    expect(request?.file?.mimetype).toBe('image/png');
    expect(request?.file?.originalname).toBe('screen.png');
    expect(new Uint8Array(request?.file?.buffer as ArrayBuffer)).toEqual(new Uint8Array([137, 80, 78, 71]));
    act(() =>
      socket.requests[0]?.ack({
        ok: false,
        statusCode: 400,
        message: 'file must be one of png, jpeg (checked by its content)',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not accepted');
  });

  it('opens an attached image in the lightbox and links other files', async () => {
    await open(detail(), [
      ticketMessage({
        byManager: true,
        message: 'Here',
        linkFull: '/api/tickets/files/a.png',
        fileName: 'a.png',
        fileType: 'image/png',
        fileSize: 2048,
      }),
      ticketMessage({
        byManager: true,
        message: '',
        linkFull: '/api/tickets/files/b.pdf',
        fileName: 'guide.pdf',
        fileType: 'application/pdf',
        fileSize: 3 * 1024 * 1024,
      }),
    ]);
    const user = userEvent.setup();
    expect(screen.getByRole('link', { name: /guide\.pdf/ })).toHaveAttribute(
      'href',
      '/api/tickets/files/b.pdf',
    );
    await user.click(screen.getByRole('button', { name: 'Open the image a.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'a.png' });
    expect(within(dialog).getByRole('img', { name: 'a.png' })).toHaveAttribute(
      'src',
      '/api/tickets/files/a.png',
    );
  });

  it("'Problem solved' reads 'Waiting...' while closing and stays disabled after; the rating form appears once Closed", async () => {
    let status: 'IN_PROGRESS' | 'CLOSED' = 'IN_PROGRESS';
    let finish: (reply: { status: number; body: unknown }) => void = () => {};
    const { api } = await open(detail(), [ticketMessage()], {
      [`GET /tickets/user/${TICKET_ID}`]: () => ({ status: 200, body: detail({ status }) }),
      [`PATCH /tickets/${TICKET_ID}/resolve`]: () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Problem solved' }));
    const waiting = screen.getByRole('button', { name: 'Waiting...' });
    expect(waiting).toBeDisabled();
    status = 'CLOSED';
    await act(async () => finish({ status: 200, body: detail({ status: 'CLOSED' }) }));
    await vi.waitFor(() => expect(document.body).toHaveTextContent('Status: Closed'));
    expect(screen.getByRole('button', { name: 'Problem solved' })).toBeDisabled();
    expect(api.callsTo('PATCH', `/tickets/${TICKET_ID}/resolve`)).toHaveLength(1);
    expect(api.callsTo('GET', `/tickets/user/${TICKET_ID}`).length).toBeGreaterThanOrEqual(2);
    expect(
      screen.getByText("Please rate our manager's work, so we can become even better for you!"),
    ).toBeInTheDocument();
    expect(screen.getByText('This request is closed: no more messages can be sent.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  });

  it('rates 1 to 5 stars with an optional comment, then thanks', async () => {
    let rated: number | null = null;
    const { api } = await open(detail({ status: 'CLOSED' }), [ticketMessage()], {
      [`GET /tickets/user/${TICKET_ID}`]: () => ({
        status: 200,
        body: detail({ status: 'CLOSED', rating: rated }),
      }),
      [`PATCH /tickets/${TICKET_ID}/rate`]: ({ body }) => {
        rated = (body as { rating: number }).rating;
        return { status: 200, body: detail({ status: 'CLOSED', rating: rated }) };
      },
    });
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Problem solved' })).toBeDisabled();
    const submit = await screen.findByRole('button', { name: 'Send feedback' });
    expect(submit).toBeDisabled();
    const stars = screen.getByRole('group', { name: 'Your rating of our manager' });
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((star) => star.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    await user.click(within(stars).getByRole('radio', { name: '5 of 5 stars' }));
    await user.type(screen.getByLabelText('Comment (optional)'), 'Quick and kind');
    await user.click(submit);
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/tickets/${TICKET_ID}/rate`)[0]?.body).toEqual({
      rating: 5,
      text: 'Quick and kind',
    });
    expect(screen.getByRole('img', { name: '5 of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument();
  });

  it('follows the pushed status, shows the resolve prompt, and refetches the ticket', async () => {
    const { socket, api } = await open();
    const before = api.callsTo('GET', `/tickets/user/${TICKET_ID}`).length;
    act(() => socket.fire('ticketStatus', { status: 'RESOLVE_REQUEST' }));
    expect(document.body).toHaveTextContent('Status: Resolve Request');
    expect(
      screen.getByRole('group', { name: 'Please check if the solution was effective and leave a feedback:' }),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(api.callsTo('GET', `/tickets/user/${TICKET_ID}`).length).toBe(before + 1));
  });

  it("shows the manager typing and which of the player's messages they have read; tells them what the player read", async () => {
    const mine = ticketMessage({ message: 'Anyone there?' });
    const theirs = ticketMessage({ byManager: true, message: 'Yes, hello' });
    const { socket } = await open(detail(), [mine, theirs]);
    await vi.waitFor(() => expect(socket.emittedOf('read')).toHaveLength(1));
    act(() => socket.fire('typing', { byManager: true, typing: true }));
    expect(screen.getByText('Manager is typing...')).toBeInTheDocument();
    act(() => socket.fire('typing', { byManager: true, typing: false }));
    expect(screen.queryByText('Manager is typing...')).not.toBeInTheDocument();
    expect(screen.queryByText('Read')).not.toBeInTheDocument();
    act(() => socket.fire('read', { byManager: true, messageId: mine.id, readAt: new Date().toISOString() }));
    const items = within(screen.getByRole('list', { name: 'Chat with the manager' })).getAllByRole(
      'listitem',
    );
    expect(within(items[0] as HTMLElement).getByText('Read')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'h');
    expect(socket.emittedOf('typing')[0]?.args).toEqual([true]);
  });

  it('sets the connection error flag when the chat cannot connect, and reconnects on request', async () => {
    mockApi({ ...signedIn, [`GET /tickets/user/${TICKET_ID}`]: { status: 200, body: detail() } });
    await renderRoute(path);
    await vi.waitFor(() => expect(ticketSockets()).toHaveLength(1), { timeout: 10_000 });
    act(() =>
      ticketSockets()[0]?.fire(
        'connect_error',
        Object.assign(new Error('refused'), { data: { statusCode: 404 } }),
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The chat is not connected.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reconnect' }));
    await vi.waitFor(() => expect(ticketSockets()).toHaveLength(2));
    act(() => ticketSockets()[1]?.join([]));
    expect(screen.queryByText('The chat is not connected.')).not.toBeInTheDocument();
    expect(screen.getByText('No messages yet')).toBeInTheDocument();
  });

  it("says 'Request not found' for another player's or a missing ticket", async () => {
    mockApi({
      ...signedIn,
      [`GET /tickets/user/${TICKET_ID}`]: {
        status: 404,
        body: { statusCode: 404, message: 'Ticket not found' },
      },
    });
    await renderRoute(path);
    expect(await screen.findByText('Request not found', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(ticketSockets()).toHaveLength(0);
  });
});

describe('coming back to the list', { timeout: 20_000 }, () => {
  it('refetches the latest applications after the chat, and the detail each time it opens', async () => {
    const api = mockApi({
      ...signedIn,
      [`GET /tickets/user/${TICKET_ID}`]: { status: 200, body: detail() },
      'GET /tickets/user': { status: 200, body: { tickets: [], total: 0 } },
    });
    const view = await renderRoute('/profile/support');
    await vi.waitFor(() => expect(api.callsTo('GET', '/tickets/user')).toHaveLength(1), { timeout: 10_000 });
    await act(() => view.router.navigate(path));
    await vi.waitFor(() => expect(api.callsTo('GET', `/tickets/user/${TICKET_ID}`)).toHaveLength(1));
    await act(() => view.router.navigate('/profile/support'));
    await vi.waitFor(() => expect(api.callsTo('GET', '/tickets/user')).toHaveLength(2));
    await act(() => view.router.navigate(path));
    await vi.waitFor(() => expect(api.callsTo('GET', `/tickets/user/${TICKET_ID}`)).toHaveLength(2));
  });
});
