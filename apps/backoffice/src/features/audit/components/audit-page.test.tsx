import type { StaffAuditEntry } from '@paws/contracts/staff-audit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { render } from '../../../testing/render';
import AuditPage from './audit-page';

const entry: StaffAuditEntry = {
  id: '00000000-0000-4000-8000-000000000003',
  actorId: '00000000-0000-4000-8000-000000000001',
  actorEmail: 'finance@staff.paws.local',
  actorRoles: ['finance'],
  action: 'promo_code.update',
  targetType: 'promo_code',
  targetId: 'f00d',
  before: { active: true },
  after: { active: false },
  ip: '192.0.2.4',
  at: '2030-01-01T10:00:00.000Z',
};

const requests: URL[] = [];
const saved = [
  {
    id: '00000000-0000-4000-8000-0000000000f1',
    queue: 'audit',
    name: 'Promo codes in March',
    filters: { action: 'promo_code', dateFrom: '2030-03-01', dateTo: '2030-03-31' },
    updatedAt: '2030-01-01T10:00:00.000Z',
  },
];
let answer: { status: number; body: unknown };

beforeEach(() => {
  requests.length = 0;
  answer = { status: 200, body: { items: [entry], total: 1 } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://backoffice.test');
      // The member's saved filters of the log (see the last test).
      if (url.pathname === '/api/staff/saved-filters') return new Response(JSON.stringify(saved));
      requests.push(url);
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AuditPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('shows who did what to which target, newest first, with the change', async () => {
  renderPage();
  const table = await screen.findByRole('table', { name: 'Audit log' });
  const row = (await within(table).findByText('promo_code.update')).closest('tr') as HTMLElement;
  expect(row).toHaveTextContent('finance@staff.paws.local');
  expect(row).toHaveTextContent('promo_code f00d');
  expect(row).toHaveTextContent('192.0.2.4');
  expect(within(row).getByText('Show')).toBeInTheDocument();
  expect(row).toHaveTextContent('"active": false');
  expect(requests[0]?.searchParams.get('sort')).toBe('at');
  expect(requests[0]?.searchParams.get('order')).toBe('desc');
});

it('applies every filter to the list and the CSV export', async () => {
  const user = userEvent.setup();
  renderPage();
  await screen.findByText('promo_code.update');
  await user.type(screen.getByLabelText('Who'), ' finance@staff.paws.local ');
  await user.type(screen.getByLabelText('Action'), 'promo_code');
  await user.type(screen.getByLabelText('Target type'), 'promo_code');
  await user.type(screen.getByLabelText('Target id'), 'f00d');
  await user.type(screen.getByLabelText('From'), '2030-01-01');
  await user.type(screen.getByLabelText('To'), '2030-01-31');
  expect(requests).toHaveLength(1);
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));

  await waitFor(() => expect(requests).toHaveLength(2));
  const params = Object.fromEntries(requests[1]!.searchParams);
  expect(params).toMatchObject({
    who: 'finance@staff.paws.local',
    action: 'promo_code',
    targetType: 'promo_code',
    targetId: 'f00d',
    dateFrom: '2030-01-01',
    dateTo: '2030-01-31',
    page: '1',
  });
  const csv = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://x');
  expect(Object.fromEntries(csv.searchParams)).toMatchObject({
    who: 'finance@staff.paws.local',
    action: 'promo_code',
    targetType: 'promo_code',
    targetId: 'f00d',
    dateFrom: '2030-01-01',
    dateTo: '2030-01-31',
    format: 'csv',
  });
});

it('shows a bad filter under its field and asks the server nothing', async () => {
  const user = userEvent.setup();
  renderPage();
  await screen.findByText('promo_code.update');
  await user.type(screen.getByLabelText('Who'), 'someone');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  expect(
    await screen.findByText("who must be a staff member's id (UUID) or e-mail address"),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Who')).toHaveAttribute('aria-invalid', 'true');
  expect(requests).toHaveLength(1);
});

it("shows the server's refusal of a list", async () => {
  answer = { status: 403, body: { statusCode: 403, message: 'Forbidden' } };
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
});

it('applies a saved filter to the fields and the list in one click', async () => {
  const user = userEvent.setup();
  renderPage();
  await screen.findByRole('table', { name: 'Audit log' });
  const chip = await screen.findByRole('button', { name: 'Promo codes in March' });
  await user.click(chip);
  await waitFor(() => expect(requests.at(-1)?.searchParams.get('action')).toBe('promo_code'));
  expect(requests.at(-1)?.searchParams.get('dateFrom')).toBe('2030-03-01');
  expect(requests.at(-1)?.searchParams.get('dateTo')).toBe('2030-03-31');
  expect(requests.at(-1)?.searchParams.has('who')).toBe(false);
  expect(screen.getByLabelText('Action')).toHaveValue('promo_code');
  expect(screen.getByLabelText('From')).toHaveValue('2030-03-01');
  expect(chip).toHaveAttribute('aria-pressed', 'true');
});
