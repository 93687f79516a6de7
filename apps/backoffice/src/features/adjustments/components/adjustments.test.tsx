import type { StaffAdjustment } from '@paws/contracts/staff-money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { type Call, mockApi, renderScreen } from '../../../testing/render';
import AdjustmentsPage from './adjustments-page';
import NewAdjustmentPage from './new-adjustment-page';

const PLAYER = '00000000-0000-4000-8000-0000000000b1';
const pendingOf = (id: string, requestedBy: string): StaffAdjustment => ({
  id,
  player: { id: PLAYER, email: 'sam@example.com', username: null },
  currency: 'USD',
  amount: 250,
  reasonCode: 'CORRECTION',
  note: `Lost win ${id.slice(-2)}`,
  status: 'PENDING',
  needsApproval: true,
  requestedBy: { id: requestedBy, email: `${requestedBy}@staff.test` },
  requestedAt: '2030-01-01T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectReason: null,
  postedAt: null,
  ledgerTransactionId: null,
  balanceAfter: null,
});
const mine = pendingOf('00000000-0000-4000-8000-0000000000d1', 'me');
const theirs = pendingOf('00000000-0000-4000-8000-0000000000d2', 'colleague');

afterEach(() => vi.unstubAllGlobals());

function serve(onPost?: (call: Call) => { status?: number; body?: unknown } | undefined) {
  return mockApi((call) => {
    if (call.url.pathname === '/api/staff/auth/session') {
      return {
        body: {
          me: {
            userId: 'me',
            email: 'me@staff.test',
            roles: ['finance'],
            permissions: ['adjustments.read', 'adjustments.request', 'adjustments.approve'],
          },
        },
      };
    }
    if (call.method === 'GET' && call.url.pathname === '/api/staff/adjustments') {
      return { body: { items: [mine, theirs], total: 2 } };
    }
    return onPost?.(call) ?? { status: 404, body: { statusCode: 404, message: 'Not found' } };
  });
}

it('pending approvals: Approve and Reject on a colleague’s request, never on one’s own', async () => {
  const calls = serve((call) =>
    call.method === 'POST' ? { body: { ...theirs, status: 'POSTED' } } : undefined,
  );
  const user = userEvent.setup();
  renderScreen(<AdjustmentsPage />);
  const table = await screen.findByRole('table', { name: 'Adjustments waiting for approval' });
  const own = (await within(table).findByText('Lost win d1')).closest('tr') as HTMLElement;
  expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
  expect(within(own).getByText('Yours: another member must decide')).toBeInTheDocument();
  const other = within(table).getByText('Lost win d2').closest('tr') as HTMLElement;
  expect(within(other).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  await user.click(within(other).getByRole('button', { name: 'Approve' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Approve adjustment' })).getByRole('button', {
      name: 'Approve',
    }),
  );
  await waitFor(() =>
    expect(
      calls.some(
        (c) => c.method === 'POST' && c.url.pathname === `/api/staff/adjustments/${theirs.id}/approve`,
      ),
    ).toBe(true),
  );
  expect(screen.getByText(/Four eyes: an adjustment of at most/)).toHaveTextContent('100.00 USD');
  expect(screen.getByRole('link', { name: 'Request adjustment' })).toHaveAttribute(
    'href',
    '/adjustments/new',
  );
});

it('Reject needs a reason', async () => {
  const calls = serve((call) =>
    call.method === 'POST' ? { body: { ...theirs, status: 'REJECTED' } } : undefined,
  );
  const user = userEvent.setup();
  renderScreen(<AdjustmentsPage />);
  const table = await screen.findByRole('table', { name: 'Adjustments waiting for approval' });
  const other = (await within(table).findByText('Lost win d2')).closest('tr') as HTMLElement;
  await user.click(within(other).getByRole('button', { name: 'Reject' }));
  const dialog = screen.getByRole('dialog', { name: 'Reject adjustment' });
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await within(dialog).findByText('reason is required (1 to 500 characters)')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Reason'), 'No ticket');
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'No ticket' }));
});

it('the form takes the player from the address, shows the threshold, names bad fields, and shows the server’s', async () => {
  let answer: { status?: number; body?: unknown } = {
    status: 409,
    body: {
      statusCode: 409,
      field: 'amount',
      message: "The player's USD balance is $10.00: a debit of $20.00 would take it below zero",
    },
  };
  const calls = serve((call) => (call.method === 'POST' ? answer : undefined));
  const user = userEvent.setup();
  renderScreen(<NewAdjustmentPage />, `/adjustments/new?playerId=${PLAYER}`);
  expect(await screen.findByLabelText('Player id')).toHaveValue(PLAYER);
  expect(screen.getByText(/Up to 100.00 USD either way posts at once/)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Request adjustment' }));
  expect(await screen.findByText('amount must be a number')).toBeInTheDocument();
  expect(screen.getByText('note is required (1 to 500 characters)')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await user.type(screen.getByLabelText('Amount'), '-20');
  expect(screen.getByText('This one will post at once.')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Reason code'), 'CHARGEBACK');
  await user.type(screen.getByLabelText('Note'), 'Card chargeback');
  await user.click(screen.getByRole('button', { name: 'Request adjustment' }));
  expect(
    await screen.findByText("The player's USD balance is $10.00: a debit of $20.00 would take it below zero"),
  ).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    playerId: PLAYER,
    currency: 'USD',
    amount: -20,
    reasonCode: 'CHARGEBACK',
    note: 'Card chargeback',
  });

  await user.clear(screen.getByLabelText('Amount'));
  await user.type(screen.getByLabelText('Amount'), '250');
  expect(screen.getByText('This one will wait for approval.')).toBeInTheDocument();
  answer = { status: 201, body: { ...theirs, amount: 250 } };
  await user.click(screen.getByRole('button', { name: 'Request adjustment' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Waiting for approval');
});
