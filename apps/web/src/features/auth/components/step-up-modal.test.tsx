import { authServerMessages } from '@paws/contracts/auth';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { finishStepUp, requestStepUp } from '@/lib/step-up-store';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { StepUpModalHost } from './step-up-modal-host';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  // A test that left the modal open answers it, so the next starts closed.
  finishStepUp(false);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stale = (methods: { totp?: boolean; email?: string | null; phone?: string | null }) => ({
  status: 200,
  body: {
    fresh: false,
    freshUntil: null,
    methods: { totp: false, email: null, phone: null, ...methods },
  },
});
const proved = {
  status: 201,
  body: {
    fresh: true,
    freshUntil: '2026-11-27T16:00:00.000Z',
    methods: { totp: false, email: null, phone: null },
  },
};

describe('the step-up modal (issue 29 point 5)', () => {
  it("asks 'Confirm it's you', sends a code to the masked e-mail, and a right code answers proved", async () => {
    const api = mockApi({
      'GET /auth/step-up': stale({ email: 'j•••@example.com' }),
      'POST /auth/step-up/code': { status: 201, body: { sentTo: 'j•••@example.com' } },
      'POST /auth/step-up': proved,
    });
    const user = userEvent.setup();
    await renderWithProviders(<StepUpModalHost />);
    const answer = requestStepUp();
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(await within(dialog).findByRole('button', { name: 'Send a code to j•••@example.com' }));
    expect(api.callsTo('POST', '/auth/step-up/code')[0]?.body).toEqual({ channel: 'email' });
    expect(
      await within(dialog).findByText('We sent a 6-digit code to j•••@example.com.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Digit 1 of 6'), '123456');
    await expect(answer).resolves.toBe(true);
    expect(api.callsTo('POST', '/auth/step-up')[0]?.body).toEqual({ method: 'email', code: '123456' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('takes the authenticator code first when the player has the app, and shows a wrong code in words', async () => {
    let tries = 0;
    const api = mockApi({
      'GET /auth/step-up': stale({ totp: true, phone: '+44•••••••23' }),
      'POST /auth/step-up': () => {
        tries += 1;
        return tries === 1 ? apiError(400, authServerMessages.wrongCode, 'code') : proved;
      },
    });
    const user = userEvent.setup();
    await renderWithProviders(<StepUpModalHost />);
    const answer = requestStepUp();
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(
      await within(dialog).findByRole('button', { name: 'Send a code by SMS to +44•••••••23' }),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Digit 1 of 6'), '000000');
    expect(await within(dialog).findByText('This code is not valid')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(within(dialog).getByLabelText('Recovery code'), 'ABCDE-FGHJK');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
    expect(api.callsTo('POST', '/auth/step-up').map((call) => call.body)).toEqual([
      { method: 'totp', code: '000000' },
      { method: 'recovery', code: 'ABCDE-FGHJK' },
    ]);
  });

  it('Cancel answers not proved', async () => {
    mockApi({ 'GET /auth/step-up': stale({ email: 'j•••@example.com' }) });
    const user = userEvent.setup();
    await renderWithProviders(<StepUpModalHost />);
    const answer = requestStepUp();
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });
});
