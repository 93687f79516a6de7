import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

// Route-level renders load lazy chunks; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const probe401 = { status: 401, body: { statusCode: 401, message: 'Unauthorized' } };

describe('/end-session, the new-device e-mail’s link', () => {
  it('ends that sign-in and says so, signed in or not', async () => {
    const api = mockApi({
      'POST /auth/refresh-tokens': probe401,
      'POST /auth/end-session': { status: 201, body: { success: true } },
    });
    await renderRoute('/end-session?token=fam.hash');
    expect(await screen.findByText(/That device is signed out/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/end-session')[0]?.body).toEqual({ token: 'fam.hash' });
  });

  it('shows the server’s answer to a forged link', async () => {
    mockApi({
      'POST /auth/refresh-tokens': probe401,
      'POST /auth/end-session': apiError(400, 'This sign-out link is not valid', 'token'),
    });
    await renderRoute('/end-session?token=forged');
    expect(await screen.findByText('This sign-out link is not valid')).toBeInTheDocument();
  });
});
