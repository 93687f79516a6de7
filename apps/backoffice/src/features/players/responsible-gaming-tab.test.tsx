import type { PlayerProfile } from '@paws/contracts/staff-players';
import { type StaffRgPlayer, staffRgMessages } from '@paws/contracts/staff-responsible-gaming';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, mockApi, render } from '../../testing/render';
import PlayerPage from './components/player-page';

const ID = '0195f0e2-5a8e-7000-8000-000000000001';
const reasons: StaffRgPlayer['scores'][number]['reasons'] = [
  { marker: 'RAPID_DEPOSITS', detail: '3 deposits within 60 minutes on 2030-03-09' },
];
const card: StaffRgPlayer = {
  limits: [
    {
      kind: 'DEPOSIT',
      period: 'DAY',
      amount: 100,
      pending: { amount: 200, effectiveAt: '2030-03-11T10:00:00.000Z' },
      used: 40,
      left: 60,
    },
    { kind: 'LOSS', period: 'WEEK', amount: null, pending: null, used: 0, left: null },
  ],
  restrictions: [
    {
      id: 'r1',
      kind: 'TIME_OUT',
      startsAt: '2030-03-01T10:00:00.000Z',
      endsAt: '2030-03-02T10:00:00.000Z',
      returnAllowedAt: null,
      active: false,
      source: 'PLAYER',
    },
    {
      id: 'r2',
      kind: 'SELF_EXCLUSION',
      startsAt: '2030-03-05T10:00:00.000Z',
      endsAt: null,
      returnAllowedAt: '2030-03-05T10:00:00.000Z',
      active: true,
      source: 'NATIONAL_REGISTER',
    },
  ],
  limitHistory: [
    {
      id: 'c1',
      kind: 'DEPOSIT',
      period: 'DAY',
      from: 100,
      to: 200,
      requestedAt: '2030-03-10T10:00:00.000Z',
      effectiveAt: '2030-03-11T10:00:00.000Z',
      requestedBy: 'player',
    },
    {
      id: 'c2',
      kind: 'PLAY_TIME',
      period: 'DAY',
      from: 120,
      to: 60,
      requestedAt: '2030-03-10T09:00:00.000Z',
      effectiveAt: '2030-03-10T09:00:00.000Z',
      requestedBy: 'player',
    },
  ],
  contacts: [
    {
      id: 'k1',
      userId: ID,
      staffId: 'staff-1',
      staffEmail: 's@staff.test',
      channel: 'PHONE',
      outcome: 'LIMITS_AGREED',
      note: 'Agreed a daily deposit limit',
      at: '2030-03-10T12:00:00.000Z',
    },
  ],
  scores: [{ day: '2030-03-10', score: 3, reasons }],
  play: {
    now: '2030-03-10T12:00:00.000Z',
    session: {
      startedAt: '2030-03-10T11:00:00.000Z',
      lastBetAt: '2030-03-10T11:55:00.000Z',
      stakes: 40,
      wins: 25.5,
      net: -14.5,
    },
    realityCheck: { intervalMinutes: 30, everySeconds: 1800 },
    playTime: {
      limitMinutes: 120,
      pending: { minutes: null, effectiveAt: '2030-03-11T09:00:00.000Z' },
      playedTodaySeconds: 3900,
      blockedUntil: null,
    },
  },
};
const profile = {
  id: ID,
  username: 'ann',
  email: 'ann@example.com',
  phone: null,
  staffRoles: [],
  ban: null,
  bans: [],
  balances: [],
} as unknown as PlayerProfile;

let permissions: string[];
let calls: Call[];

beforeEach(() => {
  permissions = ['players.read', 'responsible-gaming.read', 'responsible-gaming.act'];
  calls = mockApi((call) => {
    const key = `${call.method} ${call.url.pathname}`;
    if (key === 'GET /api/staff/auth/session')
      return { body: { me: { userId: 'staff-1', email: 's@staff.test', roles: ['support'], permissions } } };
    if (key === `GET /api/staff/responsible-gaming/players/${ID}`) return { body: card };
    if (key === `GET /api/staff/players/${ID}`) return { body: profile };
    if (key === `PUT /api/staff/responsible-gaming/players/${ID}/limits`)
      return { status: 403, body: { statusCode: 403, field: 'amount', message: staffRgMessages.notLower } };
    return { body: { items: [], total: 0 } };
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPlayer(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/players/:id', element: <PlayerPage /> }], {
    initialEntries: [path],
  });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the player page's Responsible gaming tab", () => {
  it('shows the limits with the pending raise, the breaks and the history; lowers a limit with a reason', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    renderPlayer(`/players/${ID}?tab=responsible-gaming`);
    const limits = await screen.findByRole('table', { name: 'Limits in force' });
    const row = within(limits).getByRole('row', { name: /Deposit/ });
    expect(within(row).getByText('100.00 USD')).toBeInTheDocument();
    expect(within(row).getByText(/to 200.00 USD from 11 Mar 2030/)).toBeInTheDocument();
    expect(within(limits).queryByText('Loss')).toBeNull();
    const breaks = screen.getByRole('table', { name: 'Time-outs and self-exclusions' });
    expect(within(breaks).getByText('Time-out')).toBeInTheDocument();
    // A self-exclusion the national register recorded says so, and lasts while the register names the player.
    const register = within(breaks).getByRole('row', { name: /National register \(GAMSTOP\)/ });
    expect(within(register).getByText(/while the national register names the player/)).toBeInTheDocument();
    expect(within(register).getByText('in force')).toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Responsible gaming history' });
    expect(
      within(history).getByText(/Contact by Phone call \(s@staff.test\): Reached: limits agreed/),
    ).toBeInTheDocument();
    expect(
      within(history).getByText(/Deposit limit per 24 hours: 100.00 USD → 200.00 USD, by the player/),
    ).toBeInTheDocument();
    expect(
      within(history).getByText(/Play-time limit per day: 2 h 00 min → 1 h 00 min, by the player/),
    ).toBeInTheDocument();

    const play = screen.getByRole('region', { name: 'Play time' });
    expect(within(play).getByText('every 30 minutes')).toBeInTheDocument();
    expect(within(play).getByText(/^2 h 00 min · pending removal from 11 Mar 2030/)).toBeInTheDocument();
    expect(within(play).getByText('1 h 05 min')).toBeInTheDocument();
    expect(
      within(play).getByText(/stakes 40\.00 USD · wins 25\.50 USD · net -14\.50 USD$/),
    ).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Set a lower limit' });
    await user.type(within(form).getByLabelText('Amount (USD)'), '150');
    await user.click(within(form).getByRole('button', { name: 'Set lower limit' }));
    // The contract's own rule first: a reason is required.
    expect(await within(form).findByText(staffRgMessages.reason)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Why (kept in the audit log)'), 'Asked on the phone');
    await user.click(within(form).getByRole('button', { name: 'Set lower limit' }));
    expect(await within(form).findByText(staffRgMessages.notLower)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      kind: 'DEPOSIT',
      period: 'DAY',
      amount: 150,
      reason: 'Asked on the phone',
    });
  });

  it('is not there for a role that may not read it', async () => {
    permissions = ['players.read'];
    renderPlayer(`/players/${ID}?tab=responsible-gaming`);
    await screen.findByRole('heading', { name: 'ann' });
    expect(screen.queryByRole('tab', { name: 'Responsible gaming' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Limits in force' })).toBeNull();
  });
});
