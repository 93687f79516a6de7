import { STEP_UP_REQUIRED, stepUpMessages } from '@paws/contracts/step-up-constants';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpModalHost } from '@/features/auth/components/step-up-modal-host';
import { PaymentModal } from '@/features/payments/components/payment-modal';
import { ProfileSettings } from '@/features/profile/components/profile-settings';
import { finishStepUp } from '@/lib/step-up-store';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  finishStepUp(false);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const staleWithEmail = {
  status: 200,
  body: { fresh: false, freshUntil: null, methods: { totp: false, email: 'j•••@example.com', phone: null } },
};
const stepUpRequired = {
  status: 403,
  body: { statusCode: 403, message: stepUpMessages.required, code: STEP_UP_REQUIRED },
};

/**
 * Issue 29 point 5 across the app's features, as the root layout composes them: the withdrawal form
 * (payments) and the step-up modal's host (auth), joined by the API client.
 */
describe('a withdrawal refused for want of a fresh proof', () => {
  async function withdrawTwelve() {
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderWithProviders(
      <>
        <PaymentModal open onClose={onClose} initialOperation="withdraw" />
        <StepUpModalHost />
      </>,
    );
    await user.type(screen.getByLabelText('Amount'), '12');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    return { user, onClose };
  }

  it('opens the step-up modal, then sends the same withdrawal again and closes', async () => {
    let withdrawals = 0;
    const api = mockApi({
      'POST /users/withdraw': () => {
        withdrawals += 1;
        return withdrawals === 1
          ? stepUpRequired
          : { status: 201, body: { transaction: { id: 't1' }, balance: 88 } };
      },
      'GET /auth/step-up': staleWithEmail,
      'POST /auth/step-up/code': { status: 201, body: { sentTo: 'j•••@example.com' } },
      'POST /auth/step-up': { status: 201, body: { ...staleWithEmail.body, fresh: true } },
    });
    const { user, onClose } = await withdrawTwelve();
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(await within(dialog).findByRole('button', { name: 'Send a code to j•••@example.com' }));
    await user.type(await within(dialog).findByLabelText('Digit 1 of 6'), '123456');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = api.callsTo('POST', '/users/withdraw').map((call) => call.body);
    expect(sent).toEqual([
      { amount: 12, paymentMethod: 'CARD' },
      { amount: 12, paymentMethod: 'CARD' },
    ]);
  });

  it('cancelled, says nothing was withdrawn and sends it no second time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi({ 'POST /users/withdraw': stepUpRequired, 'GET /auth/step-up': staleWithEmail });
    const { user, onClose } = await withdrawTwelve();
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText(
        "You did not confirm it's you, so nothing was withdrawn. Try again when you are ready.",
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/users/withdraw')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('an e-mail change refused for want of a fresh proof', () => {
  async function changeEmail() {
    const user = userEvent.setup();
    await renderWithProviders(
      <>
        <ProfileSettings user={{ username: 'demo', email: 'demo@paws.local', phone: null }} />
        <StepUpModalHost />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Edit Email' }));
    const input = screen.getByLabelText('New Email');
    await user.clear(input);
    await user.type(input, 'new@paws.local');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    return user;
  }

  it('goes through after the proof', async () => {
    let edits = 0;
    const api = mockApi({
      'POST /profile/edit/email': () => {
        edits += 1;
        return edits === 1
          ? stepUpRequired
          : { status: 201, body: { message: 'Email updated. Please verify your new email.' } };
      },
      'GET /auth/step-up': {
        status: 200,
        body: { ...staleWithEmail.body, methods: { totp: true, email: null, phone: null } },
      },
      'POST /auth/step-up': { status: 201, body: { ...staleWithEmail.body, fresh: true } },
    });
    const user = await changeEmail();
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(await within(dialog).findByLabelText('Digit 1 of 6'), '654321');
    expect(await screen.findByText('Email updated. Please verify your new email.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/step-up')[0]?.body).toEqual({ method: 'totp', code: '654321' });
    expect(api.callsTo('POST', '/profile/edit/email')).toHaveLength(2);
  });

  it("cancelled, says nothing was changed, in the player's words", async () => {
    mockApi({ 'POST /profile/edit/email': stepUpRequired, 'GET /auth/step-up': staleWithEmail });
    const user = await changeEmail();
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You did not confirm it's you, so nothing was changed.",
    );
  });
});
