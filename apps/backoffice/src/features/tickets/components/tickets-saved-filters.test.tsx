import type { SavedFilter } from '@paws/contracts/staff-saved-filters';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { type Call, mockApi, renderScreen } from '../../../testing/render';
import { closeDeskSocket } from '../realtime/desk-socket';
import { listItem, ME, supportMe } from '../testing/fixtures';
import TicketsPage from './tickets-page';

vi.mock('socket.io-client', async () => await import('../testing/fake-socket'));

afterEach(() => {
  closeDeskSocket();
  vi.unstubAllGlobals();
});

const unassignedBugs: SavedFilter = {
  id: '0195f0e2-5a8e-7000-8000-0000000000f1',
  queue: 'tickets',
  name: 'Unassigned bugs',
  filters: { status: 'all', category: 'BUG_REPORT', assignee: 'none', search: 'froze' },
  updatedAt: '2030-01-01T10:00:00.000Z',
};

/** The desk with the member's saved filters kept as the server would: saved, replaced by name, removed. */
function serve() {
  let saved: SavedFilter[] = [unassignedBugs];
  const calls = mockApi((call) => {
    const path = call.url.pathname;
    if (path === '/api/staff/auth/session') return { body: { me: supportMe() } };
    if (path === '/api/staff/tickets/agents')
      return { body: { agents: [{ id: ME, email: 'me@staff.test', open: 1 }] } };
    if (call.method === 'GET' && path === '/api/staff/tickets')
      return { body: { items: [listItem()], total: 1 } };
    if (path === '/api/staff/saved-filters' && call.method === 'GET') return { body: saved };
    if (path === '/api/staff/saved-filters' && call.method === 'PUT') {
      const body = call.body as { name: string; filters: Record<string, string> };
      const filter = { ...unassignedBugs, id: '0195f0e2-5a8e-7000-8000-0000000000f2', ...body };
      saved = [...saved.filter((f) => f.name !== body.name), filter];
      return { body: filter };
    }
    if (call.method === 'DELETE' && path.startsWith('/api/staff/saved-filters/')) {
      saved = saved.filter((f) => path !== `/api/staff/saved-filters/${f.id}`);
      return { status: 204 };
    }
    return { status: 404, body: { statusCode: 404, message: 'Not found' } };
  });
  return calls;
}
const lastQueue = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/staff/tickets').at(-1)?.url.searchParams;

it('applies a saved filter in one click and marks it as the one shown', async () => {
  const calls = serve();
  const user = userEvent.setup();
  renderScreen(<TicketsPage />);
  const saved = await screen.findByRole('region', { name: 'Saved filters' });
  const chip = await within(saved).findByRole('button', { name: 'Unassigned bugs' });
  expect(chip).toHaveAttribute('aria-pressed', 'false');
  await user.click(chip);
  await waitFor(() => expect(lastQueue(calls)?.get('category')).toBe('BUG_REPORT'));
  const query = lastQueue(calls);
  expect(query?.get('assignee')).toBe('none');
  expect(query?.get('search')).toBe('froze');
  expect(query?.has('status')).toBe(false);
  expect(screen.getByLabelText('Category')).toHaveValue('BUG_REPORT');
  expect(screen.getByLabelText('Status')).toHaveValue('all');
  expect(chip).toHaveAttribute('aria-pressed', 'true');
});

it('saves the filters shown under a name, refuses an empty name, and removes a saved one', async () => {
  const calls = serve();
  const user = userEvent.setup();
  renderScreen(<TicketsPage />);
  const saved = await screen.findByRole('region', { name: 'Saved filters' });
  await within(saved).findByRole('button', { name: 'Unassigned bugs' });
  await user.selectOptions(screen.getByLabelText('Assignee'), 'Me');

  await user.click(within(saved).getByRole('button', { name: 'Save these filters' }));
  const form = within(saved).getByRole('form', { name: 'Save these filters' });
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Give the filters a name of 1 to 40 characters');
  await user.type(within(form).getByLabelText('Name'), 'Mine');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  const put = await waitFor(() => {
    const call = calls.find((c) => c.method === 'PUT');
    expect(call).toBeDefined();
    return call;
  });
  expect(put?.body).toEqual({
    queue: 'tickets',
    name: 'Mine',
    filters: { status: 'open', category: '', assignee: 'me', search: '' },
  });
  const mine = await within(saved).findByRole('button', { name: 'Mine' });
  expect(mine).toHaveAttribute('aria-pressed', 'true');

  await user.click(within(saved).getByRole('button', { name: 'Remove saved filter Unassigned bugs' }));
  await waitFor(() =>
    expect(within(saved).queryByRole('button', { name: 'Unassigned bugs' })).not.toBeInTheDocument(),
  );
  expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname.endsWith(unassignedBugs.id))).toBe(true);
});
