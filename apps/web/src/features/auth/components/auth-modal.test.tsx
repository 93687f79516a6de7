import { authMessages, authServerMessages } from '@paws/contracts/auth';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIME_FOR_CODE_STORAGE_KEY } from '@/lib/resend-timer';
import { authStatusQueryOptions } from '@/lib/session/auth-status';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AuthModal } from './auth-modal';

const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp | string) => within(dialog()).getByLabelText(name, { selector: 'input' });
/** The message shown under an input (its aria-describedby). */
const errorOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const submit = (name: string) => within(dialog()).getAllByRole('button', { name }).at(-1)!;

async function open(mode: 'login' | 'register' = 'login') {
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = await renderWithProviders(<AuthModal initialMode={mode} onClose={onClose} />);
  return { ...view, user, onClose };
}

// Route-level renders load lazy chunks; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('auth modal: login step', () => {
  it('keeps submit disabled until both an e-mail and a password are typed', async () => {
    mockApi({});
    const { user } = await open();
    const button = submit('Log in');
    expect(button).toBeDisabled();
    await user.type(field('Email'), 'a@b.co');
    expect(button).toBeDisabled();
    await user.type(field('Password'), 'x');
    expect(button).toBeEnabled();
    await user.clear(field('Email'));
    expect(button).toBeDisabled();
  });

  it('shows the spec message on the e-mail field and clears it when an input changes', async () => {
    mockApi({});
    const { user } = await open();
    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Password'), 'whatever');
    await user.click(submit('Log in'));
    expect(errorOf(field('Email'))).toBe(authMessages.emailInvalid);
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Password'), '1');
    expect(screen.queryByText(authMessages.emailInvalid)).not.toBeInTheDocument();
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('puts a server error naming the password on the password field, others at the form root', async () => {
    let reply = apiError(401, authServerMessages.invalidEmailCredentials, 'password');
    const api = mockApi({ 'POST /auth/login': () => reply });
    const { user } = await open();
    await user.type(field('Email'), 'demo@paws.local');
    await user.type(field('Password'), 'Wrong#123');
    await user.click(submit('Log in'));
    await waitFor(() => expect(errorOf(field('Password'))).toBe(authServerMessages.invalidEmailCredentials));
    expect(api.callsTo('POST', '/auth/login')[0]?.body).toEqual({
      email: 'demo@paws.local',
      password: 'Wrong#123',
      callbackUrl: `${window.location.origin}/callback/login`,
    });

    reply = apiError(429, 'Please wait 42 seconds before requesting a new code');
    await user.type(field('Password'), '!');
    await user.click(submit('Log in'));
    const root = await within(dialog()).findByText('Please wait 42 seconds before requesting a new code');
    expect(root).toHaveAttribute('role', 'alert');
    expect(errorOf(field('Password'))).toBeUndefined();
  });

  it('e-mail log-in goes straight to success; Continue closes the modal', async () => {
    mockApi({ 'POST /auth/login': { status: 201, body: { channel: 'email' } } });
    const { user, onClose } = await open();
    await user.type(field('Email'), 'demo@paws.local');
    await user.type(field('Password'), 'Demo#2026');
    await user.click(submit('Log in'));
    expect(
      await screen.findByText('We sent a link to confirm your email, please check your spam box too'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('auth modal: sign-up', () => {
  it('shows confirm password only once a password is typed, and checks the rules on the right fields', async () => {
    mockApi({});
    const { user } = await open('register');
    expect(within(dialog()).queryByLabelText('Confirm password')).not.toBeInTheDocument();
    await user.type(field('Email'), 'new@paws.local');
    await user.type(field('Password'), 'weakpass');
    expect(field('Confirm password')).toBeInTheDocument();
    await user.type(field('Confirm password'), 'other');
    await user.type(field(/Promo code/), 'ab');
    await user.click(submit('Create account'));
    expect(errorOf(field('Password'))).toBe(authMessages.passwordUppercase);
    expect(errorOf(field(/Promo code/))).toBe(authMessages.promoInvalid);
    expect(errorOf(field('Email'))).toBeUndefined();

    // The match is checked once the fields themselves pass (the shared schema's refinement).
    await user.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    await user.clear(field('Password'));
    await user.type(field('Password'), 'Secret#123');
    await user.clear(field(/Promo code/));
    await user.click(submit('Create account'));
    expect(errorOf(field('Confirm password'))).toBe(authMessages.passwordsMustMatch);
    expect(errorOf(field('Password'))).toBeUndefined();
  });

  it('sends promo and the stored referralCode as the query, then shows the e-mail success text', async () => {
    localStorage.setItem('referralCode', 'friend42');
    const api = mockApi({ 'POST /auth/registration': { status: 201, body: { channel: 'email' } } });
    const { user } = await open('register');
    await user.type(field('Email'), 'new@paws.local');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm password'), 'Secret#123');
    await user.type(field(/Promo code/), 'WELCOM');
    await user.click(submit('Create account'));
    // The adults-only declaration is asked before anything is sent.
    expect(errorOf(screen.getByRole('checkbox', { name: /18 or older/ }))).toBe(
      authMessages.ageConfirmRequired,
    );
    expect(api.callsTo('POST', '/auth/registration')).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    await user.click(submit('Create account'));
    await screen.findByText('We sent a link to confirm your email, please check your spam box too');
    const [call] = api.callsTo('POST', '/auth/registration');
    expect(call?.query.get('promo')).toBe('WELCOM');
    expect(call?.query.get('referralCode')).toBe('friend42');
    expect(call?.body).toEqual({
      email: 'new@paws.local',
      password: 'Secret#123',
      ageConfirmed: true,
      callbackUrl: `${window.location.origin}/callback/register`,
    });
  });

  it('offers an optional deposit limit, folded away: sent when an amount is typed, checked first', async () => {
    const api = mockApi({ 'POST /auth/registration': { status: 201, body: { channel: 'email' } } });
    const { user } = await open('register');
    await user.type(field('Email'), 'limit@paws.local');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm password'), 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    await user.click(screen.getByText('Set a deposit limit (optional)'));
    await user.selectOptions(within(dialog()).getByLabelText('Period'), '7 days');
    const amount = field('Amount (USD)');
    await user.type(amount, '0');
    await user.click(submit('Create account'));
    expect(errorOf(amount)).toBe('Please enter an amount of at least 0.01 with at most 2 decimal places.');
    expect(api.callsTo('POST', '/auth/registration')).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '75.50');
    await user.click(submit('Create account'));
    await screen.findByText('We sent a link to confirm your email, please check your spam box too');
    expect(api.callsTo('POST', '/auth/registration')[0]?.body).toMatchObject({
      email: 'limit@paws.local',
      depositLimit: { period: 'WEEK', amount: 75.5 },
    });
  });

  it('phone sign-up: masked number, verifyCode, six digits sign in, the success step, then close', async () => {
    const api = mockApi({
      'POST /auth/registration': { status: 201, body: { channel: 'sms' } },
      'POST /auth/registration/verify': { status: 201, body: { success: true } },
      'GET /profile/user-data': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
    });
    const { user, onClose, queryClient } = await open('register');
    await user.click(screen.getByRole('tab', { name: 'Phone number' }));
    await user.selectOptions(screen.getByLabelText('Country code'), '+7');
    await user.type(field('Phone number'), '9a1234567890');
    expect(field('Phone number')).toHaveValue('912 345 67 89');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm password'), 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    await user.click(submit('Create account'));

    expect(await screen.findByRole('heading', { name: 'Verification Code' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/registration')[0]?.body).toMatchObject({ phone: '+7 912 345 67 89' });
    expect(Number(localStorage.getItem(TIME_FOR_CODE_STORAGE_KEY))).toBeGreaterThan(Date.now() - 5000);

    await user.type(screen.getByLabelText('Digit 1 of 6'), '123456');
    // A new account is told so instead of the modal closing silently (issue 18 §14).
    expect(await screen.findByRole('heading', { name: 'Welcome to PAWS' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your account is ready and you are logged in.');
    expect(onClose).not.toHaveBeenCalled();
    expect(api.callsTo('POST', '/auth/registration/verify')[0]?.body).toEqual({
      phone: '+7 912 345 67 89',
      otpPhone: '123456',
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(queryClient.getQueryData(authStatusQueryOptions().queryKey)).toBe(201);
  });

  it('phone log-in refused within the wait: no code claimed, the server’s wait counted down (issue 31)', async () => {
    const api = mockApi({
      'POST /auth/login': {
        status: 429,
        body: {
          statusCode: 429,
          message: 'Please wait 42 seconds before requesting a new code',
          resendInSeconds: 42,
        },
      },
    });
    const { user } = await open();
    await user.click(screen.getByRole('tab', { name: 'Phone number' }));
    await user.selectOptions(screen.getByLabelText('Country code'), '+7');
    await user.type(field('Phone number'), '9123456789');
    await user.type(field('Password'), 'Secret#123');
    await user.click(submit('Log in'));

    const wait = await within(dialog()).findByRole('status');
    expect(wait).toHaveTextContent(
      /^No new code was sent\. Please wait 4[12] seconds before requesting a new code$/,
    );
    expect(screen.queryByRole('heading', { name: 'Verification Code' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Enter the 6-digit code we sent to/)).not.toBeInTheDocument();
    expect(submit('Log in')).toBeDisabled();
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(1);
  });

  it('phone number errors: incomplete number', async () => {
    mockApi({});
    const { user } = await open();
    await user.click(screen.getByRole('tab', { name: 'Phone number' }));
    await user.type(field('Phone number'), '77009');
    await user.type(field('Password'), 'x');
    await user.click(submit('Log in'));
    expect(errorOf(field('Phone number'))).toBe(authMessages.phoneIncomplete);
  });
});

describe('auth modal: forgot password', () => {
  it('asked again within 60 s: says no code was sent, counts the wait down, and the earlier code can still be entered (issue 31)', async () => {
    const api = mockApi({
      'POST /auth/reset-password': {
        status: 429,
        body: {
          statusCode: 429,
          message: 'Please wait 42 seconds before requesting a new code',
          resendInSeconds: 42,
        },
      },
      'POST /auth/reset-password/verify': { status: 201, body: { success: true } },
    });
    localStorage.removeItem(TIME_FOR_CODE_STORAGE_KEY);
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(field('Email'), 'demo@paws.local');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const wait = await within(dialog()).findByRole('status');
    expect(wait).toHaveTextContent(
      /^No new code was sent\. Please wait 4[12] seconds before requesting a new code$/,
    );
    expect(screen.queryByRole('heading', { name: 'Verification Code' })).not.toBeInTheDocument();
    expect(screen.queryByText(/we sent/i)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    expect(api.callsTo('POST', '/auth/reset-password')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'I already have a code' }));
    expect(await screen.findByRole('heading', { name: 'Verification Code' })).toBeInTheDocument();
    expect(screen.getByText(/^Resend code in 0:4[12]$/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Digit 1 of 6'), '123456');
    expect(await screen.findByRole('heading', { name: 'New password' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/reset-password/verify')[0]?.body).toEqual({
      email: 'demo@paws.local',
      otpEmail: '123456',
    });
  });

  it('refused by the rate limit: shows its wait with a countdown, sends nothing, offers no earlier code (issue 31)', async () => {
    mockApi({
      'POST /auth/reset-password': {
        status: 429,
        body: {
          statusCode: 429,
          message: 'Too many attempts, please try again in 30 seconds',
          retryInSeconds: 30,
        },
      },
    });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('tab', { name: 'Phone number' }));
    await user.type(field('Phone number'), '7700900123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const wait = await within(dialog()).findByRole('status');
    expect(wait).toHaveTextContent(/^No new code was sent\. Please wait (29|30) seconds/);
    expect(screen.queryByRole('heading', { name: 'Verification Code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I already have a code' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    // Another number is not under this wait.
    await user.clear(field('Phone number'));
    await user.type(field('Phone number'), '7700900124');
    expect(within(dialog()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('a 429 without a resend wait (too many requests) is still the spec failure text', async () => {
    mockApi({ 'POST /auth/reset-password': apiError(429, 'Too many requests, please try again later') });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(field('Email'), 'demo@paws.local');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Failed to request password reset')).toBeInTheDocument();
  });

  it('shows the spec failure text when the request fails', async () => {
    mockApi({ 'POST /auth/reset-password': apiError(500, 'Internal Server Error') });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(field('Email'), 'demo@paws.local');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Failed to request password reset')).toBeInTheDocument();
  });

  it('goes forgotPassword → verifyCode → newPassword → success with the code as otpEmail', async () => {
    const api = mockApi({
      'POST /auth/reset-password': { status: 201, body: { channel: 'email' } },
      'POST /auth/reset-password/verify': (call) =>
        (call.body as { otpEmail: string }).otpEmail === '654321'
          ? { status: 201, body: { success: true } }
          : apiError(400, authServerMessages.wrongCode, 'otpEmail'),
      'POST /auth/reset-password/new-password': { status: 201, body: { success: true } },
    });
    const { user, onClose } = await open();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    await user.type(field('Email'), 'demo@paws.local');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { name: 'Verification Code' });

    await user.type(screen.getByLabelText('Digit 1 of 6'), '111111');
    expect(await screen.findByText(authServerMessages.wrongCode)).toBeInTheDocument();
    expect(dialog()).toHaveAttribute('data-state', 'error');

    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.paste('654321');
    await screen.findByRole('heading', { name: 'New password' });

    await user.type(field('New password'), 'Fresh#2026');
    await user.type(field('Confirm password'), 'Fresh#2027');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(errorOf(field('Confirm password'))).toBe(authMessages.passwordsMustMatch);
    await user.clear(field('Confirm password'));
    await user.type(field('Confirm password'), 'Fresh#2026');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/reset-password/new-password')[0]?.body).toEqual({
      email: 'demo@paws.local',
      newPassword: 'Fresh#2026',
      otpEmail: '654321',
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onClose).toHaveBeenCalled();
  });
});
