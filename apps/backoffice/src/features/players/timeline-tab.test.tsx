import type { PlayerProfile } from '@paws/contracts/staff-players';
import type { StaffTimelineEntry } from '@paws/contracts/staff-timeline';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../components/ui';
import { type Call, mockApi, render } from '../../testing/render';
import PlayerPage from './components/player-page';

const ID = '0195f0e2-5a8e-7000-8000-000000000001';
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

const entry = (id: string, at: string, over: Partial<StaffTimelineEntry> = {}): StaffTimelineEntry => ({
  id,
  at,
  kind: 'deposit',
  title: 'Deposit $25.00 · COMPLETED',
  detail: 'CARD · sandbox',
  link: `/players/${ID}?tab=payments`,
  ...over,
});
const newer = [
  entry('deposit:1', '2030-03-10T12:00:00.000Z'),
  entry('bets:2030-03-09:USD', '2030-03-09T23:59:59.999Z', {
    kind: 'bets',
    title: '3 bets on 2030-03-09 (UTC)',
    detail: 'Staked $3.00 · won $1.20 · net -$1.80',
    link: `/players/${ID}?tab=bets`,
  }),
];
const older = [
  entry('note:1', '2030-03-01T08:30:00.000Z', {
    kind: 'note',
    title: 'Staff note',
    detail: 'Asked about the bonus',
    link: null,
  }),
];

let calls: Call[];
/** The first page the server answers (each test may set its own). */
let firstPage: StaffTimelineEntry[];

beforeEach(() => {
  firstPage = newer;
  calls = mockApi((call) => {
    const key = `${call.method} ${call.url.pathname}`;
    if (key === 'GET /api/staff/auth/session')
      return {
        body: {
          me: { userId: 'staff-1', email: 's@staff.test', roles: ['support'], permissions: ['players.read'] },
        },
      };
    if (key === `GET /api/staff/players/${ID}`) return { body: profile };
    if (key === `GET /api/staff/players/${ID}/timeline`) {
      const before = call.url.searchParams.get('before');
      return before
        ? { body: { items: older, nextBefore: null } }
        : { body: { items: firstPage, nextBefore: firstPage === newer ? newer[1]?.at : null } };
    }
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

const timelineCalls = () => calls.filter((c) => c.url.pathname.endsWith('/timeline'));

describe("the player page's Timeline tab", () => {
  it('tells the story newest first, each entry with its kind, time and link; older on demand', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    renderPlayer(`/players/${ID}?tab=timeline`);
    const list = await screen.findByRole('list', { name: 'Timeline entries, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(formatDateTime('2030-03-10T12:00:00.000Z')),
      expect.stringContaining('2030-03-09 (UTC day)'),
    ]);
    expect(within(items[0] as HTMLElement).getByText('Deposit')).toBeInTheDocument();
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'Deposit $25.00 · COMPLETED' }),
    ).toHaveAttribute('href', `/players/${ID}?tab=payments`);
    expect(
      within(items[1] as HTMLElement).getByText('Staked $3.00 · won $1.20 · net -$1.80'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(list).findByText('Asked about the bonus')).toBeInTheDocument();
    expect(timelineCalls().at(-1)?.url.searchParams.get('before')).toBe('2030-03-09T23:59:59.999Z');
    // The last page says there is no more.
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('asks only for the kinds shown', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderPlayer(`/players/${ID}?tab=timeline`);
    await screen.findByRole('list', { name: 'Timeline entries, newest first' });
    expect(timelineCalls()[0]?.url.searchParams.get('kinds')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Show'), 'Money: deposits, withdrawals, bonuses');
    await vi.waitFor(() =>
      expect(timelineCalls().at(-1)?.url.searchParams.get('kinds')).toBe('deposit,withdrawal,bonus'),
    );
  });

  it('shows sign-in security entries (factor removals, passkeys) with their words, under Access', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    firstPage = [
      entry('security:passkey-blocked:1', '2030-03-10T12:00:00.000Z', {
        kind: 'security',
        title: 'Passkey blocked as a possible copy: Work laptop',
        detail: 'Its signature counter did not go up; it signs nobody in until the player removes it',
        link: null,
      }),
      entry('security:removal-decided:2', '2030-03-09T12:00:00.000Z', {
        kind: 'security',
        title:
          'Two-step sign-in (authenticator app) removal approved by admin@staff.test (requested by s@staff.test)',
        detail: 'Call recording heard',
        link: `/players/${ID}?tab=security`,
      }),
    ];
    renderPlayer(`/players/${ID}?tab=timeline`);
    const list = await screen.findByRole('list', { name: 'Timeline entries, newest first' });
    const [blocked, approved] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(blocked!).getByText('Sign-in security')).toBeInTheDocument();
    expect(within(blocked!).getByText('Passkey blocked as a possible copy: Work laptop')).toBeInTheDocument();
    expect(within(blocked!).queryByRole('link')).toBeNull();
    expect(
      within(approved!).getByRole('link', {
        name: 'Two-step sign-in (authenticator app) removal approved by admin@staff.test (requested by s@staff.test)',
      }),
    ).toHaveAttribute('href', `/players/${ID}?tab=security`);
    expect(within(approved!).getByText('Call recording heard')).toBeInTheDocument();

    await user.selectOptions(
      screen.getByLabelText('Show'),
      'Access: sign-ins, bans and breaks, sign-in security',
    );
    await vi.waitFor(() =>
      expect(timelineCalls().at(-1)?.url.searchParams.get('kinds')).toBe('sign-in,ban,security'),
    );
  });
});
