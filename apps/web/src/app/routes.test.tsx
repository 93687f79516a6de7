import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { mockApi, setSessionHint } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { userDataReply } from '@/testing/user-data';

/** A browser with a session: the probe answers 201 and the user data loads. */
const signedIn = () =>
  mockApi({ 'POST /auth/refresh-tokens': { status: 201 }, 'GET /profile/user-data': userDataReply() });

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5_000 });

describe('routes', () => {
  afterEach(() => {
    setSessionHint(false);
    vi.unstubAllGlobals();
  });

  it('renders the FAQ screen on a deep link to /faq and titles the page', async () => {
    await renderRoute('/faq');

    expect(await heading('Frequently asked questions')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('FAQ · PAWS'));
  });

  it('renders the 404 page for an unknown path', async () => {
    await renderRoute('/no-such-page/at-all');

    expect(await heading('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found · PAWS'));
  });

  it.each([
    ['/', 'Play with joy', 'Live casino games · PAWS'],
    ['/about-us', 'About us', 'About us · PAWS'],
    ['/contacts', 'Contacts', 'Contacts · PAWS'],
    ['/terms-of-service', 'Terms of service', 'Terms of service · PAWS'],
    ['/for-partners', 'For partners', 'For partners · PAWS'],
    ['/news', 'News', 'News · PAWS'],
    ['/news/42', 'News', 'News · PAWS'],
    ['/game?gameCode=rl-1&providerCodeName=paws&title=Lime%20Roulette', 'Lime Roulette', 'Game · PAWS'],
    ['/verify?authToken=abc', 'Signing you in', 'Signing in · PAWS'],
    ['/callback/login', 'Logging you in', 'Logging in · PAWS'],
    ['/callback/register', 'Creating your account', 'Creating account · PAWS'],
    ['/verify-email', 'Email confirmation', 'Email confirmation · PAWS'],
  ])('%s renders its screen', async (path, title, documentTitle) => {
    await renderRoute(path);

    expect(await heading(title)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(documentTitle));
  });

  it.each([
    ['/profile', 'Profile', 'Profile · PAWS'],
    ['/profile/account', 'Account', 'Account · PAWS'],
    ['/profile/bonuses', 'Bonuses', 'Bonuses · PAWS'],
    ['/profile/history', 'History', 'History · PAWS'],
    ['/profile/notifications', 'Notifications', 'Notifications · PAWS'],
    ['/profile/notifications/9', 'Notification', 'Notification · PAWS'],
    ['/profile/support', 'Technical support', 'Technical support · PAWS'],
    ['/profile/support/3', 'Support request', 'Support request · PAWS'],
  ])('%s renders its screen for a player', async (path, title, documentTitle) => {
    signedIn();
    await renderRoute(path);

    expect(await heading(title)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(documentTitle));
  });

  it.each(['/profile', '/profile/account', '/profile/history', '/profile/notifications/9'])(
    '%s asks a visitor to log in (the login modal over a prompt), with no failing probe',
    async (path) => {
      const api = mockApi({});
      const { router } = await renderRoute(path);

      expect(await heading('Log in to continue')).toBeInTheDocument();
      const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
      expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
      expect(router.state.location).toMatchObject({
        pathname: path,
        state: { authModal: 'login', returnTo: path },
      });
      // No session hint cookie: the signed-out state is known without asking (issue 18 §11).
      expect(api.callsTo('POST', '/auth/refresh-tokens')).toHaveLength(0);
      expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    },
  );

  it('a visitor who closes the login modal keeps the prompt and can open it again', async () => {
    mockApi({});
    const user = userEvent.setup();
    const { router } = await renderRoute('/profile/bonuses');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Log in to continue' })).toBeInTheDocument();

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Create account' }));
    expect(router.state.location.state).toEqual({ authModal: 'register', returnTo: '/profile/bonuses' });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('a profile section links back to the profile home; the profile home and detail pages do not', async () => {
    signedIn();
    const { unmount } = await renderRoute('/profile/history');
    expect(await screen.findByRole('link', { name: 'Back to profile' }, { timeout: 5_000 })).toHaveAttribute(
      'href',
      '/profile',
    );
    unmount();
    signedIn();
    await renderRoute('/profile/notifications/9');
    expect(
      await screen.findByRole('link', { name: 'Back to notifications' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to profile' })).not.toBeInTheDocument();
  });

  it('links a news item back to News and a ticket back to support', async () => {
    signedIn();
    const { unmount } = await renderRoute(paths.newsPost.getHref(42));
    expect(await screen.findByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/news');
    unmount();

    signedIn();
    await renderRoute(paths.profileSupportTicket.getHref(3));
    expect(await screen.findByRole('link', { name: 'Back to support' })).toHaveAttribute(
      'href',
      '/profile/support',
    );
  });

  it('redirects /profile to /profile/account on a window 1024px or wider', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(min-width: 1024px)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    signedIn();
    const { router } = await renderRoute('/profile');

    expect(await heading('Account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/account');
  });

  it('shows the header and footer frames around every screen', async () => {
    await renderRoute('/contacts');
    await heading('Contacts');

    const header = screen.getByRole('banner');
    const information = within(header).getByRole('navigation', { name: 'Information' });
    expect(within(information).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(information).getByRole('link', { name: 'Terms of service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    const main = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Games' })).toHaveAttribute('href', '/#games-list');
    expect(within(header).getByPlaceholderText('Search for joy')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Create account' })).toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'For partners' })).toHaveAttribute(
      'href',
      '/for-partners',
    );
    expect(within(footer).getByText(/All rights reserved\./)).toHaveTextContent(
      `© ${new Date().getFullYear()} PAWS Entertainment Ltd. All rights reserved.`,
    );
  });

  it('flags the current location for the auth modal from Log in and Create account', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute('/news');
    await heading('News');

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(router.state.location).toMatchObject({ pathname: '/news', state: { authModal: 'login' } });

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(router.state.location).toMatchObject({ pathname: '/news', state: { authModal: 'register' } });
  });

  it('opens and closes the mobile menu panel from the Menu slot', async () => {
    const user = userEvent.setup();
    await renderRoute('/');
    await heading('Play with joy');

    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close');
    expect(screen.getByText('Your notifications will appear here')).toBeVisible();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
