import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type RecordedCall } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { makeComment, makePost } from '../testing/posts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const post = makePost(7, {
  title: 'The autumn tournament',
  content: '## Prizes\n\nA **big** pot. [Rules](https://example.com/rules) and [bad](javascript:alert(1)).',
  category: 'EVENT_ANNOUNCEMENT',
  mediaContentUrl: 'media/7.jpg',
  mediaType: 'IMAGE',
  views: 41,
  likesCount: 2,
  commentCount: 1,
});

const related = [makePost(3, { category: 'EVENT_ANNOUNCEMENT' }), makePost(9), makePost(10), makePost(11)];

function postApi({ signedIn }: { signedIn: boolean }, extra: Parameters<typeof mockApi>[0] = {}) {
  let current = post;
  let comments = [makeComment(1, 7, { content: 'First!' })];
  const api = mockApi({
    'POST /auth/refresh-tokens': signedIn ? { status: 201 } : apiError(401, 'Unauthorized'),
    'GET /posts/7': () => ({ status: 200, body: current }),
    'GET /posts/7/comments': () => ({ status: 200, body: { comments } }),
    'GET /posts/7/related': { status: 200, body: { posts: related } },
    'POST /posts/7/like': () => {
      current = { ...current, likedByUser: true, likesCount: current.likesCount + 1 };
      return { status: 200, body: { likedByUser: true, likesCount: current.likesCount } };
    },
    'POST /posts/7/comments': ({ body }: RecordedCall) => {
      const comment = makeComment(2, 7, { content: (body as { content: string }).content, byUser: true });
      comments = [...comments, comment];
      current = { ...current, commentCount: current.commentCount + 1 };
      return { status: 201, body: comment };
    },
    'PATCH /posts/comments/2': ({ body }: RecordedCall) => {
      comments = comments.map((c) =>
        c.id === 2 ? { ...c, content: (body as { content: string }).content, editedAt: c.createdAt } : c,
      );
      return { status: 200, body: comments[1] };
    },
    'DELETE /posts/comments/2': () => {
      comments = comments.filter((c) => c.id !== 2);
      current = { ...current, commentCount: current.commentCount - 1 };
      return { status: 204 };
    },
    ...extra,
  });
  return api;
}

const article = () => screen.findByRole('article', { name: 'The autumn tournament' }, { timeout: 5_000 });

