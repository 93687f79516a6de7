import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { createQueryClient } from '@/lib/query-client';
import { redirectTo } from '@/lib/redirect';
import { useAuthStatus } from '@/lib/session/use-session';
import { mockApi } from '@/testing/mock-api';
import { testRuntimeConfig } from '@/testing/render-route';
import { handoverUrl, useGoToGameScreen } from './use-go-to-game-screen';

vi.mock('@/lib/redirect', () => ({ redirectTo: vi.fn() }));

function wrapperWith(queryClient = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return { wrapper, queryClient };
}

beforeEach(() => {
  setRuntimeConfig(testRuntimeConfig);
  vi.mocked(redirectTo).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('opening a game from the landing app', () => {
  it('builds the platform /verify address with the game and fromPWA', () => {
    expect(
      handoverUrl(
        'http://127.0.0.1:3001/',
        'tok',
        { gameCode: 'g1', providerCodeName: 'paws', title: 'Lime Roulette' },
        true,
      ),
    ).toBe(
      'http://127.0.0.1:3001/verify?authToken=tok&gameCode=g1&providerCodeName=paws&title=Lime+Roulette&fromPWA=true',
    );
  });

  it('signed in: fetches a single-use auth token and hands over to the platform', async () => {
    mockApi({
      'POST /auth/refresh-tokens': { status: 201, body: { success: true } },
      'GET /auth/auth-token': { status: 200, body: { authToken: 'one-time' } },
    });
    const { wrapper } = wrapperWith();
    const { result } = renderHook(() => ({ status: useAuthStatus(), open: useGoToGameScreen() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.status.isSignedIn).toBe(true));
    await act(() => result.current.open({ gameCode: 'g1', providerCodeName: 'paws', title: 'Roulette' }));
    expect(redirectTo).toHaveBeenCalledWith(
      `${testRuntimeConfig.platformUrl}/verify?authToken=one-time&gameCode=g1&providerCodeName=paws&title=Roulette`,
    );
  });
});
