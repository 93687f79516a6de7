import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n';
import { BottomNav, type BottomNavProps } from './bottom-nav';

function renderNav(props: BottomNavProps = {}, at = '/news') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <p>Outside</p>
            <BottomNav {...props} />
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let now = 0;
const nav = () => screen.getByTestId('bottom-nav');
const swipe = (from: number, to: number, ms: number, target: Element = nav()) => {
  fireEvent.touchStart(target, { touches: [{ clientX: 100, clientY: from }] });
  now += ms;
  fireEvent.touchEnd(target, { changedTouches: [{ clientX: 100, clientY: to }] });
};
const menuButton = () => screen.getByRole('button', { name: /^(Menu|Close)$/ });

describe('BottomNav', () => {
  beforeEach(async () => {
    await initI18n('en');
    now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens on a swipe up of 30px within 300ms and closes on a swipe down', () => {
    const onOpen = vi.fn();
    renderNav({ onOpen });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    swipe(600, 570, 200);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton()).toHaveAccessibleName('Close');
    expect(onOpen).toHaveBeenCalledTimes(1);

    swipe(500, 530, 250);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveAccessibleName('Menu');
  });

  it('ignores swipes that are too short or too slow', () => {
    renderNav();
    swipe(600, 571, 100);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    swipe(600, 500, 301);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    swipe(600, 500, 300);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    swipe(500, 529, 100);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on a touch or click outside the panel', () => {
    renderNav();
    swipe(600, 500, 100);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.touchStart(screen.getByText('Outside'), { touches: [{ clientX: 1, clientY: 1 }] });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(menuButton());
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the empty text, and a tapped notification opens its page and closes the panel', async () => {
    const user = userEvent.setup();
    const router = renderNav({
      notifications: [
        {
          id: 7,
          notificationMessage: 'Your deposit arrived',
          isRead: false,
          createdAt: new Date(now - 120_000).toISOString(),
        },
      ],
    });
    await user.click(menuButton());
    expect(screen.queryByText('Your notifications will appear here')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Your deposit arrived/ }));
    expect(router.state.location.pathname).toBe('/profile/notifications/7');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('switches language on a vertical drag over 40px in the picker', async () => {
    renderNav();
    fireEvent.click(menuButton());
    expect(screen.getByText('Your notifications will appear here')).toBeInTheDocument();
    const picker = screen.getByTestId('language-drag');
    fireEvent.touchStart(picker, { touches: [{ clientX: 10, clientY: 300 }] });
    fireEvent.touchMove(picker, { touches: [{ clientX: 10, clientY: 265 }] });
    expect(i18n.language).toBe('en');
    fireEvent.touchMove(picker, { touches: [{ clientX: 10, clientY: 259 }] });
    await vi.waitFor(() => expect(i18n.language).toBe('es'));
    fireEvent.touchEnd(picker, { changedTouches: [{ clientX: 10, clientY: 259 }] });
    // The drag inside the picker is not a panel swipe: the panel stays open (now labelled in Spanish).
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveAttribute('aria-expanded', 'true');
    await initI18n('en');
  });

  it('leads Studio, Live, Table, Slots and Bets to the filtered games list', () => {
    renderNav();
    expect(screen.getByRole('link', { name: 'Live' })).toHaveAttribute('href', '/?kind=LIVE#games-list');
    expect(screen.getByRole('link', { name: 'Table' })).toHaveAttribute('href', '/?kind=TABLE#games-list');
    expect(screen.getByRole('link', { name: 'Slots' })).toHaveAttribute('href', '/?kind=SLOTS#games-list');
    expect(screen.getByRole('link', { name: 'Bets' })).toHaveAttribute('href', '/?kind=BETS#games-list');
    expect(screen.getByRole('link', { name: 'Studio' })).toHaveAttribute(
      'href',
      '/?provider=paws-studio#games-list',
    );
    expect(screen.getByRole('link', { name: 'Main menu' })).toHaveAttribute('href', '/');
  });

  it('folds to a handle on the game screen: the handle or a swipe up brings the bar back, a swipe down folds it', () => {
    renderNav({}, '/game?gameCode=blackjack&providerCodeName=paws-studio&title=Blackjack');
    const handle = screen.getByRole('button', { name: 'Show the navigation bar' });
    expect(nav()).toHaveAttribute('data-collapsed', 'true');
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.click(handle);
    expect(screen.getByRole('navigation', { name: 'Quick navigation' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide the navigation bar' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    swipe(500, 540, 200);
    expect(nav()).toHaveAttribute('data-collapsed', 'true');
    swipe(600, 560, 200);
    expect(nav()).toHaveAttribute('data-collapsed', 'false');
    // Playing (the focus leaves for the game frame) folds it away.
    fireEvent.blur(window);
    expect(nav()).toHaveAttribute('data-collapsed', 'true');
  });

  it('is not folded anywhere else', () => {
    renderNav();
    expect(nav()).toHaveAttribute('data-collapsed', 'false');
    expect(screen.queryByRole('button', { name: 'Show the navigation bar' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Quick navigation' })).toBeVisible();
  });
});
