import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { userDataReply } from '@/testing/user-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

const userData = (verificationType = 'PENDING') => userDataReply(verificationType);

async function setup(
  verificationType?: string,
  { stored = [] as string[], saveFails = false }: { stored?: string[]; saveFails?: boolean } = {},
) {
  // The server's copy of the preferences: PUT replaces it, GET reads it.
  let preferences = stored;
  let reads = 0;
  let limits: unknown[] = [];
  const api = mockApi({
    'POST /auth/refresh-tokens': { status: 201 },
    'GET /profile/user-data': userData(verificationType),
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
        welcomeBonuses: { onboarding: [] },
      },
    },
    // With saveFails the server is gone after the first read: only the client's own undo restores a toggle.
    'GET /profile/preferences': () =>
      saveFails && reads++ > 0
        ? apiError(503, 'Service Unavailable')
        : { status: 200, body: { gameTypes: preferences } },
    'GET /profile/responsible-gaming': { status: 200, body: { limits } },
    'PUT /profile/responsible-gaming/limits': ({ body }) => {
      const { kind, period, amount } = body as { kind: string; period: string; amount: number };
      limits = [{ kind, period, amount, pending: null, used: 0, left: amount }];
      return { status: 200, body: { limits } };
    },
    'PUT /profile/preferences': ({ body }) => {
      if (saveFails) return apiError(500, 'Internal Server Error');
      preferences = (body as { gameTypes: string[] }).gameTypes;
      return { status: 200, body: { gameTypes: preferences } };
    },
  });
  const user = userEvent.setup();
  const view = await renderRoute('/profile/account');
  await screen.findByRole('region', { name: 'My hud' }, { timeout: 14_000 });
  return { user, api, ...view };
}

// The account page is the profile's heaviest screen (seven cards, three lists read); its first render also
// loads the route's code, which took 5–11 s on a busy shared machine (load average 17 on two cores).
describe('/profile/account', { timeout: 20_000 }, () => {
  it('shows the USD balance, the hud with the verification badge, settings and the download block', async () => {
    await setup('APPROVED');
    const account = screen.getByRole('region', { name: 'My account' });
    expect(within(account).getByText('$1,234.5')).toBeInTheDocument();
    const hud = screen.getByRole('region', { name: 'My hud' });
    expect(within(hud).getByText('lucky_7')).toBeInTheDocument();
    expect(within(hud).getByText('ID: u-7f3a')).toBeInTheDocument();
    expect(within(hud).getByText('Verified')).toBeInTheDocument();
    // The player's real figures: this week's bets against the weekly target.
    expect(await within(hud).findByRole('progressbar', { name: 'Bonus status' })).toHaveAttribute(
      'aria-valuenow',
      '12',
    );
    expect(within(hud).getByText('$12 / $50')).toBeInTheDocument();
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

  it('loads game preferences from the server, saves a toggle and shows all types after Show All on a small screen', async () => {
    const { user, api } = await setup(undefined, { stored: ['poker'] });
    const preferences = screen.getByRole('region', { name: 'My Preferences' });
    await waitFor(() =>
      expect(within(preferences).getByRole('button', { name: 'Poker' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(within(preferences).queryByRole('button', { name: 'Slots' })).not.toBeInTheDocument();
    await user.click(within(preferences).getByRole('button', { name: 'Show All' }));
    await user.click(within(preferences).getByRole('button', { name: 'Slots' }));
    expect(within(preferences).getByRole('button', { name: 'Slots' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(api.callsTo('PUT', '/profile/preferences')).toHaveLength(1));
    expect(api.callsTo('PUT', '/profile/preferences')[0]?.body).toEqual({ gameTypes: ['poker', 'slots'] });
    await user.click(within(preferences).getByRole('button', { name: 'Poker' }));
    await waitFor(() => expect(api.callsTo('PUT', '/profile/preferences')).toHaveLength(2));
    expect(api.callsTo('PUT', '/profile/preferences')[1]?.body).toEqual({ gameTypes: ['slots'] });
    await waitFor(() =>
      expect(within(preferences).getByRole('button', { name: 'Poker' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(within(preferences).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
  });

  it('turns a toggle back and says so when the save fails', async () => {
    const { user, api } = await setup(undefined, { saveFails: true });
    const preferences = screen.getByRole('region', { name: 'My Preferences' });
    const poker = within(preferences).getByRole('button', { name: 'Poker' });
    await waitFor(() => expect(poker).toBeEnabled());
    await user.click(poker);
    expect(await within(preferences).findByRole('alert')).toHaveTextContent(
      'Your preferences could not be saved. Please try again.',
    );
    await waitFor(() => expect(api.callsTo('GET', '/profile/preferences')).toHaveLength(2));
    expect(poker).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('PUT', '/profile/preferences')).toHaveLength(1);
  });

  it('sets a responsible gaming limit and shows what it leaves', async () => {
    const { user } = await setup();
    const section = screen.getByRole('region', { name: 'Responsible gaming' });
    await user.selectOptions(within(section).getByLabelText('Limit'), 'LOSS');
    await user.selectOptions(within(section).getByLabelText('Period'), 'WEEK');
    await user.type(within(section).getByLabelText('Amount (USD)'), '50');
    await user.click(within(section).getByRole('button', { name: 'Set limit' }));
    expect(await within(section).findByText('Loss limit, 7 days')).toBeInTheDocument();
    expect(within(section).getByText('$50.00 left of $50.00')).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent('Your limits are saved.');
  });
});
