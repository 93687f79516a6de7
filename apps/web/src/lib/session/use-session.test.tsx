import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { api } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { redirectTo } from '@/lib/redirect';
import { mockApi } from '@/testing/mock-api';
import { testRuntimeConfig } from '@/testing/render-route';
import { useAuthStatus, useLogout, useSessionExpiredHandler, useUser } from './use-session';

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

describe('auth state', () => {
  it('is signed in when the probe answers 201 and only then fetches user data', async () => {
    const apiMock = mockApi({
      'POST /auth/refresh-tokens': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
    });
    const { wrapper } = wrapperWith();
    const { result } = renderHook(() => ({ status: useAuthStatus(), user: useUser() }), { wrapper });
    await waitFor(() => expect(result.current.status.status).toBe(401));
    expect(result.current.status.isSignedIn).toBe(false);
    expect(apiMock.callsTo('GET', '/profile/user-data')).toHaveLength(0);

    const signedIn = mockApi({
      'POST /auth/refresh-tokens': { status: 201, body: { success: true } },
      'GET /profile/user-data': { status: 200, body: { user: { userId: 'u1' }, balances: [] } },
    });
    const second = renderHook(() => ({ status: useAuthStatus(), user: useUser() }), {
      wrapper: wrapperWith().wrapper,
    });
    await waitFor(() => expect(second.result.current.user.data?.user.userId).toBe('u1'));
    expect(second.result.current.status.status).toBe(201);
    expect(signedIn.callsTo('GET', '/profile/user-data')).toHaveLength(1);
  });

  it('logout posts /auth/logout, sets 401, clears user data and goes to spaceUrl', async () => {
    const apiMock = mockApi({
      'POST /auth/refresh-tokens': { status: 201, body: { success: true } },
      'GET /profile/user-data': { status: 200, body: { user: { userId: 'u1' }, balances: [] } },
      'POST /auth/logout': { status: 201, body: { success: true } },
    });
    const { wrapper, queryClient } = wrapperWith();
    const { result } = renderHook(() => ({ user: useUser(), logout: useLogout() }), { wrapper });
    await waitFor(() => expect(result.current.user.data).toBeDefined());
    await act(() => result.current.logout.mutateAsync());
    expect(apiMock.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(['auth'])).toBe(401);
    expect(queryClient.getQueryData(['user-data'])).toBeUndefined();
    expect(redirectTo).toHaveBeenCalledWith(testRuntimeConfig.spaceUrl);
  });

  it('a refresh that answers 401 while signed in logs out to spaceUrl', async () => {
    let refreshes = 0;
    mockApi({
      'POST /auth/refresh-tokens': () => {
        refreshes += 1;
        return refreshes === 1
          ? { status: 201, body: { success: true } }
          : { status: 401, body: { statusCode: 401, message: 'Unauthorized' } };
      },
      'GET /profile/user-data': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
    });
    const { wrapper, queryClient } = wrapperWith();
    renderHook(
      () => {
        useSessionExpiredHandler();
        return useUser();
      },
      { wrapper },
    );
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(testRuntimeConfig.spaceUrl));
    expect(queryClient.getQueryData(['auth'])).toBe(401);
    api.setSessionExpiredHandler(undefined);
  });
});
