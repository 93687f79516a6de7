import type { StaffPost } from '@paws/contracts/staff-news';
import { staffNewsMessages } from '@paws/contracts/staff-news';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../testing/render';
import PostEditorPage from './post-editor-page';

const saved: StaffPost = {
  id: 7,
  title: 'Hello',
  content: 'Hi',
  mediaContentUrl: null,
  mediaType: null,
  category: 'REVIEW',
  publicationDate: '2030-01-01T10:00:00.000Z',
  commentCount: 0,
  likesCount: 0,
  likedByUser: false,
  views: 0,
  updatedAt: '2029-12-01T10:00:00.000Z',
  createdAt: '2029-12-01T10:00:00.000Z',
  archivedAt: null,
  createdBy: 'content',
  updatedBy: 'content',
  status: 'SCHEDULED',
  mediaKey: null,
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('previews markdown live without running raw HTML or javascript: links', async () => {
  mockApi(() => ({ status: 404, body: { statusCode: 404, message: 'Not found' } }));
  const user = userEvent.setup();
  renderScreen(<PostEditorPage />, '/news/new');
  const content = screen.getByLabelText('Content (markdown)');
  await user.click(content);
  // Pasted: user.type would read the brackets as key names.
  await user.paste(
    '**bold** <script>window.__x=1</script> <img src=x onerror=alert(1)> [link](javascript:alert(1))',
  );
  const preview = screen.getByRole('region', { name: 'Preview' });
  expect(within(preview).getByText('bold').tagName).toBe('STRONG');
  expect(preview.querySelector('script, img')).toBeNull();
  const link = within(preview).getByText('link');
  expect(link.getAttribute('href') ?? '').not.toMatch(/javascript/i);
});

it('names the field of bad input and sends nothing; a schedule sends its date', async () => {
  const calls = mockApi((call) => (call.method === 'POST' ? { status: 201, body: saved } : { body: saved }));
  const user = userEvent.setup();
  renderScreen(<PostEditorPage />, '/news/new');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(staffNewsMessages.title)).toBeInTheDocument();
  expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  await user.type(screen.getByLabelText('Title'), 'Hello');
  await user.selectOptions(screen.getByLabelText('Category'), 'REVIEW');
  await user.type(screen.getByLabelText('Content (markdown)'), 'Hi');
  await user.click(screen.getByLabelText('Schedule'));
  const at = screen.getByLabelText('Publish at');
  await user.clear(at);
  await user.type(at, '2030-01-01T11:00:00');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  const post = calls.find((c) => c.method === 'POST');
  expect(post?.url.pathname).toBe('/api/staff/news/posts');
  expect(post?.body).toEqual({
    title: 'Hello',
    category: 'REVIEW',
    content: 'Hi',
    mediaKey: null,
    publicationDate: new Date('2030-01-01T11:00:00').toISOString(),
  });
});
