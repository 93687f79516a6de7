import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { createQueryClient } from '@/lib/query-client';
import { mockApi } from '@/testing/mock-api';
import { testRuntimeConfig } from '@/testing/render-route';
import {
  SCROLL_AFTER_NAVIGATION_MS,
  SCROLL_DELAY_MS,
  useOpenGameOrGamesList,
} from './use-open-game-or-games-list';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The opener the probe last rendered. */
let opener: ReturnType<typeof useOpenGameOrGamesList> | undefined;
function Probe() {
  opener = useOpenGameOrGamesList();
  return null;
}

/** The hook inside a router at `path`; returns the router so the test can read where it went. */
function setup(path: string, { isPlatform }: { isPlatform: boolean }) {
  setRuntimeConfig({ ...testRuntimeConfig, isPlatform });
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, open: () => opener as ReturnType<typeof useOpenGameOrGamesList>, queryClient };
}

function gamesList() {
  const list = document.createElement('section');
  list.id = 'games-list';
  document.body.append(list);
  return vi.spyOn(list, 'scrollIntoView');
}

const roulette = { gameCode: 'european-roulette', providerCodeName: 'paws-studio', name: 'Live Roulette' };

describe('useOpenGameOrGamesList (000 §4)', () => {
  it('without a game on home: scrolls to the games list after 100 ms', async () => {
    mockApi({});
    const { open } = setup('/', { isPlatform: true });
    const scroll = gamesList();
    vi.useFakeTimers();
    await act(() => open()());
    act(() => vi.advanceTimersByTime(SCROLL_DELAY_MS - 1));
    expect(scroll).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scroll).toHaveBeenCalledTimes(1);
  });

  it('without a game elsewhere: goes home, then scrolls after 500 ms', async () => {
    mockApi({});
    const { open, router } = setup('/faq', { isPlatform: false });
    const scroll = gamesList();
    vi.useFakeTimers();
    await act(() => open()());
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.hash).toBe('#games-list');
    act(() => vi.advanceTimersByTime(SCROLL_AFTER_NAVIGATION_MS - 1));
    expect(scroll).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scroll).toHaveBeenCalledTimes(1);
  });

  it('with a game on the platform: the game screen with gameCode (not the id), provider and title', async () => {
    mockApi({ 'POST /auth/refresh-tokens': { status: 201, body: { success: true } } });
    const { open, router } = setup('/', { isPlatform: true });
    await act(() => open()(roulette));
    expect(router.state.location.pathname).toBe('/game');
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      gameCode: 'european-roulette',
      providerCodeName: 'paws-studio',
      title: 'Live Roulette',
    });
  });

  it('with a game on the landing app, signed out: the login modal through the navigation state', async () => {
    mockApi({
      'POST /auth/refresh-tokens': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
    });
    const { open, router, queryClient } = setup('/', { isPlatform: false });
    await act(() => queryClient.fetchQuery({ queryKey: ['auth'], queryFn: () => 401 as const }));
    await act(() => open()(roulette));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ authModal: 'login' });
  });
});
