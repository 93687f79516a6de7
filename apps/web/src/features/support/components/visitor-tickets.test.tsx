import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { io } from 'socket.io-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { type FakeTicketSocket, fakeTicketSocket, ticketMessage } from '../testing/fake-socket';
import { detail, TICKET_ID } from '../testing/tickets';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));

let all: FakeTicketSocket[] = [];
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

const visitor = { 'POST /auth/refresh-tokens': apiError(401, 'Unauthorized') };

describe("a visitor's ticket on the contacts page", { timeout: 20_000 }, () => {
  it('sends POST /tickets/unAuth with the fields and a file as form data, then says where the link went', async () => {
    const api = mockApi({
      ...visitor,
      'POST /tickets/unAuth': { status: 201, body: { id: TICKET_ID, status: 'CREATED' } },
    });
    const user = userEvent.setup();
    await renderRoute('/contacts');
    const section = await screen.findByRole('region', { name: 'Write to support' }, { timeout: 10_000 });
    await user.click(within(section).getByRole('button', { name: 'Send request' }));
    expect(within(section).getByText('Please enter your name')).toBeInTheDocument();
    expect(within(section).getByText('Please enter a valid email')).toBeInTheDocument();
    expect(api.callsTo('POST', '/tickets/unAuth')).toHaveLength(0);

    await user.type(within(section).getByLabelText('Your name'), 'Ada');
    await user.type(within(section).getByLabelText('E-mail'), 'ada@example.com');
    await user.click(within(section).getByRole('radio', { name: 'Bug/error detected' }));
    await user.type(within(section).getByLabelText('Message'), 'The lobby shows no games');
    await user.upload(
      within(section).getByLabelText('File (optional)'),
      new File(['log'], 'log.txt', { type: 'text/plain' }),
    );
    await user.click(within(section).getByRole('button', { name: 'Send request' }));

    expect(
      await within(section).findByText(
        'Your request is on its way. We have sent a private link to ada@example.com: open it to follow the answer.',
      ),
    ).toBeInTheDocument();
    const form = api.callsTo('POST', '/tickets/unAuth')[0]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'file'))).toEqual({
      nameOfUser: 'Ada',
      email: 'ada@example.com',
      invocationCategory: 'BUG_REPORT',
      message: 'The lobby shows no games',
    });
    expect((form.get('file') as File).name).toBe('log.txt');
  });

  it('says when the visitor has sent too many requests', async () => {
    mockApi({
      ...visitor,
      'POST /tickets/unAuth': apiError(429, 'Too many tickets; please try again later'),
    });
    const user = userEvent.setup();
    await renderRoute('/contacts');
    const section = await screen.findByRole('region', { name: 'Write to support' }, { timeout: 10_000 });
    await user.type(within(section).getByLabelText('Your name'), 'Ada');
    await user.type(within(section).getByLabelText('E-mail'), 'ada@example.com');
    await user.click(within(section).getByRole('radio', { name: 'Technical problem' }));
    await user.type(within(section).getByLabelText('Message'), 'Help');
    await user.click(within(section).getByRole('button', { name: 'Send request' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Too many requests from you. Please try again later.',
    );
  });

  it('sends a signed-in player to Technical support instead', async () => {
    mockApi({ 'POST /auth/refresh-tokens': { status: 201 } });
    await renderRoute('/contacts');
    const section = await screen.findByRole('region', { name: 'Write to support' }, { timeout: 10_000 });
    expect(within(section).getByRole('link', { name: 'Go to Technical support' })).toHaveAttribute(
      'href',
      '/profile/support',
    );
    expect(within(section).queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
  });
});

describe('/support/ticket/{token}', { timeout: 20_000 }, () => {
  const token = 't'.repeat(40);

  it("shows the visitor's ticket and chats with the link's token", async () => {
    mockApi({
      ...visitor,
      [`GET /tickets/guest/${token}`]: {
        status: 200,
        body: {
          ticket: { ...detail({ status: 'IN_PROGRESS' }), nameOfUser: 'Ada', email: 'ada@example.com' },
          messages: [],
        },
      },
    });
    const user = userEvent.setup();
    await renderRoute(`/support/ticket/${token}`);
    expect(
      await screen.findByText('Ada, ada@example.com', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(all.filter((socket) => socket.url === '/tickets')).toHaveLength(1));
    const socket = all.find((s) => s.url === '/tickets') as FakeTicketSocket;
    expect(socket.options).toMatchObject({ auth: { ticketId: TICKET_ID, guestToken: token } });
    act(() =>
      socket.join([
        ticketMessage({ message: 'The lobby shows no games' }),
        ticketMessage({ byManager: true, message: 'Fixed, please look' }),
      ]),
    );
    expect(screen.getByText('Fixed, please look')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Works now, thanks{Enter}');
    expect(socket.requests[0]?.request).toEqual({ message: 'Works now, thanks' });
  });

  it('says the link expired or was revoked (410) and leads to the contacts page for a new request', async () => {
    mockApi({
      ...visitor,
      [`GET /tickets/guest/${token}`]: apiError(
        410,
        'This link has expired or was revoked. You can write a new request from the contacts page.',
      ),
    });
    await renderRoute(`/support/ticket/${token}`);
    expect(
      await screen.findByText(
        'This link has expired or was revoked. You can write a new request from the contacts page.',
        undefined,
        { timeout: 10_000 },
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Write a new request' })).toHaveAttribute('href', '/contacts');
    expect(screen.queryByText('This link is not valid')).not.toBeInTheDocument();
  });

  it('says at once that the link expired or was revoked when the open chat hears socketError 410', async () => {
    const api = mockApi({
      ...visitor,
      [`GET /tickets/guest/${token}`]: {
        status: 200,
        body: {
          ticket: { ...detail({ status: 'IN_PROGRESS' }), nameOfUser: 'Ada', email: 'ada@example.com' },
          messages: [],
        },
      },
    });
    await renderRoute(`/support/ticket/${token}`);
    await screen.findByText('Ada, ada@example.com', undefined, { timeout: 10_000 });
    await vi.waitFor(() => expect(all.filter((socket) => socket.url === '/tickets')).toHaveLength(1));
    const socket = all.find((s) => s.url === '/tickets') as FakeTicketSocket;
    act(() => socket.join([ticketMessage({ message: 'The lobby shows no games' })]));
    expect(screen.getByText('The lobby shows no games')).toBeInTheDocument();
    const loads = api.callsTo('GET', `/tickets/guest/${token}`).length;

    // Staff revoke the links: the server says 410 on the open socket, then drops it.
    act(() => {
      socket.fire('socketError', {
        statusCode: 410,
        message: 'This link has expired or was revoked. You can write a new request from the contacts page.',
      });
      socket.fire('disconnect', 'io server disconnect');
    });
    expect(
      screen.getByText(
        'This link has expired or was revoked. You can write a new request from the contacts page.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Write a new request' })).toHaveAttribute('href', '/contacts');
    expect(screen.queryByText('The lobby shows no games')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
    // No reload, no new connection.
    expect(api.callsTo('GET', `/tickets/guest/${token}`)).toHaveLength(loads);
    expect(all.filter((s) => s.url === '/tickets')).toHaveLength(1);
    expect(socket.connected).toBe(false);
  });

  it('says the link is not valid', async () => {
    mockApi({ ...visitor, [`GET /tickets/guest/${token}`]: apiError(404, 'This link is not valid') });
    await renderRoute(`/support/ticket/${token}`);
    expect(
      await screen.findByText('This link is not valid', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
