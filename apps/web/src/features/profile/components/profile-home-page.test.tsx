import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
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
      'GET /profile/bonuses': {
        status: 200,
        body: {
          activityBonuses: {
            daily: null,
            everyWeek: {
              id: '00000000-0000-4000-8000-000000000001',
              presentationRuleName: 'Weekly',
              presentationRuleKey: null,
              amount: 5,
              sumOfBets: 12,
              winningAmount: 0,
              targetAmount: 50,
              credited: false,
            },
            everyMonth: null,
            winBet: null,
          },
          welcomeBonuses: {
            onboarding: [
              {
                id: '00000000-0000-4000-8000-000000000002',
                presentationRuleName: 'A',
                presentationRuleKey: null,
                amount: 1,
                hasBonus: true,
              },
              {
                id: '00000000-0000-4000-8000-000000000003',
                presentationRuleName: 'B',
                presentationRuleKey: null,
                amount: 1,
                hasBonus: false,
              },
            ],
          },
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
    // The player's real figures, as /profile/bonuses shows them (not the spec's sample 50 / 90, 1 of 3).
    expect(await within(bonus).findByText('1 of 2')).toBeInTheDocument();
    expect(within(bonus).getByText('$12 / $50')).toBeInTheDocument();
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
