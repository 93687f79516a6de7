import type { StaffWithdrawal } from '@paws/contracts/staff-money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { type Call, mockApi, renderScreen } from '../../../testing/render';
import WithdrawalsPage from './withdrawals-page';

const waiting: StaffWithdrawal = {
  id: '00000000-0000-4000-8000-0000000000a1',
  player: { id: '00000000-0000-4000-8000-0000000000b1', email: 'sam@example.com', username: 'sam' },
  amount: 1250,
  currency: 'USD',
  paymentMethod: 'CARD',
  status: 'PENDING',
  review: 'AWAITING_REVIEW',
  requestedAt: '2030-01-01T10:00:00.000Z',
  waitingSeconds: 2 * 3600 + 5 * 60,
  badges: ['FIRST_WITHDRAWAL', 'LARGE_AMOUNT', 'DEPOSIT_NO_PLAY', 'NEW_DEVICE'],
  reviewedBy: null,
  reviewedAt: null,
  reason: null,
  userAgent: 'Firefox',
  ip: '192.0.2.1',
};

afterEach(() => vi.unstubAllGlobals());

function serve(decision?: (call: Call) => { status?: number; body?: unknown } | undefined) {
  return mockApi((call) => {
    if (call.url.pathname === '/api/staff/auth/session') {
      return {
        body: {
          me: {
            userId: 'me',
            email: 'fin@staff.test',
            roles: ['finance'],
            permissions: ['withdrawals.review'],
          },
        },
      };
    }
    if (call.method === 'GET' && call.url.pathname === '/api/staff/withdrawals') {
      return { body: { items: [waiting], total: 1 } };
    }
    return decision?.(call) ?? { status: 404, body: { statusCode: 404, message: 'Not found' } };
  });
}

it('shows the queue with the player, amount, time waiting and every risk badge', async () => {
  const calls = serve();
  renderScreen(<WithdrawalsPage />);
  const table = await screen.findByRole('table', { name: 'Withdrawals' });
  const row = (await within(table).findByText('sam@example.com')).closest('tr') as HTMLElement;
  expect(within(row).getByText('1,250.00 USD')).toBeInTheDocument();
  expect(within(row).getByText('2 h 5 min')).toBeInTheDocument();
  for (const badge of ['First withdrawal', 'Large amount', 'Deposit, no play', 'New device']) {
    expect(within(row).getByText(badge)).toBeInTheDocument();
  }
  // The queue asks for the withdrawals awaiting review, oldest first.
  const list = calls.find((c) => c.url.pathname === '/api/staff/withdrawals');
  expect(list?.url.searchParams.get('review')).toBe('AWAITING_REVIEW');
  expect(list?.url.searchParams.get('order')).toBe('asc');
  expect(screen.getByText(/1,000.00 USD or more/)).toBeInTheDocument();
});

it('Approve asks for the payout after a confirmation', async () => {
  const calls = serve((call) =>
    call.method === 'POST' ? { body: { ...waiting, review: 'APPROVED' } } : undefined,
  );
  const user = userEvent.setup();
  renderScreen(<WithdrawalsPage />);
  await user.click(await screen.findByRole('button', { name: 'Approve' }));
  const dialog = screen.getByRole('dialog', { name: 'Approve withdrawal' });
  expect(within(dialog).getByText('Firefox (192.0.2.1)')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  await waitFor(() =>
    expect(
      calls.some(
        (c) => c.method === 'POST' && c.url.pathname === `/api/staff/withdrawals/${waiting.id}/approve`,
      ),
    ).toBe(true),
  );
});

it('Decline needs a reason, sends it, and shows what the server refuses', async () => {
  const refuse = true;
  const calls = serve((call) => {
    if (call.method !== 'POST') return undefined;
    if (refuse)
      return { status: 409, body: { statusCode: 409, message: 'This withdrawal has already been reviewed' } };
    return { body: { ...waiting, review: 'DECLINED', status: 'DECLINED' } };
  });
  const user = userEvent.setup();
  renderScreen(<WithdrawalsPage />);
  await user.click(await screen.findByRole('button', { name: 'Decline' }));
  const dialog = screen.getByRole('dialog', { name: 'Decline withdrawal' });
  await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
  expect(await within(dialog).findByText('reason is required (1 to 500 characters)')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await user.type(within(dialog).getByLabelText('Reason'), 'Card does not match');
  await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
  expect(await within(dialog).findByText('This withdrawal has already been reviewed')).toBeInTheDocument();
  const post = calls.find((c) => c.method === 'POST');
  expect(post?.url.pathname).toBe(`/api/staff/withdrawals/${waiting.id}/decline`);
  expect(post?.body).toEqual({ reason: 'Card does not match' });
});
