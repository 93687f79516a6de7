import type { FactorRemoval, PlayerFactors, StaffLiveSession } from '@paws/contracts/staff-factors';
import { staffFactorMessages } from '@paws/contracts/staff-factors';
import type { PlayerProfile } from '@paws/contracts/staff-players';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../testing/render';
import PlayerPage from './components/player-page';

const ID = '0195f0e2-5a8e-7000-8000-000000000001';
const ME = '0195f0e2-5a8e-7000-8000-00000000000a';
const OTHER = '0195f0e2-5a8e-7000-8000-00000000000b';
const profile = {
  id: ID,
  email: 'ann@example.com',
  phone: null,
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
  passkeyCount: 0,
  ban: null,
  bans: [],
  balances: [],
} as PlayerProfile;
const sessions: StaffLiveSession[] = [
  {
    sessionId: '0195f0e2-5a8e-7000-8000-000000000101',
    browser: 'Chrome 131',
    system: 'Windows 10',
    ip: '203.0.113.7',
    signedInAt: '2026-11-27T09:00:00.000Z',
    lastActiveAt: '2026-11-27T10:00:00.000Z',
  },
  {
    sessionId: '0195f0e2-5a8e-7000-8000-000000000102',
    browser: 'Safari 17',
    system: 'iOS 17.5',
    ip: '198.51.100.4',
    signedInAt: '2026-11-26T09:00:00.000Z',
    lastActiveAt: '2026-11-26T10:00:00.000Z',
  },
];
const request = (requestedBy: string): FactorRemoval => ({
  id: '0195f0e2-5a8e-7000-8000-000000000201',
  playerId: ID,
  playerEmail: 'ann@example.com',
  factor: 'totp',
  status: 'PENDING',
  reason: 'Lost phone, checked on a call',
  requestedBy,
  requestedByEmail: 'support@staff.test',
  requestedAt: '2026-11-27T11:00:00.000Z',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  decisionReason: null,
});
const factors = (removals: FactorRemoval[] = []): PlayerFactors => ({
  password: true,
  totp: { enabled: true, enabledAt: '2026-11-01T10:00:00.000Z', recoveryCodesLeft: 7 },
  removals,
});

type Call = { method: string; url: URL; body: unknown };
let calls: Call[];
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
      const defaults: Record<string, [number, unknown]> = {
        'GET /api/staff/auth/session': [
          200,
          { me: { userId: ME, email: 'me@staff.test', roles: [], permissions } },
        ],
        [`GET /api/staff/players/${ID}`]: [200, profile],
        [`GET /api/staff/players/${ID}/live-sessions`]: [200, { items: sessions }],
        [`GET /api/staff/players/${ID}/factors`]: [200, factors()],
      };
      const [status, payload] = answers[key]?.() ?? defaults[key] ?? [200, { items: [], total: 0 }];
      return new Response(JSON.stringify(payload), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/players/:id', element: <PlayerPage /> }], {
    initialEntries: [`/players/${ID}?tab=security`],
  });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
const posts = () => calls.filter((c) => c.method === 'POST');

const support = ['players.read', 'players.signout', 'players.factors.request'];
const admin = [...support, 'players.factors.approve'];

afterEach(() => vi.unstubAllGlobals());

describe('signed-in sessions on the player page', () => {
  it('lists each session in words and ends one with a reason, checked before it is sent', async () => {
    const user = userEvent.setup();
    stubApi(support, {
      [`POST /api/staff/players/${ID}/live-sessions/${sessions[1]!.sessionId}/end`]: () => [
        200,
        { ended: 1 },
      ],
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Signed-in sessions' });
    expect(within(table).getByText('Chrome 131 on Windows 10')).toBeInTheDocument();
    expect(within(table).getByText('198.51.100.4')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'End session: Safari 17 on iOS 17.5' }));
    const dialog = screen.getByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await within(dialog).findByText(staffFactorMessages.reason)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Phone stolen');
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('One session was ended.')).toBeInTheDocument();
    expect(posts()[0]?.body).toEqual({ reason: 'Phone stolen' });
  });

  it('ends all sessions with a reason; a refusal shows in the dialog', async () => {
    const user = userEvent.setup();
    let answer: [number, unknown] = [
      403,
      { statusCode: 403, message: 'Only an admin can sign out a staff account' },
    ];
    stubApi(support, { [`POST /api/staff/players/${ID}/live-sessions/end-all`]: () => answer });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'End all sessions' }));
    const dialog = screen.getByRole('dialog', { name: 'End all sessions?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Takeover suspected');
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only an admin can sign out a staff account',
    );
    answer = [200, { ended: 2 }];
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('2 sessions were ended.')).toBeInTheDocument();
    expect(posts().map((c) => c.url.pathname)).toEqual([
      `/api/staff/players/${ID}/live-sessions/end-all`,
      `/api/staff/players/${ID}/live-sessions/end-all`,
    ]);
  });

  it('shows no end buttons and no removal request to a role without the power', async () => {
    stubApi(['players.read']);
    renderPage();
    await screen.findByRole('table', { name: 'Signed-in sessions' });
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /End/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request two-step removal' })).toBeNull();
  });
});

describe('sign-in factors on the player page', () => {
  it('shows the factors without secrets and sends a removal request with its reason', async () => {
    const user = userEvent.setup();
    stubApi(support, { [`POST /api/staff/players/${ID}/factor-removals`]: () => [201, request(ME)] });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Sign-in factors' });
    expect(await within(card).findByText('On')).toBeInTheDocument();
    expect(within(card).getByText('7')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Request two-step removal' }));
    const dialog = screen.getByRole('dialog', { name: 'Request two-step removal' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Lost phone, checked on a call');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({ factor: 'totp', reason: 'Lost phone, checked on a call' });
    // The factors are read again.
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === `/api/staff/players/${ID}/factors`)).toHaveLength(2),
    );
  });

  it('a pending request of one’s own cannot be decided by its requester', async () => {
    stubApi(admin, { [`GET /api/staff/players/${ID}/factors`]: () => [200, factors([request(ME)])] });
    renderPage();
    expect(
      await screen.findByText('Yours: another staff member must approve or reject it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve removal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request two-step removal' })).toBeNull();
  });

  it('an approver approves another’s request with a reason', async () => {
    const user = userEvent.setup();
    const pending = request(OTHER);
    stubApi(admin, {
      [`GET /api/staff/players/${ID}/factors`]: () => [200, factors([pending])],
      [`POST /api/staff/factor-removals/${pending.id}/approve`]: () => [
        200,
        { ...pending, status: 'APPROVED' },
      ],
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve removal' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve two-step removal?' });
    expect(within(dialog).getByText(/Lost phone, checked on a call/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Call recording checked');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and turn off' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({ reason: 'Call recording checked' });
  });
});
