import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type RecordedCall } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { makePost } from '../testing/posts';
import { totalPages } from './news-page';

/** A news service of `count` posts, newest (highest id) first, answering GET /posts by page and limit. */
function postsApi(count: number, extra: Parameters<typeof mockApi>[0] = {}) {
  const all = Array.from({ length: count }, (_, index) => makePost(count - index));
  return mockApi({
    'POST /auth/refresh-tokens': apiError(401, 'Unauthorized'),
    'GET /posts': ({ query }: RecordedCall) => {
      const limit = Number(query.get('limit'));
      const page = Number(query.get('page'));
      const search = query.get('search') ?? '';
      const category = query.get('category') ?? '';
      const matching = all.filter(
        (post) => (!search || post.title.includes(search)) && (!category || post.category === category),
      );
      return {
        status: 200,
        body: { posts: matching.slice((page - 1) * limit, page * limit), total: matching.length },
      };
    },
    ...extra,
  });
}

const list = () => screen.findByRole('list', { name: 'News posts' }, { timeout: 5_000 });
const titles = async () =>
  within(await list())
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

function stubWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(query.match(/min-width:\s*(\d+)px/)?.[1] ?? Number.NaN);
    return {
      matches: width >= min,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('totalPages', () => {
  it('is ceil(total / page size)', () => {
    expect(totalPages(0, 5)).toBe(0);
    expect(totalPages(5, 5)).toBe(1);
    expect(totalPages(6, 5)).toBe(2);
    expect(totalPages(7, 1)).toBe(7);
  });
});

describe('/news', { timeout: 20_000 }, () => {
  it('shows the first 5 posts, appends the next page on Show more, and the pager replaces them', async () => {
    const api = postsApi(12);
    const user = userEvent.setup();
    await renderRoute('/news');
    expect(await titles()).toEqual(['/news/12', '/news/11', '/news/10', '/news/9', '/news/8']);
    expect(api.callsTo('GET', '/posts')[0]?.query.toString()).toBe('limit=5&page=1');
    expect(screen.getByPlaceholderText('Search by words and headings')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(async () => expect(await titles()).toHaveLength(10));
    expect((await titles()).slice(5)).toEqual(['/news/7', '/news/6', '/news/5', '/news/4', '/news/3']);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(async () =>
      expect(await titles()).toEqual(['/news/12', '/news/11', '/news/10', '/news/9', '/news/8']),
    );

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(async () => expect(await titles()).toEqual(['/news/2', '/news/1']));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('hides the pager and Show more when everything fits on one page', async () => {
    postsApi(3);
    await renderRoute('/news');
    expect(await titles()).toHaveLength(3);
    expect(screen.queryByRole('navigation', { name: /pag/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('debounces the search by 500 ms and goes back to page 1 without the accumulated posts', async () => {
    const api = postsApi(12);
    const user = userEvent.setup();
    await renderRoute('/news');
    await list();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(async () => expect(await titles()).toHaveLength(10));

    const typedAt = Date.now();
    await user.type(screen.getByRole('searchbox', { name: 'Search news' }), 'Post 1');
    const searches = () => api.callsTo('GET', '/posts').filter((call) => call.query.get('search'));
    expect(searches()).toHaveLength(0);
    await waitFor(() => expect(searches()).toHaveLength(1), { timeout: 2_000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(500);
    expect(searches()[0]?.query.get('search')).toBe('Post 1');
    expect(searches()[0]?.query.get('page')).toBe('1');
    // 'Post 1', 'Post 10', 'Post 11', 'Post 12' match; page 1 of 5 holds four, nothing of the old pages.
    await waitFor(async () =>
      expect(await titles()).toEqual(['/news/12', '/news/11', '/news/10', '/news/1']),
    );
  });

  it('goes back to page 1 on a category or page-size change', async () => {
    const api = postsApi(12);
    const user = userEvent.setup();
    await renderRoute('/news');
    await list();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(async () => expect(await titles()).toEqual(['/news/2', '/news/1']));

    await user.click(screen.getByRole('combobox', { name: /Per page/ }));
    await user.click(screen.getByRole('option', { name: '2' }));
    await waitFor(async () => expect(await titles()).toEqual(['/news/12', '/news/11']));
    expect(api.callsTo('GET', '/posts').at(-1)?.query.toString()).toBe('limit=2&page=1');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(async () => expect(await titles()).toEqual(['/news/10', '/news/9']));
    const chips = screen.getByRole('group', { name: 'Category' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All', 'About us', 'Events', 'Reviews', 'Ratings', 'Podcasts', 'Videos']);
    await user.click(within(chips).getByRole('button', { name: 'Reviews' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/posts').at(-1)?.query.toString()).toBe('category=REVIEW&limit=2&page=1'),
    );
    expect(within(chips).getByRole('button', { name: 'Reviews' })).toHaveAttribute('aria-pressed', 'true');

    // Back to All: page 1 again, not the page 2 it was on before.
    await user.click(within(chips).getByRole('button', { name: 'All' }));
    await waitFor(async () => expect(await titles()).toEqual(['/news/12', '/news/11']));
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('makes the first post a large banner on 1024 px or wider only', async () => {
    stubWidth(1024);
    postsApi(3);
    const first = await renderRoute('/news');
    let links = within(await list()).getAllByRole('link');
    expect(links[0]).toHaveAttribute('data-banner', 'true');
    expect(links[1]).not.toHaveAttribute('data-banner');
    first.unmount();

    stubWidth(1023);
    await renderRoute('/news');
    links = within(await list()).getAllByRole('link');
    expect(links[0]).not.toHaveAttribute('data-banner');
  });

  it('gives each card one of five frames by id modulo 5', async () => {
    postsApi(7);
    await renderRoute('/news');
    const frames = within(await list())
      .getAllByRole('link')
      .map((link) => [link.getAttribute('href'), link.getAttribute('data-frame')]);
    expect(frames).toEqual([
      ['/news/7', '2'],
      ['/news/6', '1'],
      ['/news/5', '0'],
      ['/news/4', '4'],
      ['/news/3', '3'],
    ]);
  });

  it('shows the retry view on error and the empty view without posts', async () => {
    let failing = true;
    mockApi({
      'POST /auth/refresh-tokens': apiError(401, 'Unauthorized'),
      'GET /posts': () =>
        failing ? apiError(503, 'Service Unavailable') : { status: 200, body: { posts: [], total: 0 } },
    });
    await renderRoute('/news');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5_000 });
    failing = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('There are no data here yet')).toBeInTheDocument();
  });
});
