import type { StaffVerification } from '@paws/contracts/staff-money';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { type Call, mockApi, render } from '../../../testing/render';
import VerificationPage from './verification-page';
import VerificationsPage from './verifications-page';

const pending: StaffVerification = {
  id: '00000000-0000-4000-8000-0000000000c1',
  player: { id: '00000000-0000-4000-8000-0000000000b1', email: 'sam@example.com', username: null },
  provider: 'sandbox',
  state: 'PENDING',
  submittedAt: '2030-01-01T10:00:00.000Z',
  waitingSeconds: 600,
  document: {
    name: 'passport.png',
    type: 'image/png',
    size: 2048,
    url: '/api/staff/verifications/00000000-0000-4000-8000-0000000000c1/document',
  },
  reviewedBy: null,
  reviewedAt: null,
  reason: null,
};

afterEach(() => vi.unstubAllGlobals());

function serve(onPost?: (call: Call) => { status?: number; body?: unknown } | undefined) {
  return mockApi((call) => {
    if (call.url.pathname === '/api/staff/auth/session') {
      return {
        body: {
          me: {
            userId: 'me',
            email: 'fin@staff.test',
            roles: ['finance'],
            permissions: ['verifications.review'],
          },
        },
      };
    }
    if (call.method === 'GET' && call.url.pathname === '/api/staff/verifications') {
      return { body: { items: [pending], total: 1 } };
    }
    if (call.method === 'GET' && call.url.pathname === `/api/staff/verifications/${pending.id}`) {
      return { body: pending };
    }
    return onPost?.(call) ?? { status: 404, body: { statusCode: 404, message: 'Not found' } };
  });
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/verifications', element: <VerificationsPage /> },
      { path: '/verifications/:id', element: <VerificationPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

it('the queue lists documents waiting for review and links each to its page', async () => {
  const calls = serve();
  renderAt('/verifications');
  const link = await screen.findByRole('link', { name: 'sam@example.com' });
  expect(link).toHaveAttribute('href', `/verifications/${pending.id}`);
  expect(screen.getByText('10 min')).toBeInTheDocument();
  expect(
    calls.find((c) => c.url.pathname === '/api/staff/verifications')?.url.searchParams.get('state'),
  ).toBe('PENDING');
});

it('shows the document from the staff-only route; Approve and Decline (with a reason) send the decision', async () => {
  const calls = serve((call) =>
    call.method === 'POST'
      ? { body: { ...pending, state: call.url.pathname.endsWith('approve') ? 'APPROVED' : 'DECLINED' } }
      : undefined,
  );
  const user = userEvent.setup();
  renderAt(`/verifications/${pending.id}`);
  const image = await screen.findByRole('img', { name: 'Identity document passport.png' });
  expect(image).toHaveAttribute('src', `/api/staff/verifications/${pending.id}/document`);

  await user.click(screen.getByRole('button', { name: 'Decline' }));
  expect(await screen.findByText('reason is required (1 to 500 characters)')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Reason'), 'The photo is blurred');
  await user.click(screen.getByRole('button', { name: 'Decline' }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      body: { reason: 'The photo is blurred' },
    }),
  );
  expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe(
    `/api/staff/verifications/${pending.id}/decline`,
  );

  await user.click(screen.getByRole('button', { name: 'Approve' }));
  await waitFor(() =>
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/approve'))).toBe(true),
  );
});
