import { TWO_STEP_REQUIRED, twoStepMessages } from '@paws/contracts/two-step-constants';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AuthModal } from './auth-modal';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const twoStepRequired = {
  status: 403,
  body: {
    statusCode: 403,
    message: twoStepMessages.required,
    code: TWO_STEP_REQUIRED,
    pendingSignIn: 'pending-1',
  },
};

/** A phone log-in up to the SMS code, which the server answers with 'two-step required'. */
async function toSecondStep(extra: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    'POST /auth/login': { status: 201, body: { channel: 'sms' } },
    'POST /auth/login/verify': twoStepRequired,
    ...extra,
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  await renderWithProviders(<AuthModal initialMode="login" onClose={onClose} />);
  const dialog = screen.getByRole('dialog');
  await user.click(screen.getByRole('tab', { name: 'Phone number' }));
  await user.selectOptions(screen.getByLabelText('Country code'), '+7');
  await user.type(within(dialog).getByLabelText('Phone number', { selector: 'input' }), '9123456789');
  await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Secret#123');
  await user.click(within(dialog).getAllByRole('button', { name: 'Log in' }).at(-1)!);
  await user.type(await screen.findByLabelText('Digit 1 of 6'), '123456');
  expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
  return { api, user, onClose };
}

describe('the two-step sign-in step (issue 29)', () => {
  it('asks for the app code after a right SMS code, and the code signs in', async () => {
    const { api, user, onClose } = await toSecondStep({
      'POST /auth/login/two-step': { status: 201, body: { success: true } },
    });
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Digit 1 of 6'), '654321');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/auth/login/two-step')[0]?.body).toEqual({
      pendingSignIn: 'pending-1',
      code: '654321',
    });
  });

  it('takes a recovery code instead, and shows a refusal in the modal', async () => {
    const { api, user, onClose } = await toSecondStep({
      'POST /auth/login/two-step': {
        status: 400,
        body: { statusCode: 400, message: twoStepMessages.wrongCode, field: 'code' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-FGH23');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not valid');
    expect(api.callsTo('POST', '/auth/login/two-step')[0]?.body).toEqual({
      pendingSignIn: 'pending-1',
      code: 'ABCDE-FGH23',
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks a recovery code’s shape before sending it', async () => {
    const { api, user } = await toSecondStep({});
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoStepMessages.code);
    expect(api.callsTo('POST', '/auth/login/two-step')).toHaveLength(0);
  });
});
