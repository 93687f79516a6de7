import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/features/auth/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { PREFERENCES_STORAGE_KEY } from './preferences-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

const userData = (verificationType = 'PENDING') => ({
  status: 200,
  body: {
    user: {
      userId: 'u-7f3a',
      username: 'lucky_7',
      email: 'demo@paws.local',
      phone: null,
      linkMinified: null,
      linkFull: null,
      verificationType,
      isManager: false,
      role: 'player',
      emailVerified: true,
      phoneVerified: false,
      promoCode: null,
      referralCode: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    balances: [
      { currencyCode: 'USD', amount: 1234.5, currency: { symbol: '$' } },
      { currencyCode: 'PAWS', amount: 100, currency: { symbol: null } },
    ],
  },
});

async function setup(verificationType?: string) {
  mockApi({
    'POST /auth/refresh-tokens': { status: 201 },
    'GET /profile/user-data': userData(verificationType),
  });
  const user = userEvent.setup();
  const view = await renderRoute('/profile/account');
  await screen.findByRole('region', { name: 'My hud' }, { timeout: 5_000 });
  return { user, ...view };
}

describe('/profile/account', () => {
  it('shows the USD balance, the hud with the verification badge, settings and the download block', async () => {
    await setup('APPROVED');
    const account = screen.getByRole('region', { name: 'My account' });
    expect(within(account).getByText('$1,234.5')).toBeInTheDocument();
    const hud = screen.getByRole('region', { name: 'My hud' });
    expect(within(hud).getByText('lucky_7')).toBeInTheDocument();
    expect(within(hud).getByText('ID: u-7f3a')).toBeInTheDocument();
    expect(within(hud).getByText('Verified')).toBeInTheDocument();
    expect(within(hud).getByRole('progressbar', { name: 'Bonus status' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(hud).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', 'http://localhost:3001');
  });

  it('copies the user id and says so for one second', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Copy user id' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('u-7f3a');
    await waitFor(() => expect(screen.queryByText('Copied to clipboard')).not.toBeInTheDocument(), {
      timeout: 2_000,
    });
  });

  it('opens the payment modal on the chosen tab', async () => {
    const { user } = await setup();
    const account = screen.getByRole('region', { name: 'My account' });
    await user.click(within(account).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    expect(within(dialog).getByRole('tab', { name: 'Withdraw' })).toHaveAttribute('aria-selected', 'true');
  });

  it('stores game preferences locally and shows all types after Show All on a small screen', async () => {
    const { user } = await setup();
    const preferences = screen.getByRole('region', { name: 'My Preferences' });
    expect(within(preferences).queryByRole('button', { name: 'Slots' })).not.toBeInTheDocument();
    await user.click(within(preferences).getByRole('button', { name: 'Show All' }));
    await user.click(within(preferences).getByRole('button', { name: 'Slots' }));
    expect(within(preferences).getByRole('button', { name: 'Slots' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '[]')).toEqual(['slots']);
    expect(within(preferences).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });
});
