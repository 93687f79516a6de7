import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

// Route-level renders load lazy chunks; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedOut = () =>
  mockApi({
    'POST /auth/refresh-tokens': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
  });

describe('auth modal in the page wrapper', () => {
  it("opens from the header's buttons through the navigation state flag", async () => {
    signedOut();
    const user = userEvent.setup();
    const { router } = await renderRoute('/faq');
    await user.click(await screen.findByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Create account', level: 2 })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ authModal: 'register' });
    expect(router.state.location.pathname).toBe('/faq');
  });

  it('closing resets the flow to login with the Mail tab', async () => {
    signedOut();
    const user = userEvent.setup();
    const { router } = await renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    await user.click(screen.getByRole('tab', { name: 'Phone number' }));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.state).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mail' })).toHaveAttribute('aria-selected', 'true');
  });

  it('closes on Escape', async () => {
    signedOut();
    const user = userEvent.setup();
    await renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    await user.click(screen.getByLabelText('Email'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the landing URL referralCode in localStorage', async () => {
    signedOut();
    await renderRoute('/?referralCode=buddy7');
    await waitFor(() => expect(localStorage.getItem('referralCode')).toBe('buddy7'));
  });

  it('signed in: the header shows the user menu (with Log Out) instead of Log in', {
    timeout: 60_000,
  }, async () => {
    mockApi({
      'POST /auth/refresh-tokens': { status: 201, body: { success: true } },
      'GET /profile/user-data': {
        status: 200,
        body: {
          user: {
            userId: 'u1',
            username: 'demo',
            email: 'demo@paws.local',
            phone: null,
            linkMinified: null,
            linkFull: null,
            isManager: false,
          },
          balances: [{ currencyCode: 'USD', amount: 12.5, currency: { symbol: '$' } }],
        },
      },
    });
    await renderRoute('/');
    // The player's menus, the onboarding and the live notifications are lazy chunks, transformed on their first
    // import here (socket.io-client among them): more than the usual wait on a busy machine.
    expect(await screen.findByRole('button', { name: /demo/ }, { timeout: 45_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
