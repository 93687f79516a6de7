import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/features/auth/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

// A whole route behind the sign-in guard, lazy chunks and all: a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/profile on a small screen', () => {
  it('links the balance card to the account, the bonus card to bonuses, and lists the sections', async () => {
    mockApi({
      'POST /auth/refresh-tokens': { status: 201 },
      'GET /profile/user-data': {
        status: 200,
        body: {
          user: { userId: 'u1', username: 'demo', verificationType: 'NONE', isManager: false },
          balances: [{ currencyCode: 'USD', amount: 40, currency: { symbol: '$' } }],
        },
      },
    });
    await renderRoute('/profile');
    const panel = await screen.findByRole('region', { name: 'Profile panel' }, { timeout: 15_000 });
    expect(within(panel).getByRole('link', { name: 'Balance $40, open account' })).toHaveAttribute(
      'href',
      '/profile/account',
    );
    const bonus = within(panel).getByRole('link', { name: /Bonus status, open bonuses$/ });
    expect(bonus).toHaveAttribute('href', '/profile/bonuses');
    expect(within(bonus).getByText('1 of 3')).toBeInTheDocument();
    const menu = screen.getAllByRole('navigation', { name: 'Profile sections' }).at(-1);
    expect(within(menu as HTMLElement).getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/profile/history',
    );
    expect(
      await screen.findByRole('img', { name: 'QR code that opens PAWS' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });
});
