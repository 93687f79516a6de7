import type { Game } from '@paws/contracts/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { renderRoute, testRuntimeConfig } from '@/testing/render-route';
import { ratesSampleData } from '../data/rates-sample-data';

const game = (
  id: number,
  name: string,
  category: Game['category'] = 'POKER',
  kind: Game['kind'] = 'TABLE',
): Game => ({
  id: `g-${id}`,
  name,
  imageUrl: `/img/${id}.webp`,
  providerName: 'PAWS Studio',
  providerCodeName: 'paws',
  gameCode: `code-${id}`,
  category,
  kind,
  isNew: false,
  isFavorite: false,
});

const catalogue: Game[] = [
  game(1, 'Lime Roulette Supreme Edition', 'LIVE_ROULETTE', 'LIVE'),
  game(2, 'Poker Night', 'POKER'),
  ...Array.from({ length: 14 }, (_, index) => game(10 + index, `Blackjack ${index + 1}`, 'BLACKJACK')),
];

let requests: URL[] = [];

function stubCatalogue({ favoritesStatus = 200 }: { favoritesStatus?: number } = {}) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      if (url.searchParams.get('favorites') === 'true' && favoritesStatus === 401) {
        return new Response(JSON.stringify({ statusCode: 401, message: 'Unauthorized' }), { status: 401 });
      }
      const search = url.searchParams.get('search')?.toLowerCase();
      const category = url.searchParams.get('category');
      const kind = url.searchParams.get('kind');
      const games = catalogue.filter(
        (item) =>
          (!search || item.name.toLowerCase().includes(search)) &&
          (!category || item.category === category) &&
          (!kind || item.kind === kind),
      );
      return new Response(JSON.stringify(games), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

const gamesList = () => screen.findByRole('list', { name: 'Games' }, { timeout: 5_000 });

describe('home games list', { timeout: 20_000 }, () => {
  beforeEach(() => stubCatalogue());
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfig(testRuntimeConfig);
  });

  it('loads the catalogue, cuts names at 15 characters, and shows coming-soon and load-more tiles', async () => {
    const user = userEvent.setup();
    await renderRoute('/');
    const list = await gamesList();
    // The eye reads the cut name; a screen reader hears the whole one.
    const tile = within(list).getByRole('button', { name: /^Lime Roulette Supreme Edition/ });
    expect(within(tile).getByText('Lime Roulette S…')).toHaveAttribute('aria-hidden', 'true');
    expect(within(tile).getByText('Lime Roulette Supreme Edition')).toHaveClass('visually-hidden');
    expect(within(list).getByText('Coming soon')).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: /PAWS Studio/ })).toHaveLength(12);
    await user.click(within(list).getByRole('button', { name: 'Load more games' }));
    expect(within(list).getAllByRole('button', { name: /PAWS Studio/ })).toHaveLength(16);
    expect(within(list).queryByRole('button', { name: 'Load more games' })).not.toBeInTheDocument();
  });

  it('filters by category from the chips', async () => {
    const user = userEvent.setup();
    await renderRoute('/');
    await gamesList();
    await user.click(screen.getByRole('button', { name: 'Poker' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('category')).toBe('POKER'));
    const list = await gamesList();
    await waitFor(() => expect(within(list).getAllByRole('button', { name: /PAWS Studio/ })).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Poker' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters by the kind in the query (bottom panel slots)', async () => {
    await renderRoute('/?kind=LIVE#games-list');
    const list = await gamesList();
    await waitFor(() => expect(requests.map((url) => url.searchParams.get('kind'))).toContain('LIVE'));
    await waitFor(() => expect(within(list).getAllByRole('button', { name: /PAWS Studio/ })).toHaveLength(1));
    expect(screen.getByRole('button', { name: /Showing: Live/ })).toBeInTheDocument();
  });

  it('asks a visitor to log in when Favorites answers 401', async () => {
    stubCatalogue({ favoritesStatus: 401 });
    const user = userEvent.setup();
    const { router } = await renderRoute('/');
    await gamesList();
    await user.click(screen.getByRole('button', { name: 'Favorites' }));
    await waitFor(() => expect(router.state.location.state).toEqual({ authModal: 'login' }));
    expect(requests.some((url) => url.searchParams.get('favorites') === 'true')).toBe(true);
  });
});

describe('header search', { timeout: 20_000 }, () => {
  beforeEach(() => stubCatalogue());
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfig(testRuntimeConfig);
  });

  it('searches the catalogue by name and opens the chosen game on the platform', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute('/faq');
    setRuntimeConfig({ ...testRuntimeConfig, isPlatform: true });
    const box = screen.getByRole('combobox', { name: 'Search games' });
    await user.type(box, 'poker');
    const results = await screen.findByRole('listbox', { name: 'Matching games' });
    await waitFor(() => expect(within(results).getAllByRole('option')).toHaveLength(1));
    expect(requests.at(-1)?.searchParams.get('search')).toBe('poker');
    await user.click(within(results).getByRole('option', { name: /Poker Night/ }));
    expect(router.state.location.pathname).toBe('/game');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      gameCode: 'code-2',
      providerCodeName: 'paws',
      title: 'Poker Night',
    });
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    await renderRoute('/faq');
    await user.type(screen.getByRole('combobox', { name: 'Search games' }), 'zzz');
    expect(await screen.findByText('No games match your search')).toBeInTheDocument();
  });
});

describe('rates block (sample data)', { timeout: 20_000 }, () => {
  beforeEach(() => stubCatalogue());
  afterEach(() => vi.unstubAllGlobals());

  it('shows a podium for Best and a paged table with page sizes for the other chips', async () => {
    const user = userEvent.setup();
    await renderRoute('/');
    const podium = await screen.findByRole('list', { name: 'Best' });
    expect(within(podium).getAllByRole('listitem')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Top 50 winners' }));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Player', 'Winning', 'Max bet', 'Favourite games']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByRole('button', { name: 'Page 5' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(within(table).getByText(ratesSampleData.topWinners[10]?.player ?? '')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Rows per page: 10' }));
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });
});
