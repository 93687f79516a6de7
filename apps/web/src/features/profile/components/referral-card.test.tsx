import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearBan } from '@/lib/ban-store';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { userDataReply } from '@/testing/user-data';

afterEach(() => {
  vi.unstubAllGlobals();
  clearBan();
});

function withBan(reply: ReturnType<typeof userDataReply>) {
  const ban = { reason: 'Chargeback fraud', startedAt: '2026-03-01T10:15:00.000Z', endsAt: null };
  return { ...reply, body: { ...reply.body, user: { ...reply.body.user, ban } } };
}

describe('the referral link on /profile/account', () => {
  it('shows the link with the player’s code and copies it', async () => {
    mockApi({
      'POST /auth/refresh-tokens': { status: 201 },
      'GET /profile/user-data': userDataReply(),
      'GET /profile/referral': { status: 200, body: { referralCode: 'K7QX2M9P' } },
    });
    const user = userEvent.setup();
    await renderRoute('/profile/account');
    const card = await screen.findByRole('region', { name: 'Invite friends' }, { timeout: 5_000 });
    const link = `${window.location.origin}/?referralCode=K7QX2M9P`;
    const field = within(card).getByRole('textbox', { name: 'Your referral link' });
    await waitFor(() => expect(field).toHaveValue(link));
    await user.click(within(card).getByRole('button', { name: 'Copy referral link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await within(card).findByText('Copied to clipboard')).toBeInTheDocument();
  });
});

describe('a banned player at load', () => {
  it('sees the banned modal from the user data, before any refused action', async () => {
    mockApi({
      'POST /auth/refresh-tokens': { status: 201 },
      'GET /profile/user-data': withBan(userDataReply()),
      'GET /profile/referral': { status: 200, body: { referralCode: 'K7QX2M9P' } },
    });
    await renderRoute('/profile/account');
    const dialog = await screen.findByRole('dialog', { name: /YOU ARE BANNED!/i }, { timeout: 5_000 });
    expect(within(dialog).getByText(/Chargeback fraud/)).toBeInTheDocument();
  });
});
