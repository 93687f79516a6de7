import type { Game } from '@paws/contracts/catalog';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { changeLanguage } from '@/lib/i18n/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderRoute, testRuntimeConfig } from '@/testing/render-route';
import { BALANCE_MESSAGE_TYPE } from '../hooks/use-balance-messages';
import { TOP_PANEL_AUTO_CLOSE_MS } from '../hooks/use-top-panel';

// The screen is a lazy route: its first render waits for the chunk, slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ROULETTE = '/game?gameCode=european-roulette&providerCodeName=paws-studio&title=Live%20Roulette';

const game = (gameCode: string, name: string, extra: Partial<Game> = {}): Game => ({
  id: `id-${gameCode}`,
  name,
  imageUrl: `/games/${gameCode}.svg`,
  providerName: 'PAWS Studio',
  providerCodeName: 'paws-studio',
  gameCode,
  category: 'BLACKJACK',
  kind: 'TABLE',
  isNew: false,
  isFavorite: false,
  ...extra,
});

const catalogue = [
  game('european-roulette', 'Live Roulette', { isNew: true }),
  game('blackjack', 'Blackjack'),
  game('loto', 'Loto 80'),
];

const userData = {
  user: { userId: 'u1', username: 'demo', email: 'demo@paws.local' },
  balances: [{ currencyCode: 'USD', amount: 1000, currency: { symbol: '$' } }],
};

/** A signed-in player; the launch answers what `url` says (a never-settling promise keeps it pending). */
function signedIn(
  url: () => Promise<{ status: number; body?: unknown }> | { status: number; body?: unknown },
) {
  return mockApi({
    'POST /auth/refresh-tokens': { status: 201, body: { success: true } },
    'GET /profile/user-data': { status: 200, body: userData },
    'GET /catalog': { status: 200, body: catalogue },
    'GET /catalog/recommended': { status: 200, body: catalogue },
    'POST /catalog/game/url': url,
  });
}

const spinner = () => screen.getByText('Loading the game');

