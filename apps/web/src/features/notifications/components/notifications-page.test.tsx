import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { unreadBadge } from './notifications-page';

const note = (id: string, category: string, isRead = false) => ({
  id,
  notificationMessage: `Message ${id}`,
  category,
  isRead,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
});

const counts = { '': 12, SYSTEM: 0, GAME_RESULT: 10, FINANCIAL: 2, ADVERTISING: 0, SECURITY: 0 };

describe('unread badge', () => {
  it("caps at '9+' above 9", () => {
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
  });
});

describe('/profile/notifications', { timeout: 20_000 }, () => {
  it('lists the cards and shows unread counts per category in the dropdown, capped', async () => {
    const api = mockApi({
      'POST /auth/refresh-tokens': { status: 201 },
      'GET /notifications': ({ query }) => ({
        status: 200,
        body: {
          notifications:
            query.get('category') === 'FINANCIAL'
              ? [note('f1', 'FINANCIAL'), note('f2', 'FINANCIAL')]
              : [note('g1', 'GAME_RESULT'), note('f1', 'FINANCIAL', true)],
          count: 2,
          hasMore: false,
          unreadCounts: counts,
        },
      }),
    });
    const user = userEvent.setup();
    await renderRoute('/profile/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 5_000 });
    const cards = within(list).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/profile/notifications/g1',
      '/profile/notifications/f1',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('Gaming')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('New')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Category/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['All (9+)', 'System', 'Gaming (9+)', 'Finance (2)', 'Advertising', 'Security']);
    await user.click(screen.getByRole('option', { name: 'Finance (2)' }));
    await screen.findByText('Message f2');
    expect(api.callsTo('GET', '/notifications').at(-1)?.query.get('category')).toBe('FINANCIAL');
  });

  it('shows the empty panel, and the error panel with a retry', async () => {
    let failing = true;
    mockApi({
      'POST /auth/refresh-tokens': { status: 201 },
      'GET /notifications': () =>
        failing
          ? apiError(503, 'Service Unavailable')
          : { status: 200, body: { notifications: [], count: 0, hasMore: false, unreadCounts: counts } },
    });
    await renderRoute('/profile/notifications');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5_000 });
    failing = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('There are no data here yet')).toBeInTheDocument();
  });
});

describe('/profile/notifications/{id}', { timeout: 20_000 }, () => {
  it('marks the notification read on opening, shows it signed by the team, and deletes it', async () => {
    const api = mockApi({
      'POST /auth/refresh-tokens': { status: 201 },
      'PATCH /notifications/read/n-7': { status: 200, body: { ...note('n-7', 'SECURITY'), isRead: true } },
      'DELETE /notifications/n-7': { status: 204 },
      'GET /notifications': {
        status: 200,
        body: { notifications: [], count: 0, hasMore: false, unreadCounts: counts },
      },
    });
    const view = await renderRoute('/profile/notifications/n-7');
    const article = await screen.findByRole('article', { name: 'Security' }, { timeout: 5_000 });
    expect(within(article).getByText('Message n-7')).toBeInTheDocument();
    expect(within(article).getByText('The PAWS team')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/notifications/read/n-7')).toHaveLength(1);

    await userEvent.setup().click(within(article).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/profile/notifications'));
    expect(api.callsTo('DELETE', '/notifications/n-7')).toHaveLength(1);
    // The deleted notification is never marked read again (it would answer 404), and Back skips it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.callsTo('PATCH', '/notifications/read/n-7')).toHaveLength(1);
    expect(view.router.state.historyAction).toBe('REPLACE');
  });

  it('renders a keyed notification in the reader’s language; a plain one as stored', async () => {
    mockApi({
      'POST /auth/refresh-tokens': { status: 201 },
      'GET /notifications': {
        status: 200,
        body: {
          notifications: [
            {
              ...note('n-1', 'FINANCIAL'),
              notificationMessage: 'Your deposit of $25.00 was credited to your balance.',
              messageKey: 'payment.deposit',
              messageParams: { amount: '$25.00' },
            },
            { ...note('n-2', 'SYSTEM'), messageKey: null, messageParams: null },
          ],
          count: 2,
          hasMore: false,
          unreadCounts: counts,
        },
      },
    });
    await renderRoute('/profile/notifications', { language: 'fr' });
    // The page's cards (and the header bell's and bottom panel's lists, which read the same call).
    expect(
      await screen.findAllByText('Votre dépôt de $25.00 a été crédité sur votre solde.', undefined, {
        timeout: 5_000,
      }),
    ).not.toHaveLength(0);
    expect(screen.getAllByText('Message n-2')).not.toHaveLength(0);
    expect(
      screen.queryByText('Your deposit of $25.00 was credited to your balance.'),
    ).not.toBeInTheDocument();
  });

  it("says 'Notification not found' for someone else's or a missing id", async () => {
    mockApi({
      'POST /auth/refresh-tokens': { status: 201 },
      'PATCH /notifications/read/n-9': apiError(404, 'Notification not found'),
    });
    await renderRoute('/profile/notifications/n-9');
    expect(
      await screen.findByText('Notification not found', undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });
});
