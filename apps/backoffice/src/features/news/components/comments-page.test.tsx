import type { StaffComment } from '@paws/contracts/staff-news';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../testing/render';
import CommentsPage from './comments-page';

const comment: StaffComment = {
  id: 41,
  postId: 3,
  postTitle: 'Weekend Roulette Tournament',
  userId: '00000000-0000-4000-8000-000000000042',
  username: 'troll',
  content: 'Buy cheap coins here',
  likesCount: 0,
  createdAt: '2030-01-01T10:00:00.000Z',
  editedAt: null,
  hiddenAt: null,
  authorBanned: false,
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('hides a comment and stops its author from commenting with a reason', async () => {
  const calls = mockApi(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/staff/news/comments')
      return { body: { items: [comment], total: 1 } };
    if (method === 'GET' && url.pathname === '/api/staff/news/comment-bans') return { body: { bans: [] } };
    if (url.pathname.endsWith('/hide')) return { body: { ...comment, hiddenAt: '2030-01-01T11:00:00.000Z' } };
    if (url.pathname === '/api/staff/news/comment-bans') return { status: 204 };
    return { status: 404, body: { statusCode: 404, message: 'Not found' } };
  });
  const user = userEvent.setup();
  renderScreen(<CommentsPage />, '/news-comments');
  const table = await screen.findByRole('table', { name: 'Comments' });
  await within(table).findByText('Buy cheap coins here');
  expect(within(table).getByText('Weekend Roulette Tournament')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Hide comment 41' }));
  await waitFor(() =>
    expect(
      calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/staff/news/comments/41/hide'),
    ).toBe(true),
  );

  await user.click(screen.getByRole('button', { name: 'Stop troll from commenting' }));
  const dialog = screen.getByRole('dialog', { name: 'Stop troll from commenting' });
  await user.type(within(dialog).getByLabelText('Reason'), 'Spam links');
  await user.click(within(dialog).getByRole('button', { name: 'Stop commenting' }));
  await waitFor(() => {
    const ban = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/staff/news/comment-bans');
    expect(ban?.body).toEqual({ userId: comment.userId, reason: 'Spam links' });
  });
});
