import { staffTicketMessages } from '@paws/contracts/staff-tickets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { type Call, mockApi, renderScreen } from '../../../testing/render';
import { supportMe } from '../testing/fixtures';
import CannedPage from './canned-page';

afterEach(() => vi.unstubAllGlobals());

const greeting = {
  id: '0195f0e2-5a8e-7000-8000-0000000000e1',
  title: 'Greeting',
  text: 'Hello {name}, thanks for writing.',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function serve(permissions: string[], write?: (call: Call) => { status?: number; body?: unknown }) {
  return mockApi((call) => {
    if (call.url.pathname === '/api/staff/auth/session') return { body: { me: supportMe(permissions) } };
    if (call.method === 'GET' && call.url.pathname === '/api/staff/tickets/canned')
      return { body: { items: [greeting] } };
    return write?.(call) ?? { status: 404, body: { statusCode: 404, message: 'Not found' } };
  });
}
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

it('adds one after checking it with the contract’s messages', async () => {
  const calls = serve(['tickets.answer', 'tickets.canned'], () => ({ status: 201, body: greeting }));
  const user = userEvent.setup();
  renderScreen(<CannedPage />);
  const form = await screen.findByRole('form', { name: 'New canned response' });
  await user.click(within(form).getByRole('button', { name: 'Add' }));
  expect(await within(form).findByText(staffTicketMessages.cannedTitle)).toBeInTheDocument();
  expect(within(form).getByText(staffTicketMessages.cannedText)).toBeInTheDocument();
  expect(writes(calls)).toHaveLength(0);

  await user.type(within(form).getByLabelText('Title'), 'Payout times');
  await user.type(within(form).getByLabelText('Text'), 'Payouts reach you within 24 hours.');
  await user.click(within(form).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(writes(calls)).toHaveLength(1));
  expect(writes(calls)[0]).toMatchObject({
    method: 'POST',
    body: { title: 'Payout times', text: 'Payouts reach you within 24 hours.' },
  });
  expect(writes(calls)[0]?.url.pathname).toBe('/api/staff/tickets/canned');
});

it('edits and deletes one', async () => {
  const calls = serve(['tickets.answer', 'tickets.canned'], (call) => ({
    status: call.method === 'DELETE' ? 204 : 200,
    body: call.method === 'DELETE' ? undefined : greeting,
  }));
  const user = userEvent.setup();
  renderScreen(<CannedPage />);
  const item = await screen.findByRole('listitem', { name: 'Greeting' });
  await user.click(within(item).getByRole('button', { name: 'Edit' }));
  const edit = screen.getByRole('form', { name: 'Edit Greeting' });
  await user.clear(within(edit).getByLabelText('Text'));
  await user.type(within(edit).getByLabelText('Text'), 'Hi {{name}!');
  await user.click(within(edit).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(writes(calls)).toHaveLength(1));
  expect(writes(calls)[0]).toMatchObject({
    method: 'PATCH',
    body: { title: 'Greeting', text: 'Hi {name}!' },
  });
  expect(writes(calls)[0]?.url.pathname).toBe(`/api/staff/tickets/canned/${greeting.id}`);

  const again = await screen.findByRole('listitem', { name: 'Greeting' });
  await user.click(within(again).getByRole('button', { name: 'Delete' }));
  await user.click(within(again).getByRole('button', { name: 'Yes, delete' }));
  await waitFor(() => expect(writes(calls)).toHaveLength(2));
  expect(writes(calls)[1]?.method).toBe('DELETE');
  expect(writes(calls)[1]?.url.pathname).toBe(`/api/staff/tickets/canned/${greeting.id}`);
});

it('without tickets.canned the list is read-only', async () => {
  serve(['tickets.answer']);
  renderScreen(<CannedPage />);
  const item = await screen.findByRole('listitem', { name: 'Greeting' });
  expect(within(item).getByText('Hello {name}, thanks for writing.')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'New canned response' })).toBeNull();
  expect(within(item).queryByRole('button', { name: 'Edit' })).toBeNull();
});
