import { staffFactorMessages } from '@paws/contracts/staff-factors';
import type { PlayerProfile } from '@paws/contracts/staff-players';
import { staffPlayerMessages } from '@paws/contracts/staff-players';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../testing/render';
import PlayerPage from './components/player-page';
import PlayersPage from './components/players-page';

const ID = '0195f0e2-5a8e-7000-8000-000000000001';
const profile: PlayerProfile = {
  id: ID,
  email: 'ann@example.com',
  phone: '+447700900123',
  username: 'ann',
  role: 'player',
  staffRoles: [],
  verificationType: 'APPROVED',
  emailVerifiedAt: '2026-01-02T10:00:00.000Z',
  phoneVerifiedAt: null,
  promoCode: null,
  referralCode: null,
  avatarUrl: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  lastSignInAt: '2026-02-01T10:00:00.000Z',
  twoStepOn: true,
  passkeyCount: 2,
  ban: null,
  bans: [],
  balances: [
    { currencyCode: 'USD', amount: 125.5 },
    { currencyCode: 'PAWS', amount: 100 },
    { currencyCode: 'BONUS_USD', amount: 0 },
    { currencyCode: 'FREE_SPINS', amount: 3 },
  ],
};

type Call = { method: string; url: URL; body: unknown };
let calls: Call[];
/** The staff API as these screens see it; `answers` overrides by "METHOD path". */
function stubApi(permissions: string[], answers: Record<string, () => [number, unknown]> = {}) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://backoffice.test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const key = `${method} ${url.pathname}`;
      const [status, payload] =
        answers[key]?.() ??
        (key === 'GET /api/staff/auth/session'
          ? [200, { me: { userId: 'staff-1', email: 's@staff.test', roles: ['support'], permissions } }]
          : key === `GET /api/staff/players/${ID}`
            ? [200, profile]
            : [200, { items: [], total: 0 }]);
      return new Response(JSON.stringify(payload), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderAt(path: string, element: ReactNode, routePath: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const support = ['players.read', 'players.note', 'players.ban', 'players.signout'];

afterEach(() => vi.unstubAllGlobals());

describe('the players list', () => {
  it('searches on the server by what staff type', async () => {
    const user = userEvent.setup();
    stubApi(support);
    renderAt('/players', <PlayersPage />, '/players');
    await user.type(screen.getByLabelText('Search players'), 'ann@');
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/api/staff/players' && c.url.searchParams.get('q') === 'ann@'),
      ).toBe(true),
    );
    expect(screen.getByRole('table', { name: 'Players' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('format=csv');
  });
});

describe('the player page', () => {
  it('shows the profile and balances, and the actions the role may take', async () => {
    stubApi([...support, 'adjustments.request']);
    renderAt(`/players/${ID}`, <PlayerPage />, '/players/:id');
    expect(await screen.findByRole('heading', { name: 'ann' })).toBeInTheDocument();
    const balances = screen.getByRole('table', { name: 'Balances per currency' });
    expect(within(balances).getByText('125.50 USD')).toBeInTheDocument();
    // Whether the authenticator app is on, never its secret (issue 29).
    expect(screen.getByText('On (authenticator app)')).toBeInTheDocument();
    // How many passkeys, never their keys.
    expect(screen.getByText('Passkeys', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^2$/);
    expect(screen.getByRole('button', { name: 'Ban player' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unban player' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Adjust balance' })).toHaveAttribute(
      'href',
      `/adjustments/new?playerId=${ID}`,
    );
  });

  it('hides the actions a role may not take', async () => {
    stubApi(['players.read']);
    renderAt(`/players/${ID}`, <PlayerPage />, '/players/:id');
    await screen.findByRole('heading', { name: 'ann' });
    for (const name of ['Ban player', 'Sign out everywhere'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Adjust balance' })).toBeNull();
  });

  it('bans with a reason and an end, or permanently; problems show under their field', async () => {
    const user = userEvent.setup();
    let answer: [number, unknown] = [400, { statusCode: 400, field: 'reason', message: 'Server says no' }];
    stubApi(support, { [`POST /api/staff/players/${ID}/ban`]: () => answer });
    renderAt(`/players/${ID}`, <PlayerPage />, '/players/:id');
    await user.click(await screen.findByRole('button', { name: 'Ban player' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban player' });
    const ban = within(dialog).getByRole('button', { name: 'Ban' });

    // Checked in the browser with the contract's own rules, before anything is sent.
    await user.click(ban);
    expect(await within(dialog).findByText(staffPlayerMessages.reason)).toBeInTheDocument();
    expect(within(dialog).getByText('Choose when the ban ends, or tick Permanent')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback fraud');
    await user.type(within(dialog).getByLabelText('Until'), '2099-05-01T12:30');
    await user.click(ban);
    // The server's message for a field lands under that field.
    expect(await within(dialog).findByText('Server says no')).toBeInTheDocument();
    const first = calls.find((c) => c.method === 'POST');
    expect(first?.body).toEqual({
      reason: 'Chargeback fraud',
      endsAt: new Date('2099-05-01T12:30').toISOString(),
    });

    answer = [201, {}];
    await user.click(within(dialog).getByLabelText('Permanent'));
    expect(within(dialog).getByLabelText('Until')).toBeDisabled();
    await user.click(ban);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toEqual({
      reason: 'Chargeback fraud',
      endsAt: null,
    });
    // The player is read again after the ban.
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === `/api/staff/players/${ID}`)).toHaveLength(2),
    );
  });

  it('unbans a banned player with a reason, and signs a player out everywhere with a reason', async () => {
    const user = userEvent.setup();
    const ban = {
      id: 'b1',
      reason: 'Abuse',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      createdBy: 'staff-1',
      createdByEmail: 's@staff.test',
      createdAt: '2026-01-01T00:00:00.000Z',
      liftedAt: null,
      liftedBy: null,
      liftedByEmail: null,
      liftReason: null,
      active: true,
    };
    stubApi(support, {
      [`GET /api/staff/players/${ID}`]: () => [200, { ...profile, ban, bans: [ban] }],
      [`POST /api/staff/players/${ID}/unban`]: () => [200, { lifted: [] }],
      [`POST /api/staff/players/${ID}/sign-out`]: () => [200, { ended: 2 }],
    });
    renderAt(`/players/${ID}`, <PlayerPage />, '/players/:id');
    expect(await screen.findByText('Banned permanently: Abuse')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ban player' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Unban player' }));
    const unban = screen.getByRole('dialog', { name: 'Unban player' });
    await user.type(within(unban).getByLabelText('Reason'), 'Appeal accepted');
    await user.click(within(unban).getByRole('button', { name: 'Unban' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname.endsWith('/unban'))?.body).toEqual({
        reason: 'Appeal accepted',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const confirm = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    const yes = within(confirm).getByRole('button', { name: 'Yes, sign out everywhere' });
    // A reason is asked for (it goes in the audit log), checked before anything is sent.
    await user.click(yes);
    expect(await within(confirm).findByText(staffFactorMessages.reason)).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/sign-out'))).toBe(false);
    await user.type(within(confirm).getByLabelText('Reason'), 'Account takeover suspected');
    await user.click(yes);
    expect(await screen.findByText('2 sessions were ended.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/sign-out'))?.body).toEqual({
      reason: 'Account takeover suspected',
    });
  });

  it('names a passkey in the refused sign-ins of the sign-in history', async () => {
    const user = userEvent.setup();
    const row = (id: string, failure: string) => ({
      id,
      at: '2026-02-01T10:00:00.000Z',
      ip: '203.0.113.7',
      userAgent: 'Chrome',
      newDevice: false,
      success: false,
      failure,
    });
    const failures = ['passkey_invalid', 'passkey_unverified', 'passkey_copied', 'passkey_blocked'];
    stubApi(support, {
      [`GET /api/staff/players/${ID}/sign-ins`]: () => [
        200,
        { total: 5, items: [...failures, 'passkey_restricted'].map((f, i) => row(`s${i}`, f)) },
      ],
    });
    renderAt(`/players/${ID}`, <PlayerPage />, '/players/:id');
    await user.click(await screen.findByRole('tab', { name: 'Sign-in history' }));
    const table = await screen.findByRole('table', { name: 'Sign-in history' });
    for (const text of [
      'refused: passkey: answer not valid',
      'refused: passkey: user not verified',
      'refused: passkey looked copied: blocked',
      'refused: passkey blocked',
      'refused: passkey: account restricted',
    ])
      expect(await within(table).findByText(text)).toBeInTheDocument();
  });

  it('opens each section as a server-paged table, bets with a Verify link, and adds notes', async () => {
    const user = userEvent.setup();
    stubApi(support, {
      [`GET /api/staff/players/${ID}/bets`]: () => [
        200,
        {
          total: 1,
          items: [
            {
              roundId: 'r1',
              providerCode: 'paws-studio',
              providerName: 'PAWS Studio',
              gameCode: 'loto',
              currencyCode: 'USD',
              stake: 2,
              win: 0,
              rolledBack: false,
              createdAt: '2026-02-01T10:00:00.000Z',
              verifyUrl: 'http://platform.test/studio/verify.html?game=loto',
              seedRevealed: false,
            },
          ],
        },
      ],
      [`POST /api/staff/players/${ID}/notes`]: () => [201, {}],
    });
    renderAt(`/players/${ID}`, <PlayerPage />, '/players/:id');
    await user.click(await screen.findByRole('tab', { name: 'Bets and rounds' }));
    expect(await screen.findByRole('link', { name: 'Verify' })).toHaveAttribute(
      'href',
      'http://platform.test/studio/verify.html?game=loto',
    );
    for (const [tab, table] of [
      ['Ledger', 'Ledger entries'],
      ['Payments', 'Payments'],
      ['Bonuses', 'Bonuses'],
      ['Verification', 'Verification documents'],
      ['Sessions and devices', 'Sessions and devices'],
      ['Sign-in history', 'Sign-in history'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(await screen.findByRole('table', { name: table })).toBeInTheDocument();
    }
    expect(calls.some((c) => c.url.pathname === `/api/staff/players/${ID}/sign-ins`)).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(staffPlayerMessages.body)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note'), 'Called about a payout');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ body: 'Called about a payout' }),
    );
  });
});