describe('game player', () => {
  it('asks for the url with the game fields, then shows the frame with the game title', async () => {
    const api = signedIn(() => ({
      status: 201,
      body: { url: 'http://localhost/studio/european-roulette.html?launch=x' },
    }));
    await renderRoute(ROULETTE);
    const frame = await screen.findByTitle('Live Roulette');
    expect(frame.tagName).toBe('IFRAME');
    // The frame learns the player's language from its address (game-frame contract: ?lang=).
    expect(frame).toHaveAttribute('src', 'http://localhost/studio/european-roulette.html?launch=x&lang=en');
    expect(frame).toHaveAttribute('allowfullscreen');
    expect(api.callsTo('POST', '/catalog/game/url')[0]?.body).toEqual({
      gameCode: 'european-roulette',
      providerCodeName: 'paws-studio',
    });
    expect(document.body.style.overflow).toBe('hidden');
  });

  it("opens the frame in the player's language and reloads it in a newly chosen one", async () => {
    signedIn(() => ({ status: 201, body: { url: 'http://localhost/studio/blackjack.html?launch=y' } }));
    await renderRoute(ROULETTE, { language: 'es' });
    const lang = () => new URL(screen.getByTitle('Live Roulette').getAttribute('src') ?? '').searchParams;
    await screen.findByTitle('Live Roulette');
    expect(lang().get('lang')).toBe('es');
    await act(() => changeLanguage('fr'));
    await waitFor(() => expect(lang().get('lang')).toBe('fr'));
    // The same launch: the page keeps its session across the reload.
    expect(lang().get('launch')).toBe('y');
    await act(() => changeLanguage('en'));
  });

  it('keeps the spinner while the url never arrives, and when the answer has none', async () => {
    signedIn(() => new Promise(() => {}));
    const first = await renderRoute(ROULETTE);
    await screen.findByRole('heading', { level: 1, name: 'Live Roulette' });
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(spinner()).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    first.unmount();

    const api = signedIn(() => ({
      status: 500,
      body: { statusCode: 500, message: 'Internal Server Error' },
    }));
    await renderRoute(ROULETTE);
    await waitFor(() => expect(api.callsTo('POST', '/catalog/game/url')).toHaveLength(1));
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(spinner()).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('opens the login modal for a visitor and does not ask for a url', async () => {
    const api = mockApi({
      'POST /auth/refresh-tokens': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
      'GET /catalog': { status: 200, body: catalogue },
      'GET /catalog/recommended': { status: 200, body: catalogue },
    });
    const { router } = await renderRoute(ROULETTE);
    await waitFor(() => expect(router.state.location.state).toEqual({ authModal: 'login' }));
    expect(router.state.location.search).toContain('gameCode=european-roulette');
    expect(spinner()).toBeInTheDocument();
    expect(api.callsTo('POST', '/catalog/game/url')).toHaveLength(0);
  });

  it('refreshes the player data on a balance message from the frame, and only from the frame', async () => {
    const frameUrl =
      'http://platform.test/studio/european-roulette.html?launch=x&host=http%3A%2F%2Flocalhost';
    const api = signedIn(() => ({ status: 201, body: { url: frameUrl } }));
    await renderRoute(ROULETTE);
    const frame = (await screen.findByTitle('Live Roulette')) as HTMLIFrameElement;
    await waitFor(() => expect(api.callsTo('GET', '/profile/user-data').length).toBeGreaterThan(0));
    const before = api.callsTo('GET', '/profile/user-data').length;
    const source = frame.contentWindow as Window;
    const balance = { type: BALANCE_MESSAGE_TYPE, currency: 'USD', balance: 990 };
    const post = (init: MessageEventInit) => window.dispatchEvent(new MessageEvent('message', init));

    // Another window, another origin, another type or a malformed balance changes nothing.
    post({ data: balance, source: window, origin: 'http://platform.test' });
    post({ data: balance, source, origin: 'http://evil.test' });
    post({ data: balance, source, origin: '' });
    post({ data: { type: 'other' }, source, origin: 'http://platform.test' });
    post({ data: { type: BALANCE_MESSAGE_TYPE }, source, origin: 'http://platform.test' });
    post({ data: { ...balance, balance: '990' }, source, origin: 'http://platform.test' });
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(api.callsTo('GET', '/profile/user-data')).toHaveLength(before);

    post({ data: balance, source, origin: 'http://platform.test' });
    await waitFor(() => expect(api.callsTo('GET', '/profile/user-data')).toHaveLength(before + 1));
  });

  it('lists recommended games without the one on screen and opens one on click', async () => {
    const api = signedIn(() => ({ status: 201, body: { url: 'about:blank' } }));
    const user = userEvent.setup();
    const { router } = await renderRoute(ROULETTE);
    setRuntimeConfig({ ...testRuntimeConfig, isPlatform: true });
    const item = await screen.findByRole('button', { name: /Blackjack/ });
    // (the pull tab, named after the game on screen, is not a list item)
    expect(screen.queryByRole('button', { name: /^Live Roulette.*PAWS Studio/ })).toBeNull();
    await user.click(item);
    await waitFor(() => expect(router.state.location.search).toContain('gameCode=blackjack'));
    expect(router.state.location.search).toContain('title=Blackjack');
    await waitFor(() =>
      expect(api.callsTo('POST', '/catalog/game/url').at(-1)?.body).toEqual({
        gameCode: 'blackjack',
        providerCodeName: 'paws-studio',
      }),
    );
  });

  it('marks the game as a favourite from the heart', async () => {
    const api = signedIn(() => ({ status: 201, body: { url: 'about:blank' } }));
    const posted = vi.fn(() => ({ status: 201, body: { gameId: 'id-european-roulette', isFavorite: true } }));
    const handlers = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/catalog/favorites/id-european-roulette') && init?.method === 'POST') {
        posted();
        return new Response(JSON.stringify(posted.mock.results[0]?.value.body), { status: 201 });
      }
      return handlers?.(input, init) as Promise<Response>;
    });
    const user = userEvent.setup();
    await renderRoute(ROULETTE);
    const heart = await screen.findByRole('button', { name: 'Add to favourites' });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(posted).toHaveBeenCalledTimes(1);
  });
});

describe('mobile top panel', () => {
  const panel = () => screen.getByTestId('game-top-panel');
  const swipe = (from: number, to: number) => {
    fireEvent.touchStart(panel(), { touches: [{ clientY: from }] });
    fireEvent.touchEnd(panel(), { changedTouches: [{ clientY: to }] });
  };

  it('opens on a swipe down over 50 px, closes on a swipe up over 20 px', async () => {
    signedIn(() => new Promise(() => {}));
    await renderRoute(ROULETTE);
    await screen.findByTestId('game-top-panel');
    expect(panel()).toHaveAttribute('data-open', 'false');

    swipe(10, 60);
    expect(panel()).toHaveAttribute('data-open', 'false');
    swipe(10, 61);
    expect(panel()).toHaveAttribute('data-open', 'true');

    swipe(100, 80);
    expect(panel()).toHaveAttribute('data-open', 'true');
    swipe(100, 79);
    expect(panel()).toHaveAttribute('data-open', 'false');
  });

  it('closes itself 5 s after opening', async () => {
    signedIn(() => new Promise(() => {}));
    await renderRoute(ROULETTE);
    await screen.findByTestId('game-top-panel');
    vi.useFakeTimers();
    swipe(0, 80);
    expect(panel()).toHaveAttribute('data-open', 'true');
    act(() => vi.advanceTimersByTime(TOP_PANEL_AUTO_CLOSE_MS - 1));
    expect(panel()).toHaveAttribute('data-open', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(panel()).toHaveAttribute('data-open', 'false');
  });
});
