import type { FactorRemoval } from '@paws/contracts/staff-factors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../testing/render';
import FactorRemovalsPage from './components/factor-removals-page';

const ME = '0195f0e2-5a8e-7000-8000-00000000000a';
const OTHER = '0195f0e2-5a8e-7000-8000-00000000000b';
const row = (id: string, requestedBy: string, playerEmail: string): FactorRemoval => ({
  id,
  playerId: '0195f0e2-5a8e-7000-8000-000000000001',
  playerEmail,
  factor: 'totp',
  status: 'PENDING',
  reason: 'Lost phone',
  requestedBy,
  requestedByEmail: requestedBy === ME ? 'me@staff.test' : 'support@staff.test',
  requestedAt: '2026-11-27T11:00:00.000Z',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  decisionReason: null,
});
const theirs = row('0195f0e2-5a8e-7000-8000-000000000201', OTHER, 'ann@example.com');
const mine = row('0195f0e2-5a8e-7000-8000-000000000202', ME, 'bob@example.com');

afterEach(() => vi.unstubAllGlobals());

describe('the factor removals queue', () => {
  it('lists the waiting requests; one’s own cannot be decided; another’s is approved or rejected with a reason', async () => {
    const user = userEvent.setup();
    const calls = mockApi(({ method, url }) => {
      if (url.pathname === '/api/staff/auth/session')
        return {
          body: {
            me: {
              userId: ME,
              email: 'me@staff.test',
              roles: ['admin'],
              permissions: ['players.factors.approve'],
            },
          },
        };
      if (method === 'GET' && url.pathname === '/api/staff/factor-removals')
        return { body: { items: [theirs, mine] } };
      if (method === 'POST' && url.pathname.endsWith('/reject'))
        return { status: 409, body: { statusCode: 409, message: 'This request has already been decided' } };
      return { body: { ...theirs, status: 'APPROVED' } };
    });
    renderScreen(<FactorRemovalsPage />);
    const table = await screen.findByRole('table', { name: 'Factor removal requests' });
    expect(
      calls.find((c) => c.url.pathname === '/api/staff/factor-removals')?.url.searchParams.get('status'),
    ).toBe('PENDING');
    const myRow = within(table).getByText('bob@example.com').closest('tr')!;
    expect(within(myRow).getByText('Yours: another member must decide')).toBeInTheDocument();
    expect(within(myRow).queryByRole('button')).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Reject removal for ann@example.com' }));
    let dialog = screen.getByRole('dialog', { name: 'Reject two-step removal?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Caller failed the checks');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This request has already been decided',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(table).getByRole('button', { name: 'Approve removal for ann@example.com' }));
    dialog = screen.getByRole('dialog', { name: 'Approve two-step removal?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Call recording checked');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and turn off' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
        [`/api/staff/factor-removals/${theirs.id}/reject`, { reason: 'Caller failed the checks' }],
        [`/api/staff/factor-removals/${theirs.id}/approve`, { reason: 'Call recording checked' }],
      ]),
    );
  });
});
