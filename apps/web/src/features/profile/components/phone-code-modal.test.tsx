import { profileMessages } from '@paws/contracts/profile';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TIME_FOR_CODE_STORAGE_KEY } from '@/lib/resend-timer';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ProfileSettings } from './profile-settings';

/** Issue 31: a new phone is confirmed by the code sent to it, in the 'Verification Code' modal. */

const user0 = { username: 'demo', email: 'demo@paws.local', phone: '+447700900123' };
const NEW_PHONE = '+12015550123';
/** Issue 31: every screen shows a phone in one format. */
const NEW_PHONE_SHOWN = '+1 201 555 0123';
const OLD_PHONE_SHOWN = '+44 7700 900123';
const codeSent = {
  status: 201,
  body: { message: profileMessages.phoneCodeSent(NEW_PHONE), codeSentTo: NEW_PHONE },
};

beforeEach(() => localStorage.removeItem(TIME_FOR_CODE_STORAGE_KEY));
afterEach(() => localStorage.removeItem(TIME_FOR_CODE_STORAGE_KEY));

async function changePhone() {
  const user = userEvent.setup();
  await renderWithProviders(<ProfileSettings user={user0} />);
  await user.click(screen.getByRole('button', { name: 'Edit Phone' }));
  await user.selectOptions(screen.getByLabelText('Country code'), '+1');
  const input = screen.getByLabelText('New Phone');
  await user.clear(input);
  await user.type(input, '2015550123{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Verification Code' });
  return { user, dialog };
}

const typeCode = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, code: string) => {
  await user.click(within(dialog).getByLabelText('Digit 1 of 6'));
  await user.keyboard(code);
};

describe('phone change code modal', () => {
  it('names the number, shows the resend wait, and the right code confirms the new phone', async () => {
    const api = mockApi({
      'POST /profile/edit/phone': codeSent,
      'POST /profile/verify-phone': { status: 201, body: { message: profileMessages.phoneVerified } },
    });
    const { user, dialog } = await changePhone();
    expect(within(dialog).getByText(/Enter the 6-digit code we sent to/)).toHaveTextContent(NEW_PHONE_SHOWN);
    expect(within(dialog).getByText(/Resend code in 0:(59|60)|Resend code in 1:00/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(6);
    // Until the code is in, the profile still shows the old phone.
    expect(screen.getByText(OLD_PHONE_SHOWN)).toBeInTheDocument();

    await typeCode(user, dialog, '123456');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/profile/verify-phone')[0]?.body).toEqual({
      value: NEW_PHONE,
      otpPhone: '123456',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Phone number changed');
  });

  it('a wrong code shows the server message in red; Cancel keeps the old phone', async () => {
    const api = mockApi({
      'POST /profile/edit/phone': codeSent,
      'POST /profile/verify-phone': apiError(400, 'Invalid verification code', 'otpPhone'),
    });
    const { user, dialog } = await changePhone();
    await typeCode(user, dialog, '000000');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid verification code');
    expect(dialog).toHaveAttribute('data-state', 'error');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(OLD_PHONE_SHOWN)).toBeInTheDocument();
    expect(api.callsTo('POST', '/profile/verify-phone')).toHaveLength(1);
  });

  it('within the wait the server sends no new code: the modal opens for the code already sent', async () => {
    mockApi({
      'POST /profile/edit/phone': {
        status: 429,
        body: {
          statusCode: 429,
          message: 'Please wait 42 seconds before requesting a new code',
          resendInSeconds: 42,
        },
      },
    });
    const { dialog } = await changePhone();
    expect(within(dialog).getByText(/Enter the 6-digit code we sent to/)).toHaveTextContent(NEW_PHONE_SHOWN);
    expect(within(dialog).getByText(/Resend code in 0:4[12]/)).toBeInTheDocument();
    expect(screen.queryByText(/Please wait/)).not.toBeInTheDocument();
  });
});
