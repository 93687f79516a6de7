import { paymentMessages } from '@paws/contracts/payments';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { userDataReply } from '@/testing/user-data';
import { sanitizeAmount } from '../utils/amount';
import { PaymentModal } from './payment-modal';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ok = { status: 201, body: { transaction: { id: 't1' }, balance: 125 } };

async function setup(initialOperation: 'deposit' | 'withdraw' = 'deposit') {
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = await renderWithProviders(
    <PaymentModal open onClose={onClose} initialOperation={initialOperation} />,
  );
  const amount = screen.getByLabelText('Amount');
  const submit = () =>
    screen.getByRole('button', { name: initialOperation === 'deposit' ? 'Deposit' : 'Withdraw' });
  return { user, onClose, amount, submit, ...view };
}

describe('sanitizeAmount', () => {
  it('keeps digits and the first decimal point only', () => {
    expect(sanitizeAmount('1a2b.3.4')).toBe('12.34');
    expect(sanitizeAmount('-5,5')).toBe('55');
    expect(sanitizeAmount('..1')).toBe('.1');
  });
});

describe('PaymentModal', () => {
  const limitView = (kind: 'DEPOSIT' | 'LOSS', amount: number | null) => ({
    kind,
    period: 'DAY',
    amount,
    pending: null,
    used: 0,
    left: amount,
  });

  it('offers a deposit limit, linked to the profile, while the player has none (UKGC RTS 12)', async () => {
    mockApi({
      'GET /profile/responsible-gaming': {
        status: 200,
        body: { limits: [limitView('DEPOSIT', null), limitView('LOSS', 50)] },
      },
    });
    await setup();
    const link = await screen.findByRole('link', { name: 'Set a deposit limit' });
    expect(link).toHaveAttribute('href', '/profile/account#responsible-gaming');
    expect(screen.getByText(/You have no deposit limit/)).toBeInTheDocument();
  });

  it('offers nothing to a player with a deposit limit', async () => {
    const api = mockApi({
      'GET /profile/responsible-gaming': { status: 200, body: { limits: [limitView('DEPOSIT', 100)] } },
    });
    await setup();
    await waitFor(() => expect(api.callsTo('GET', '/profile/responsible-gaming')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Set a deposit limit' })).toBeNull();
  });

  it('offers nothing on a withdrawal, and does not ask for the limits there', async () => {
    const api = mockApi({
      'GET /profile/responsible-gaming': { status: 200, body: { limits: [limitView('DEPOSIT', null)] } },
    });
    await setup('withdraw');
    await screen.findByRole('button', { name: 'Withdraw' });
    expect(screen.queryByRole('link', { name: 'Set a deposit limit' })).toBeNull();
    expect(api.callsTo('GET', '/profile/responsible-gaming')).toHaveLength(0);
  });

  it('strips letters and a second decimal point as the player types', async () => {
    mockApi({});
    const { user, amount } = await setup();
    await user.type(amount, '1a2.5.0x');
    expect(amount).toHaveValue('12.50');
  });

  it('fills the amount from the quick amounts 10, 25, 50, 100, 250, 500', async () => {
    mockApi({});
    const { user, amount } = await setup();
    const quick = screen.getByRole('list', { name: 'Quick amounts' });
    expect(quick).toHaveTextContent('$10$25$50$100$250$500');
    await user.click(screen.getByRole('button', { name: '$250' }));
    expect(amount).toHaveValue('250');
  });

  it('disables submit while the amount is empty and while the method list is open', async () => {
    mockApi({});
    const { user, amount, submit } = await setup();
    expect(submit()).toBeDisabled();
    await user.type(amount, '5');
    expect(submit()).toBeEnabled();
    await user.click(screen.getByRole('combobox', { name: 'Payment method: Card' }));
    await waitFor(() => expect(submit()).toBeDisabled());
    await user.click(screen.getByRole('option', { name: 'Crypto' }));
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('disables submit while the method list is open when the modal opens after its page (issue 18 §4)', async () => {
    mockApi({});
    const user = userEvent.setup();
    const view = await renderWithProviders(<PaymentModal open={false} onClose={() => {}} />);
    view.rerender(
      <QueryClientProvider client={view.queryClient}>
        <MemoryRouter>
          <PaymentModal open onClose={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('Amount'), '5');
    const submit = screen.getByRole('button', { name: 'Deposit' });
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole('combobox', { name: 'Payment method: Card' }));
    await waitFor(() => expect(submit).toBeDisabled());
    await user.click(screen.getByRole('option', { name: 'Crypto' }));
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('does nothing when the amount is not above 0', async () => {
    const api = mockApi({ 'POST /users/deposit': ok });
    const { user, amount, submit } = await setup();
    await user.type(amount, '0.0');
    await user.click(submit());
    await user.clear(amount);
    await user.type(amount, '.');
    await user.click(submit());
    expect(api.callsTo('POST', '/users/deposit')).toHaveLength(0);
  });

  it('always sends CARD, is disabled while processing, then refreshes user data and transactions and closes', async () => {
    let release: () => void = () => {};
    const api = mockApi({
      'POST /users/deposit': () => new Promise((resolve) => (release = () => resolve(ok))),
    });
    const { user, submit, onClose, queryClient } = await setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(screen.getByRole('combobox', { name: 'Payment method: Card' }));
    await user.click(screen.getByRole('option', { name: 'Bank Transfer' }));
    await user.click(screen.getByRole('button', { name: '$25' }));
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled());
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/users/deposit')[0]?.body).toEqual({ amount: 25, paymentMethod: 'CARD' });
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toContainEqual(['user-data']);
    expect(keys).toContainEqual(['deposit-transactions']);
  });

  it('withdraw: shows the inline failure text and logs it', async () => {
    const api = mockApi({ 'POST /users/withdraw': apiError(400, 'Insufficient funds') });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, amount, submit, onClose } = await setup('withdraw');
    await user.type(amount, '12.5');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process withdraw');
    expect(api.callsTo('POST', '/users/withdraw')[0]?.body).toEqual({ amount: 12.5, paymentMethod: 'CARD' });
    expect(log).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('withdraw: says why in plain words when the identity is not verified', async () => {
    mockApi({
      'POST /users/withdraw': apiError(
        403,
        'Verify your identity before withdrawing: withdrawals need an approved identity verification (Profile, Verification)',
      ),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, amount, submit } = await setup('withdraw');
    await user.type(amount, '10');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to process withdraw');
    expect(alert).toHaveTextContent(
      'Withdrawals need a verified identity: start the verification on your profile page first.',
    );
  });

  it('withdraw: a verification under review says it is being reviewed, not to start one', async () => {
    mockApi({
      'POST /auth/refresh-tokens': { status: 201 },
      'GET /profile/user-data': userDataReply('PENDING'),
      'POST /users/withdraw': apiError(403, paymentMessages.verificationRequired),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, amount, submit, queryClient } = await setup('withdraw');
    await waitFor(() => expect(queryClient.getQueryData(['user-data'])).toBeDefined());
    await user.type(amount, '10');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to process withdraw');
    expect(alert).toHaveTextContent(
      'Your identity verification is still being reviewed: withdrawals open once it is approved.',
    );
  });

  it.each([
    [apiError(400, paymentMessages.insufficientFunds, 'amount'), 'Your balance is lower than this amount.'],
    [
      apiError(400, paymentMessages.amountTooLarge, 'amount'),
      'The most you can move at once is $1,000,000,000.',
    ],
    [apiError(400, paymentMessages.amountPlaces, 'amount'), 'Use at most 2 digits after the decimal point.'],
    [
      apiError(503, paymentMessages.unavailable),
      'Payments are unavailable at the moment. Please try again later.',
    ],
  ])('withdraw refused (%j): says why beside the spec text', async (reply, reason) => {
    mockApi({ 'POST /users/withdraw': reply });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, amount, submit } = await setup('withdraw');
    await user.type(amount, '10.125');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to process withdraw');
    expect(alert).toHaveTextContent(reason);
  });

  it('deposit declined by the provider: says so', async () => {
    mockApi({ 'POST /users/deposit': apiError(402, 'Payment declined', 'paymentMethod') });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, amount, submit } = await setup();
    await user.type(amount, '10');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to process deposit');
    expect(alert).toHaveTextContent('The payment provider declined this payment.');
  });

  it('deposit: the failure text names the deposit', async () => {
    mockApi({ 'POST /users/deposit': apiError(500, 'boom') });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, amount, submit } = await setup();
    await user.type(amount, '10');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process deposit');
    await user.click(screen.getByRole('tab', { name: 'Withdraw' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
