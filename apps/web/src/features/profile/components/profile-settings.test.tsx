import { profileMessages } from '@paws/contracts/profile';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ProfileSettings } from './profile-settings';

const user0 = { username: 'demo', email: 'demo@paws.local', phone: '+447700900123' };

afterEach(() => {
  vi.unstubAllGlobals();
});

async function setup() {
  const user = userEvent.setup();
  const view = await renderWithProviders(<ProfileSettings user={user0} />);
  return { user, ...view };
}

describe('ProfileSettings inline edit', () => {
  it('approve validates with the shared rule first and shows the error in red above the settings', async () => {
    const api = mockApi({});
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Edit Username' }));
    const input = screen.getByLabelText('New Username');
    expect(input).toHaveAttribute('maxLength', '10');
    await user.clear(input);
    await user.type(input, 'ab');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(profileMessages.usernameMin);
    // Above the settings list.
    expect(
      alert.compareDocumentPosition(screen.getByRole('list')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the phone in the one phone format (issue 31), not as stored', async () => {
    mockApi({});
    await setup();
    expect(screen.getByText('+44 7700 900123')).toBeInTheDocument();
    expect(screen.queryByText('+447700900123')).not.toBeInTheDocument();
  });

  it('Enter approves and saves through POST /profile/edit/username', async () => {
    const api = mockApi({
      'POST /profile/edit/username': { status: 201, body: { message: profileMessages.usernameUpdated } },
    });
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Edit Username' }));
    const input = screen.getByLabelText('New Username');
    await user.clear(input);
    await user.type(input, 'lucky_7{Enter}');
    await waitFor(() => expect(screen.queryByLabelText('New Username')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/profile/edit/username')[0]?.body).toEqual({ value: 'lucky_7' });
  });

  it('Cancel restores the original value and only one field is active at a time', async () => {
    mockApi({});
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Edit Username' }));
    await user.type(screen.getByLabelText('New Username'), 'zzz');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('demo')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Username' }));
    expect(screen.getByLabelText('New Username')).toHaveValue('demo');
    await user.click(screen.getByRole('button', { name: 'Edit Email' }));
    expect(screen.queryByLabelText('New Username')).not.toBeInTheDocument();
    expect(screen.getByLabelText('New Email')).toHaveValue('demo@paws.local');
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
  });

  it('email: max 30, sends the verify-email callback and shows the notice', async () => {
    const api = mockApi({
      'POST /profile/edit/email': { status: 201, body: { message: profileMessages.emailUpdated } },
    });
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Edit Email' }));
    const input = screen.getByLabelText('New Email');
    expect(input).toHaveAttribute('maxLength', '30');
    await user.clear(input);
    await user.type(input, 'new@paws.local');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email updated. Please verify your new email.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/profile/edit/email')[0]?.body).toEqual({
      value: 'new@paws.local',
      callbackUrl: `${window.location.origin}/verify-email`,
    });
  });

  it('phone: a phone input with the prefix, and the server error in red', async () => {
    const api = mockApi({
      'POST /profile/edit/phone': apiError(409, 'An account with this phone number already exists', 'value'),
    });
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Edit Phone' }));
    expect(screen.getByLabelText('Country code')).toHaveValue('+44');
    const input = screen.getByLabelText('New Phone');
    expect(input).toHaveValue('7700 900123');
    await user.selectOptions(screen.getByLabelText('Country code'), '+1');
    await user.clear(input);
    await user.type(input, '2015550123');
    expect(input).toHaveValue('201 555 0123');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this phone number already exists',
    );
    expect(api.callsTo('POST', '/profile/edit/phone')[0]?.body).toEqual({ value: '+1 201 555 0123' });
    expect(screen.getByLabelText('New Phone')).toBeInTheDocument();
  });
});
