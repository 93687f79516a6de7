import { passkeyMessages } from '@paws/contracts/passkeys-constants';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AuthModal } from './auth-modal';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const device = vi.hoisted(() => ({
  supported: true,
  autofill: false,
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof import('@simplewebauthn/browser')>()),
  browserSupportsWebAuthn: () => device.supported,
  browserSupportsWebAuthnAutofill: async () => device.autofill,
  startAuthentication: device.startAuthentication,
}));

const OPTIONS = { challenge: 'abc', rpId: 'localhost', userVerification: 'required' };
const ANSWER = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };

beforeEach(() => {
  device.supported = true;
  device.autofill = false;
  device.startAuthentication.mockReset();
  device.startAuthentication.mockResolvedValue(ANSWER);
});

const passkeyServer = (signIn: Parameters<typeof mockApi>[0][string]) =>
  mockApi({
    'POST /auth/passkey/options': { status: 201, body: { options: OPTIONS } },
    'POST /auth/passkey': signIn,
  });

describe('signing in with a passkey from the modal (issue 29 point 1)', () => {
  it('the button signs in with the device’s passkey alone and closes the modal', async () => {
    const api = passkeyServer({ status: 201, body: { success: true } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<AuthModal initialMode="login" onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    // The e-mail box offers passkeys among its suggestions where the browser can.
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(device.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: OPTIONS,
      useBrowserAutofill: false,
    });
    expect(api.callsTo('POST', '/auth/passkey')[0]?.body).toEqual({ response: ANSWER });
  });

  it('shows the server’s refusal in the modal, in the player’s words', async () => {
    passkeyServer({
      status: 401,
      body: { statusCode: 401, message: passkeyMessages.unknown, field: 'response' },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<AuthModal initialMode="login" onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This passkey is not registered for an account here: sign in another way, then add it in your profile',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('with autofill, the passkey picked among the e-mail suggestions signs in without a click', async () => {
    device.autofill = true;
    passkeyServer({ status: 201, body: { success: true } });
    const onClose = vi.fn();
    await renderWithProviders(<AuthModal initialMode="login" onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(device.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: OPTIONS,
      useBrowserAutofill: true,
    });
  });

  it('is not offered to a browser without passkeys, nor on the sign-up form', async () => {
    device.supported = false;
    mockApi({});
    const user = userEvent.setup();
    await renderWithProviders(<AuthModal initialMode="login" onClose={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    device.supported = true;
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
  });
});