describe('/news/{id}', { timeout: 20_000 }, () => {
  it("reads 'Loading...' then shows media, category, title, markdown, date, views and counts", async () => {
    // The post is held until the page's 'Loading...' is seen: once its request has left, the route's own
    // lazy-loading fallback (also 'Loading...') is gone.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = postApi(
      { signedIn: false },
      { 'GET /posts/7': () => held.then(() => ({ status: 200, body: post })) },
    );
    await renderRoute('/news/7');
    await vi.waitFor(() => expect(api.callsTo('GET', '/posts/7')).toHaveLength(1), { timeout: 5_000 });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    const view = await article();
    expect(within(view).getByText('Events')).toBeInTheDocument();
    expect(
      within(view).getByRole('heading', { level: 2, name: 'The autumn tournament' }),
    ).toBeInTheDocument();
    expect(within(view).getByRole('heading', { level: 2, name: 'Prizes' })).toBeInTheDocument();
    expect(within(view).getByText('big').tagName).toBe('STRONG');
    expect(within(view).getByRole('link', { name: 'Rules' })).toHaveAttribute(
      'href',
      'https://example.com/rules',
    );
    // javascript: links keep their text and lose their address.
    expect(within(view).queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(within(view).getByText('bad')).toBeInTheDocument();
    expect(view.querySelector('img')).toHaveAttribute('src', '/api/news/media/7.jpg');
    expect(within(view).getByText('41')).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: /^Like this post \d+$/ })).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/news');
  });

  it("enlarges the post's picture and a picture in its markdown in the lightbox", async () => {
    const user = userEvent.setup();
    postApi(
      { signedIn: false },
      {
        'GET /posts/7': {
          status: 200,
          body: { ...post, content: 'The table:\n\n![The new table](https://cdn.example.com/table.png)' },
        },
      },
    );
    await renderRoute('/news/7');
    const view = await article();
    const [cover, inline] = within(view).getAllByRole('button', { name: 'Enlarge image' });

    await user.click(cover!);
    const lightbox = await screen.findByRole('dialog', { name: 'The autumn tournament' });
    expect(within(lightbox).getByRole('img', { name: 'The autumn tournament' })).toHaveAttribute(
      'src',
      '/api/news/media/7.jpg',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'The autumn tournament' })).not.toBeInTheDocument();

    await user.click(inline!);
    const second = await screen.findByRole('dialog', { name: 'The new table' });
    expect(within(second).getByRole('img', { name: 'The new table' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/table.png',
    );
  });

  it('fills "You can be interested" with 4 related cards and scroll buttons', async () => {
    postApi({ signedIn: false });
    await renderRoute('/news/7');
    const block = await screen.findByRole('list', { name: 'You can be interested' }, { timeout: 5_000 });
    expect(
      within(block)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/news/3', '/news/9', '/news/10', '/news/11']);
    expect(
      within(block)
        .getAllByRole('link')
        .map((link) => link.getAttribute('data-frame')),
    ).toEqual(['3', '4', '0', '1']);
    expect(screen.getByRole('button', { name: 'Scroll left' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scroll right' })).toBeInTheDocument();
  });

  it("reads 'News not found' for a missing post or an id that is not a number", async () => {
    mockApi({
      'POST /auth/refresh-tokens': apiError(401, 'Unauthorized'),
      'GET /posts/404': apiError(404, 'News not found'),
    });
    const first = await renderRoute('/news/404');
    expect(await screen.findByText('News not found', undefined, { timeout: 5_000 })).toBeInTheDocument();
    first.unmount();
    await renderRoute('/news/abc');
    expect(await screen.findByText('News not found', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/news');
  });

  it('signed out: the likes are dimmed and do nothing, the comment input is disabled', async () => {
    const api = postApi({ signedIn: false });
    const user = userEvent.setup();
    await renderRoute('/news/7');
    const like = within(await article()).getByRole('button', { name: /^Like this post \d+$/ });
    expect(like).toHaveAttribute('aria-disabled', 'true');
    await user.click(like);
    const commentLike = await screen.findByRole('button', { name: /^Like this comment \d+$/ });
    expect(commentLike).toHaveAttribute('aria-disabled', 'true');
    await user.click(commentLike);
    expect(api.calls.filter((call) => call.path.endsWith('/like'))).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('signed in: a like refreshes the post and the lists; a comment refreshes comments and post', async () => {
    const api = postApi({ signedIn: true });
    const user = userEvent.setup();
    await renderRoute('/news/7');
    const view = await article();
    const postCalls = () => api.callsTo('GET', '/posts/7').length;
    const before = postCalls();
    await user.click(within(view).getByRole('button', { name: /^Like this post \d+$/ }));
    await waitFor(() =>
      expect(within(view).getByRole('button', { name: /^Like this post \d+$/ })).toHaveTextContent('3'),
    );
    expect(within(view).getByRole('button', { name: /^Like this post \d+$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(api.callsTo('POST', '/posts/7/like')).toHaveLength(1);
    expect(postCalls()).toBe(before + 1);
    // The related block belongs to the list group: it refetched too.
    expect(api.callsTo('GET', '/posts/7/related')).toHaveLength(2);

    const input = screen.getByRole('textbox', { name: 'Your comment' });
    await user.type(input, '   ');
    await user.keyboard('{Enter}');
    expect(api.callsTo('POST', '/posts/7/comments')).toHaveLength(0);

    const commentsBefore = api.callsTo('GET', '/posts/7/comments').length;
    await user.clear(input);
    await user.type(input, '  Count me in  {Enter}');
    const mine = await screen.findByRole('article', { name: 'Comment by You' });
    expect(within(mine).getByText('Count me in')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts/7/comments')[0]?.body).toEqual({ content: 'Count me in' });
    expect(api.callsTo('GET', '/posts/7/comments').length).toBe(commentsBefore + 1);
    expect(postCalls()).toBe(before + 2);
    expect(input).toHaveValue('');

    // Escape leaves the edit unchanged.
    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    await user.keyboard('{Escape}');
    expect(within(mine).queryByRole('textbox', { name: 'Edit your comment' })).not.toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    const edit = within(mine).getByRole('textbox', { name: 'Edit your comment' });
    await user.clear(edit);
    await user.type(edit, 'Count me in twice');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Comment by You' })).getByText('Count me in twice'),
      ).toBeInTheDocument(),
    );
    expect(api.callsTo('PATCH', '/posts/comments/2')[0]?.body).toEqual({ content: 'Count me in twice' });

    await user.click(
      within(screen.getByRole('article', { name: 'Comment by You' })).getByRole('button', { name: 'Delete' }),
    );
    // It asks first: nothing is deleted until the player says yes.
    expect(api.callsTo('DELETE', '/posts/comments/2')).toHaveLength(0);
    await user.click(
      within(screen.getByRole('group', { name: 'Delete this comment?' })).getByRole('button', {
        name: 'Yes, delete',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Comment by You' })).not.toBeInTheDocument(),
    );
    // Only their own comment has Edit and Delete.
    const other = screen.getByRole('article', { name: 'Comment by fan1' });
    expect(within(other).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('tells the player when they comment too fast', async () => {
    postApi({ signedIn: true }, { 'POST /posts/7/comments': apiError(429, 'You are commenting too fast') });
    const user = userEvent.setup();
    await renderRoute('/news/7');
    await article();
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Hi{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are commenting too fast. Please wait a moment.',
    );
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('Hi');
  });

  it('renders raw HTML in content and comments as text, never as elements', async () => {
    const evil = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    postApi(
      { signedIn: false },
      {
        'GET /posts/7': { status: 200, body: { ...post, content: `Hello ${evil}` } },
        'GET /posts/7/comments': {
          status: 200,
          body: {
            comments: [
              makeComment(1, 7, { content: `${evil} ![x](data:image/svg+xml,<svg onload=alert(1)>)` }),
            ],
          },
        },
      },
    );
    await renderRoute('/news/7');
    const view = await article();
    await screen.findByRole('article', { name: 'Comment by fan1' });
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(view.querySelectorAll('img')).toHaveLength(1); // the post's own media only
    expect(within(view).getByText(/window\.__xss=1/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Comment by fan1' }).querySelector('img')).toBeNull();
  });
});
