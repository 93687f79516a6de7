import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { listItem, playerData, TICKET_ID } from '../testing/tickets';

vi.mock('socket.io-client', () => ({
  io: vi.fn(() => ({ on() {}, connect() {}, disconnect() {}, connected: false })),
}));

const signedIn = { 'POST /auth/refresh-tokens': { status: 201 }, 'GET /profile/user-data': playerData };

afterEach(() => {
  vi.useRealTimers();
});

describe('/profile/support', { timeout: 20_000 }, () => {
  it('shows the contact-us and hotline blocks; Copy email reads Copied! for 2 seconds', async () => {
    mockApi({ ...signedIn, 'GET /tickets/user': { status: 200, body: { tickets: [], total: 0 } } });
    await renderRoute('/profile/support');
    expect(
      await screen.findByRole('heading', { name: 'Contact us' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const hotline = screen.getByRole('region', { name: /Hotline/ });
    expect(within(hotline).getByText('24/7')).toBeInTheDocument();
    expect(within(hotline).getByRole('link', { name: 'support@paws.local' })).toBeInTheDocument();

    // On real time, measured: fake timers that follow the real clock left this test 100 ms on either side of
    // the two seconds, less than a click can take on a loaded machine.
    const user = userEvent.setup();
    const clickedAt = Date.now();
    await user.click(within(hotline).getByRole('button', { name: 'Copy email' }));
    expect(await navigator.clipboard.readText()).toBe('support@paws.local');
    expect(within(hotline).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await within(hotline).findByRole('button', { name: 'Copy email' }, { timeout: 5_000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2_000);
  });

  it("lists 'Appeal at {date and time}' items with the last message by Manager or You, status and category; chips filter", async () => {
    const api = mockApi({
      ...signedIn,
      'GET /tickets/user': ({ query }) => ({
        status: 200,
        body:
          query.get('invocationCategory') === 'BUG_REPORT'
            ? {
                tickets: [
                  listItem({
                    id: '33333333-3333-4333-8333-333333333333',
                    invocationCategory: 'BUG_REPORT',
                    status: 'CREATED',
                    byManager: false,
                    lastTicketMessage: 'The wheel froze',
                  }),
                ],
                total: 1,
              }
            : { tickets: [listItem({ unreadCount: 2 })], total: 1 },
      }),
    });
    const user = userEvent.setup();
    await renderRoute('/profile/support');
    const list = await screen.findByRole('list', { name: 'Your requests' }, { timeout: 10_000 });
    const item = within(list).getAllByRole('listitem')[0] as HTMLElement;
    const when = formatDateTime('2026-11-20T14:05:00.000Z', { locale: 'en' });
    expect(when).toMatch(/^11\/20\/2026 \d\d:05 (AM|PM)$/);
    const link = within(item).getByRole('link', { name: `Appeal at ${when}` });
    expect(link).toHaveAttribute('href', `/profile/support/${TICKET_ID}`);
    expect(item).toHaveTextContent('Manager: Please try again now');
    expect(item).toHaveTextContent('Status: In Progress');
    expect(item).toHaveTextContent('Category: Technical problem');
    expect(item).toHaveTextContent('2 new');
    expect(api.callsTo('GET', '/tickets/user')[0]?.query.get('invocationCategory')).toBeNull();

    const chips = screen.getByRole('group', { name: 'Filter requests by category' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All', "Manager's consultation", 'Technical problem', 'Bug/error detected']);
    await user.click(within(chips).getByRole('button', { name: 'Bug/error detected' }));
    expect(await screen.findByText('The wheel froze')).toBeInTheDocument();
    expect(screen.getByText('You:')).toBeInTheDocument();
    expect(api.callsTo('GET', '/tickets/user').at(-1)?.query.get('invocationCategory')).toBe('BUG_REPORT');
    expect(within(chips).getByRole('button', { name: 'Bug/error detected' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("says 'Loading applications...' while loading, then the error view; retry leads to the empty view", async () => {
    // The list is held until released, whether its request leaves before or after 'Loading' shows.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failing = true;
    mockApi({
      ...signedIn,
      'GET /tickets/user': () =>
        failing
          ? held.then(() => apiError(503, 'Service Unavailable'))
          : { status: 200, body: { tickets: [], total: 0 } },
    });
    await renderRoute('/profile/support');
    expect(
      await screen.findByText('Loading applications...', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    release();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    failing = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('There are no data here yet')).toBeInTheDocument();
  });

  it('a Resolve Request asks for feedback: Accept resolves, Return it for revision returns, and the list refetches', async () => {
    let status = 'RESOLVE_REQUEST';
    const api = mockApi({
      ...signedIn,
      'GET /tickets/user': () => ({
        status: 200,
        body: { tickets: [listItem({ status: status as 'CLOSED' })], total: 1 },
      }),
      [`PATCH /tickets/${TICKET_ID}/return`]: () => {
        status = 'RETURNED';
        return { status: 200, body: {} };
      },
      [`PATCH /tickets/${TICKET_ID}/resolve`]: () => {
        status = 'CLOSED';
        return { status: 200, body: {} };
      },
    });
    const user = userEvent.setup();
    await renderRoute('/profile/support');
    const prompt = await screen.findByRole(
      'group',
      {
        name: 'Please check if the solution was effective and leave a feedback:',
      },
      { timeout: 10_000 },
    );
    await user.click(within(prompt).getByRole('button', { name: 'Return it for revision' }));
    const list = screen.getByRole('list', { name: 'Your requests' });
    await vi.waitFor(() => expect(list).toHaveTextContent('Status: Returned'));
    expect(api.callsTo('PATCH', `/tickets/${TICKET_ID}/return`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();

    status = 'RESOLVE_REQUEST';
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Bug/error detected' }));
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await vi.waitFor(() => expect(api.callsTo('PATCH', `/tickets/${TICKET_ID}/resolve`)).toHaveLength(1));
    await vi.waitFor(() =>
      expect(screen.getByRole('list', { name: 'Your requests' })).toHaveTextContent('Status: Closed'),
    );
  });

  it('opens a new request from the contact-us block: checks the fields, sends POST /tickets and opens the ticket', async () => {
    const api = mockApi({
      ...signedIn,
      'GET /tickets/user': { status: 200, body: { tickets: [], total: 0 } },
      'POST /tickets': { status: 201, body: { id: TICKET_ID, status: 'CREATED' } },
      [`GET /tickets/user/${TICKET_ID}`]: {
        status: 200,
        body: {
          id: TICKET_ID,
          status: 'CREATED',
          createdAt: '2026-11-20T14:05:00.000Z',
          invocationCategory: 'CONSULTATION',
          rating: null,
          ratingText: null,
        },
      },
    });
    const user = userEvent.setup();
    const view = await renderRoute('/profile/support');
    await user.click(await screen.findByRole('button', { name: 'New request' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New request' });
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Your name')).toHaveValue('lucky_7'));
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('demo@paws.local');
    expect(within(dialog).getByText('PNG, JPEG, TXT, PDF, DOC or DOCX, up to 5 MB')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Please choose a category')).toBeInTheDocument();
    expect(within(dialog).getByText('Please describe your request')).toBeInTheDocument();
    expect(api.callsTo('POST', '/tickets')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: "Manager's consultation" }));
    await user.type(within(dialog).getByLabelText('Message'), 'How do I change my vibe?');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe(`/profile/support/${TICKET_ID}`));
    expect(api.callsTo('POST', '/tickets')[0]?.body).toEqual({
      nameOfUser: 'lucky_7',
      email: 'demo@paws.local',
      invocationCategory: 'CONSULTATION',
      message: 'How do I change my vibe?',
    });
  });

  it("pages with 'Show more' while more applications remain", async () => {
    const api = mockApi({
      ...signedIn,
      'GET /tickets/user': ({ query }) => {
        const page = Number(query.get('page'));
        const ids = page === 1 ? Array.from({ length: 10 }, (_, i) => i) : [10, 11];
        return {
          status: 200,
          body: {
            tickets: ids.map((i) =>
              listItem({
                id: `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`,
                lastTicketMessage: `Note ${i}`,
              }),
            ),
            total: 12,
          },
        };
      },
    });
    const user = userEvent.setup();
    await renderRoute('/profile/support');
    const list = await screen.findByRole('list', { name: 'Your requests' }, { timeout: 10_000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(api.callsTo('GET', '/tickets/user')[0]?.query.get('limit')).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    expect(api.callsTo('GET', '/tickets/user').at(-1)?.query.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('speaks the chosen language (Spanish)', async () => {
    mockApi({
      ...signedIn,
      'GET /tickets/user': {
        status: 200,
        body: { tickets: [listItem({ status: 'RESOLVE_REQUEST' })], total: 1 },
      },
    });
    await renderRoute('/profile/support', { language: 'es' });
    expect(
      await screen.findByRole('heading', { name: 'Últimas solicitudes' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar correo' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Devolver para revisión' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Tus solicitudes' })).toHaveTextContent(
      'Gestor: Please try again now',
    );
  });
});
