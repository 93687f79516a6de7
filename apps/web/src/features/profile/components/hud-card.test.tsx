import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { userDataReply } from '@/testing/user-data';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PROVIDER_ORIGIN = 'http://localhost:3001';
const VERIFICATION_URL = `${PROVIDER_ORIGIN}/kyc-sandbox/0b6f2f1e-5d1c-4f0a-9f39-6a1f4c1d2e3f`;

const userData = (verificationType: string) =>
  userDataReply(verificationType, [{ currencyCode: 'USD', amount: 10, currency: { symbol: '$' } }]);

/** A stand-in for the popup window: what the hook reads and calls on it. */
function fakePopup() {
  return { closed: false, close: vi.fn(), location: { href: '' } };
}

async function setup({
  states = ['NONE'],
  session = { status: 200, body: { verificationUrl: VERIFICATION_URL } },
}: {
  states?: string[];
  session?: { status: number; body?: unknown };
} = {}) {
  let served = 0;
  const api = mockApi({
    'POST /auth/refresh-tokens': { status: 201 },
    // Each fetch of user data answers the next state (the last one repeats).
    'GET /profile/user-data': () => userData(states[Math.min(served++, states.length - 1)] ?? 'NONE'),
    'GET /profile/preferences': { status: 200, body: { gameTypes: [] } },
    'GET /verification-sessions': session,
  });
  const popup = fakePopup();
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  const user = userEvent.setup();
  await renderRoute('/profile/account');
  const hud = await screen.findByRole('region', { name: 'My hud' }, { timeout: 5_000 });
  return {
    api,
    popup,
    open,
    user,
    hud,
    userDataCalls: () => api.callsTo('GET', '/profile/user-data').length,
  };
}

/** What the provider page posts to its opener. */
function post(status: string, { origin = PROVIDER_ORIGIN, source }: { origin?: string; source: unknown }) {
  const event = new MessageEvent('message', {
    data: { type: 'paws:verification', sessionId: 's-1', status },
    origin,
  });
  Object.defineProperty(event, 'source', { value: source });
  act(() => {
    window.dispatchEvent(event);
  });
}

describe('hud card verification', () => {
  it('opens the provider page in a popup and, on FINISHED, says so, closes it and shows the new badge', async () => {
    const { api, popup, open, user, hud, userDataCalls } = await setup({ states: ['NONE', 'APPROVED'] });
    expect(within(hud).getByText('Not verified')).toBeInTheDocument();
    await user.click(within(hud).getByRole('button', { name: 'Verify identity' }));
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(popup.location.href).toBe(VERIFICATION_URL));
    expect(api.callsTo('GET', '/verification-sessions')).toHaveLength(1);

    const before = userDataCalls();
    post('STARTED', { source: popup });
    await new Promise((r) => setTimeout(r, 50));
    expect(within(hud).queryByText(/^Verification (completed|was|failed)/)).not.toBeInTheDocument();
    // STARTED shows nothing, but refreshes (it also comes when the document is handed in).
    await waitFor(() => expect(userDataCalls()).toBe(before + 1));
    expect(popup.close).not.toHaveBeenCalled();

    post('FINISHED', { source: popup });
    expect(await within(hud).findByText('Verification completed successfully')).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
    expect(await within(hud).findByText('Verified')).toBeInTheDocument();
    expect(userDataCalls()).toBe(before + 2);
    expect(within(hud).queryByRole('button', { name: 'Verify identity' })).not.toBeInTheDocument();
  });

  it.each([
    ['CANCELED', 'Verification was canceled'],
    ['ERROR', 'Verification failed. Please try again.'],
  ])('shows the %s notice and refreshes user data', async (status, notice) => {
    const { popup, user, hud, userDataCalls } = await setup();
    await user.click(within(hud).getByRole('button', { name: 'Verify identity' }));
    await waitFor(() => expect(popup.location.href).toBe(VERIFICATION_URL));
    const before = userDataCalls();
    post(status, { source: popup });
    expect(await within(hud).findByText(notice)).toBeInTheDocument();
    await waitFor(() => expect(userDataCalls()).toBe(before + 1));
    expect(popup.close).not.toHaveBeenCalled();
  });

  it('ignores messages from another origin or another window', async () => {
    const { popup, user, hud, userDataCalls } = await setup();
    await user.click(within(hud).getByRole('button', { name: 'Verify identity' }));
    await waitFor(() => expect(popup.location.href).toBe(VERIFICATION_URL));
    const before = userDataCalls();
    post('FINISHED', { source: popup, origin: 'http://evil.test' });
    post('FINISHED', { source: fakePopup() });
    post('FINISHED', { source: window });
    await new Promise((r) => setTimeout(r, 50));
    expect(within(hud).queryByText('Verification completed successfully')).not.toBeInTheDocument();
    expect(userDataCalls()).toBe(before);
    expect(popup.close).not.toHaveBeenCalled();
  });

  it('says the session could not start when GET /verification-sessions fails, and closes the popup', async () => {
    const { popup, user, hud } = await setup({ session: apiError(500, 'Internal Server Error') });
    await user.click(within(hud).getByRole('button', { name: 'Verify identity' }));
    expect(await within(hud).findByRole('alert')).toHaveTextContent(
      'Failed to initialize verification session',
    );
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('');
  });

  it('offers verification again after a decline, but not while pending or once approved', async () => {
    const declined = await setup({ states: ['DECLINED'] });
    expect(within(declined.hud).getByText('Verification declined')).toBeInTheDocument();
    expect(within(declined.hud).getByRole('button', { name: 'Verify identity' })).toBeInTheDocument();
  });

  it.each([
    ['PENDING', 'Verification pending'],
    ['APPROVED', 'Verified'],
  ])('has no verify button when %s', async (state, badge) => {
    const { hud } = await setup({ states: [state] });
    expect(within(hud).getByText(badge)).toBeInTheDocument();
    expect(within(hud).queryByRole('button', { name: 'Verify identity' })).not.toBeInTheDocument();
  });
});
