import type { FlaggedPlayer } from '@paws/contracts/staff-responsible-gaming';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, mockApi, renderScreen } from '../../testing/render';
import PlayersToContactPage from './components/players-to-contact-page';

const ID = '0195f0e2-5a8e-7000-8000-000000000001';
const flagged: FlaggedPlayer = {
  userId: ID,
  username: 'ann',
  email: 'ann@example.com',
  day: '2030-03-10',
  score: 3,
  reasons: [
    { marker: 'RAPID_DEPOSITS', detail: '3 deposits within 60 minutes on 2030-03-09' },
    {
      marker: 'NIGHT_PLAY',
      detail: 'Played between midnight and 6 a.m. (UTC) on 3 nights of the last 7 days',
    },
  ],
  lastContact: null,
};
let permissions: string[];
let answers: Record<string, (call: Call) => { status?: number; body?: unknown }>;
let calls: Call[];

beforeEach(() => {
  permissions = ['players.read', 'responsible-gaming.read', 'responsible-gaming.act'];
  answers = {};
  calls = mockApi((call) => {
    const key = `${call.method} ${call.url.pathname}`;
    if (answers[key]) return answers[key](call);
    if (key === 'GET /api/staff/auth/session')
      return { body: { me: { userId: 'staff-1', email: 's@staff.test', roles: ['support'], permissions } } };
    if (key === 'GET /api/staff/responsible-gaming/flagged') return { body: { items: [flagged], total: 1 } };
    return { body: { items: [], total: 0 } };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('players to contact', () => {
  // Typing a note and choosing from two lists takes a few seconds on a busy machine.
  it('lists the flagged players with why, and records a contact', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    answers[`POST /api/staff/responsible-gaming/players/${ID}/contacts`] = () => ({
      status: 201,
      body: {
        id: 'k2',
        userId: ID,
        staffId: 'staff-1',
        staffEmail: 's@staff.test',
        channel: 'EMAIL',
        outcome: 'ADVICE_GIVEN',
        note: 'Sent the safer gambling tools',
        at: '2030-03-10T12:00:00.000Z',
      },
    });
    renderScreen(<PlayersToContactPage />);
    const table = await screen.findByRole('table', { name: 'Players to contact' });
    expect(await within(table).findByRole('link', { name: 'ann' })).toHaveAttribute(
      'href',
      `/players/${ID}?tab=responsible-gaming`,
    );
    expect(within(table).getByText('Several deposits within an hour')).toBeInTheDocument();
    expect(within(table).getByText(/3 deposits within 60 minutes/)).toBeInTheDocument();
    expect(within(table).getByText('not contacted')).toBeInTheDocument();
    expect(within(table).getByText('2030-03-10')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Record contact with ann' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a contact with ann' });
    await user.selectOptions(within(dialog).getByLabelText('Channel'), 'EMAIL');
    await user.selectOptions(within(dialog).getByLabelText('Outcome'), 'ADVICE_GIVEN');
    await user.type(within(dialog).getByLabelText('Note'), 'Sent the safer gambling tools');
    await user.click(within(dialog).getByRole('button', { name: 'Record contact' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        channel: 'EMAIL',
        outcome: 'ADVICE_GIVEN',
        note: 'Sent the safer gambling tools',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record a contact with ann' })).toBeNull(),
    );
  });

  it('a reader sees the list without the actions', async () => {
    permissions = ['responsible-gaming.read'];
    renderScreen(<PlayersToContactPage />);
    const table = await screen.findByRole('table', { name: 'Players to contact' });
    await within(table).findByRole('link', { name: 'ann' });
    expect(screen.queryByRole('button', { name: /Record contact with/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Run today’s scoring now' })).toBeNull();
  });
});
