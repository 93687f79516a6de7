import { NATIONAL_REGISTER_REASON, restrictionMessages } from '@paws/contracts/responsible-gaming';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n/i18n';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

// Route-level renders load lazy chunks; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const probe401 = { status: 401, body: { statusCode: 401, message: 'Unauthorized' } };
const userData = {
  status: 200,
  body: {
    user: {
      userId: 'u1',
      username: 'newbie',
      email: 'n@paws.local',
      phone: null,
      linkMinified: null,
      linkFull: null,
      isManager: false,
    },
    balances: [],
  },
};

describe('pages opened by links', () => {
  it('/callback/register posts the token, then lands on home signed in', async () => {
    const api = mockApi({
      'POST /auth/refresh-tokens': probe401,
      'POST /auth/registration/verify': { status: 201, body: { success: true } },
      'GET /profile/user-data': userData,
    });
    const { router } = await renderRoute('/callback/register?token=tok-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST', '/auth/registration/verify')).toHaveLength(1);
    expect(api.callsTo('POST', '/auth/registration/verify')[0]?.body).toEqual({ token: 'tok-1' });
    expect(await screen.findByRole('button', { name: /newbie/ })).toBeInTheDocument();
    // The probe had answered before the verify call set new cookies.
    const order = api.calls.map((c) => c.path);
    expect(order.indexOf('/auth/refresh-tokens')).toBeLessThan(order.indexOf('/auth/registration/verify'));
  });

  it('/callback/login asks for the authenticator code when two-step sign-in is on, then lands signed in (issue 29)', async () => {
    let signedIn = false;
    const api = mockApi({
      'POST /auth/refresh-tokens': () => (signedIn ? { status: 201 } : probe401),
      'POST /auth/login/verify': {
        status: 403,
        body: { statusCode: 403, message: 'x', code: 'TWO_STEP_REQUIRED', pendingSignIn: 'pending-9' },
      },
      'POST /auth/login/two-step': () => {
        signedIn = true;
        return { status: 201, body: { success: true } };
      },
      'GET /profile/user-data': () => (signedIn ? userData : probe401),
    });
    const { router } = await renderRoute('/callback/login?token=tok-2');
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    const first = screen.getByLabelText('Digit 1 of 6');
    first.focus();
    await userEvent.setup().keyboard('246810');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST', '/auth/login/two-step')[0]?.body).toEqual({
      pendingSignIn: 'pending-9',
      code: '246810',
    });
  });

  it('/callback/login shows the server message when the link is spent', async () => {
    mockApi({
      'POST /auth/refresh-tokens': probe401,
      'POST /auth/login/verify': apiError(400, 'This link is invalid or has expired', 'token'),
    });
    await renderRoute('/callback/login?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired');
  });

  it("/callback/register says, in the player's language, that the national self-exclusion register refuses them", async () => {
    const refusal = {
      status: 403,
      body: {
        statusCode: 403,
        message: restrictionMessages.nationalRegister,
        ban: {
          kind: 'SELF_EXCLUSION',
          reason: NATIONAL_REGISTER_REASON,
          startedAt: '2026-01-01T00:00:00.000Z',
          endsAt: null,
          returnAllowedAt: '2026-01-01T00:00:00.000Z',
        },
      },
    };
    mockApi({ 'POST /auth/refresh-tokens': probe401, 'POST /auth/registration/verify': refusal });
    try {
      await renderRoute('/callback/register?token=tok-2', { language: 'fr' });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        /inscrit à un dispositif national d’auto-exclusion \(comme GAMSTOP\)/,
      );
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('/callback/login says the register cannot be asked right now', async () => {
    mockApi({
      'POST /auth/refresh-tokens': probe401,
      'POST /auth/login/verify': apiError(503, restrictionMessages.registerUnavailable),
    });
    await renderRoute('/callback/login?token=tok-3');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We cannot check the national self-exclusion register right now. Please try again in a few minutes.',
    );
  });

  it('/verify activates the auth token and opens the game, keeping fromPWA', async () => {
    const api = mockApi({
      'POST /auth/refresh-tokens': probe401,
      'POST /auth/auth-token/activate': { status: 201, body: { success: true } },
      'GET /profile/user-data': userData,
    });
    const { router } = await renderRoute(
      '/verify?authToken=abc&gameCode=rl-1&providerCodeName=paws&title=Lime%20Roulette&fromPWA=true',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(api.callsTo('POST', '/auth/auth-token/activate')[0]?.body).toEqual({ authToken: 'abc' });
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      gameCode: 'rl-1',
      providerCodeName: 'paws',
      title: 'Lime Roulette',
      fromPWA: 'true',
    });
  });

  it('/verify without game fields goes home', async () => {
    mockApi({
      'POST /auth/refresh-tokens': probe401,
      'POST /auth/auth-token/activate': { status: 201, body: { success: true } },
      'GET /profile/user-data': userData,
    });
    const { router } = await renderRoute('/verify?authToken=abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('/verify-email confirms the address and shows the answer', async () => {
    const api = mockApi({
      'POST /auth/refresh-tokens': probe401,
      'POST /profile/verify-email': { status: 201, body: { message: 'Email verified' } },
    });
    await renderRoute('/verify-email?token=t-9');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    expect(api.callsTo('POST', '/profile/verify-email')[0]?.body).toEqual({ token: 't-9' });
  });
});
