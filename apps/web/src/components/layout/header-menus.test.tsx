import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MANAGER_AVATAR } from '@/components/ui/avatar';
import { initI18n } from '@/lib/i18n/i18n';
import { applyVibe } from '@/lib/vibe';
import { type Balance, BalanceButton } from './balance-button';
import { BELL_LIST_MAX_HEIGHT, NotificationBell, type NotificationItem } from './notification-bell';
import { UserMenu } from './user-menu';

const sampleBalances: Balance[] = [
  { currencyCode: 'USD', amount: 1234.5, currency: { symbol: '$' } },
  { currencyCode: 'PAWS', amount: 5000, currency: { symbol: 'P' } },
  { currencyCode: 'BONUS_USD', amount: 20, currency: { symbol: '$' } },
  { currencyCode: 'FREE_SPINS', amount: 15, currency: null },
];

const sampleNotifications: NotificationItem[] = [
  { id: 1, notificationMessage: 'Welcome to PAWS', isRead: true, createdAt: new Date().toISOString() },
  { id: 2, notificationMessage: 'Deposit received', isRead: false, createdAt: new Date().toISOString() },
];

function inRouter(ui: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return router;
}

function stubWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      return {
        matches: min ? width >= Number(min[1]) : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      };
    }),
  );
}

/** What the button shows on screen: its text without the visually hidden words. */
function visibleText(element: HTMLElement) {
  const clone = element.cloneNode(true) as HTMLElement;
  for (const hidden of clone.querySelectorAll('.visually-hidden')) hidden.remove();
  return (clone.textContent ?? '').trim();
}

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  applyVibe('strategic-green');
});

describe('BalanceButton', () => {
  it('shows USD by default with its symbol and offers every balance passed in', async () => {
    const user = userEvent.setup();
    stubWidth(1440);
    render(<BalanceButton balances={sampleBalances} />);
    const trigger = screen.getByRole('button', { name: 'Balance $1,234.5 USD, choose currency' });
    expect(visibleText(trigger)).toBe('$1,234.5 USD');
    await user.click(trigger);
    const list = screen.getByRole('list', { name: 'Currencies' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      'USD$1,234.5',
      'PAWS5,000',
      'Bonus20',
      'Free Spins15',
    ]);
    await user.click(within(list).getByRole('button', { name: /Free Spins/ }));
    expect(screen.queryByRole('list', { name: 'Currencies' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Balance 15 Free Spins, choose currency' }),
    ).toBeInTheDocument();
  });

  it('defaults to PAWS at 1920px and wider, without a money symbol', () => {
    stubWidth(1920);
    render(<BalanceButton balances={sampleBalances} />);
    expect(visibleText(screen.getByRole('button', { name: /Balance/ }))).toBe('5,000 PAWS');
  });
});

describe('UserMenu', () => {
  it('offers Change Vibe, My Profile and Log Out', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    const router = inRouter(<UserMenu username="Lynx" avatarUrl="/a/small.png" onLogout={onLogout} />);
    expect(screen.getByAltText('Lynx')).toHaveAttribute('src', '/a/small.png');
    await user.click(screen.getByRole('button', { name: 'Account menu of Lynx' }));

    await user.click(screen.getByRole('button', { name: 'Change Vibe' }));
    await user.click(screen.getByRole('button', { name: 'Wild' }));
    expect(document.documentElement.dataset.vibe).toBe('aggressive-red');
    expect(localStorage.getItem('vibe')).toBe('aggressive-red');

    await user.click(screen.getByRole('button', { name: 'Account menu of Lynx' }));
    await user.click(screen.getByRole('link', { name: 'My Profile' }));
    expect(router.state.location.pathname).toBe('/profile');

    await user.click(screen.getByRole('button', { name: 'Account menu of Lynx' }));
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows the fixed image for managers', () => {
    inRouter(<UserMenu username="Boss" avatarUrl="/a/small.png" isManager onLogout={() => {}} />);
    expect(screen.getByAltText('Boss')).toHaveAttribute('src', MANAGER_AVATAR);
  });
});

describe('NotificationBell', () => {
  it('shows the unread dot, calls onOpen on each opening and links items to their page', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const router = inRouter(<NotificationBell notifications={sampleNotifications} onOpen={onOpen} />);
    expect(screen.getByTestId('unread-dot')).toBeInTheDocument();
    const bell = screen.getByRole('button', { name: 'Notifications, unread messages' });
    await user.click(bell);
    expect(onOpen).toHaveBeenCalledTimes(1);
    const list = screen.getByRole('list');
    expect(list.style.maxHeight).toBe(`${BELL_LIST_MAX_HEIGHT}px`);
    await user.click(bell);
    await user.click(bell);
    expect(onOpen).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('link', { name: /Deposit received/ }));
    expect(router.state.location.pathname).toBe('/profile/notifications/2');
  });

  it('has no dot when everything is read and shows the empty text', async () => {
    const user = userEvent.setup();
    inRouter(<NotificationBell notifications={[]} />);
    expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('Your notifications will appear here')).toBeInTheDocument();
    await act(async () => {});
  });
});

describe('header buttons: the accessible name holds the visible text (axe label-content-name-mismatch)', () => {
  afterEach(() => initI18n('en'));

  it.each(['en', 'es', 'fr', 'it'] as const)('%s: balance and user buttons', async (language) => {
    await initI18n(language);
    stubWidth(1440);
    render(<BalanceButton balances={sampleBalances} />);
    inRouter(<UserMenu username="+44 ••• ••• 456" onLogout={() => {}} />);
    const [balance, user] = screen.getAllByRole('button');
    for (const button of [balance, user]) {
      if (!button) throw new Error('button missing');
      // No aria-label: the name is the button's own content, the visible words in their place.
      expect(button).not.toHaveAttribute('aria-label');
      const name = button.textContent ?? '';
      const visible = visibleText(button);
      expect(visible).not.toBe('');
      expect(name.replace(/\s+/g, ' ')).toContain(visible.trim().replace(/\s+/g, ' '));
    }
    expect(balance).toHaveTextContent('$1,234.5');
    expect(user).toHaveTextContent('+44 ••• ••• 456');
    // The avatar's initial or image repeats the name for the eye only.
    expect(user?.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});
