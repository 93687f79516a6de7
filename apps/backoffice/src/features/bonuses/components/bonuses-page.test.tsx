import {
  promoCodeMessages,
  type StaffBonusRule,
  type StaffPromoCode,
} from '@paws/contracts/staff-promotions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { render } from '../../../testing/render';
import BonusesPage from './bonuses-page';

const weekly: StaffBonusRule = {
  id: '00000000-0000-4000-8000-000000000001',
  code: 'weekly-bets',
  name: 'Weekly bonus',
  kind: 'WEEKLY',
  task: null,
  targetAmount: 500,
  rewardAmount: 10,
  rewardCurrency: 'BONUS_USD',
  active: true,
  sortOrder: 20,
};
const promo: StaffPromoCode = {
  id: '00000000-0000-4000-8000-000000000002',
  code: 'SPRING',
  rewardCurrency: 'FREE_SPINS',
  amount: 20,
  expiresAt: '2031-01-01T00:00:00.000Z',
  maxUses: 100,
  usesCount: 3,
  active: true,
  status: 'active',
  createdBy: null,
  createdAt: '2030-01-01T00:00:00.000Z',
};

type Handler = (url: URL, init: RequestInit) => { status?: number; body: unknown } | undefined;
let permissions: string[];
let handler: Handler;
const calls: { method: string; url: URL; body: unknown }[] = [];

beforeEach(() => {
  permissions = ['bonuses.read', 'bonuses.write'];
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://backoffice.test');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? 'GET', url, body });
      const answer =
        url.pathname === '/api/staff/auth/session'
          ? { body: { me: { userId: 'me', email: 'me@staff.test', roles: ['finance'], permissions } } }
          : handler(url, init);
      if (!answer)
        return new Response(JSON.stringify({ statusCode: 404, message: 'Not found' }), { status: 404 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  handler = (url, init) => {
    if (url.pathname === '/api/staff/bonuses/rules') return { body: { items: [weekly] } };
    if (url.pathname === '/api/staff/bonuses/promo-codes' && (init.method ?? 'GET') === 'GET') {
      return { body: { items: [promo], total: 1 } };
    }
    return undefined;
  };
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BonusesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('shows the rules and edits one, sending the changed figures', async () => {
  const user = userEvent.setup();
  const base = handler;
  handler = (url, init) =>
    init.method === 'PATCH' ? { body: { ...weekly, rewardAmount: 12.5 } } : base(url, init);
  renderPage();
  const rules = await screen.findByRole('table', { name: 'Bonus rules' });
  expect(within(rules).getByText('Weekly bonus')).toBeInTheDocument();
  expect(within(rules).getByText('$500.00')).toBeInTheDocument();

  await user.click(await screen.findByRole('button', { name: 'Edit Weekly bonus' }));
  const reward = screen.getByLabelText('Reward (bonus dollars)');
  await user.clear(reward);
  await user.type(reward, '12.5');
  await user.click(screen.getByRole('button', { name: 'Save rule' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
  const patch = calls.find((c) => c.method === 'PATCH');
  expect(patch?.url.pathname).toBe(`/api/staff/bonuses/rules/${weekly.id}`);
  expect(patch?.body).toEqual({
    name: 'Weekly bonus',
    rewardAmount: 12.5,
    targetAmount: 500,
    active: true,
    sortOrder: 20,
  });
});

it('shows a bad figure under its field before sending anything', async () => {
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Edit Weekly bonus' }));
  const target = screen.getByLabelText('Target (dollars staked)');
  await user.clear(target);
  await user.type(target, '0');
  await user.click(screen.getByRole('button', { name: 'Save rule' }));
  expect(await screen.findByText(/^targetAmount must be a number of dollars above 0/)).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
});

it('lists promo codes and creates one with the five fields', async () => {
  const user = userEvent.setup();
  const base = handler;
  handler = (url, init) =>
    init.method === 'POST' ? { status: 201, body: { ...promo, code: 'WKND25' } } : base(url, init);
  renderPage();
  const table = await screen.findByRole('table', { name: 'Promo codes' });
  expect(await within(table).findByText('SPRING')).toBeInTheDocument();
  expect(within(table).getByText('3 / 100')).toBeInTheDocument();

  await user.type(screen.getByLabelText('Code'), 'wknd25');
  await user.selectOptions(screen.getByLabelText('Reward currency'), 'FREE_SPINS');
  const amount = screen.getByLabelText('Amount');
  await user.clear(amount);
  await user.type(amount, '25');
  const uses = screen.getByLabelText('Maximum uses');
  await user.clear(uses);
  await user.type(uses, '50');
  await user.click(screen.getByRole('button', { name: 'Create promo code' }));

  expect(await screen.findByRole('status')).toHaveTextContent('Promo code WKND25 created.');
  const post = calls.find((c) => c.method === 'POST');
  expect(post?.body).toMatchObject({ code: 'wknd25', rewardCurrency: 'FREE_SPINS', amount: 25, maxUses: 50 });
  const { expiresAt } = (post as { body: { expiresAt: string } }).body;
  expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
});

it('puts the form and server messages under the fields they name', async () => {
  const user = userEvent.setup();
  const base = handler;
  handler = (url, init) =>
    init.method === 'POST'
      ? { status: 409, body: { statusCode: 409, message: promoCodeMessages.codeTaken, field: 'code' } }
      : base(url, init);
  renderPage();
  await user.type(await screen.findByLabelText('Code'), 'AB1');
  await user.click(screen.getByRole('button', { name: 'Create promo code' }));
  expect(await screen.findByText(promoCodeMessages.code)).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  await user.type(screen.getByLabelText('Code'), '234');
  await user.click(screen.getByRole('button', { name: 'Create promo code' }));
  expect(await screen.findByText(promoCodeMessages.codeTaken)).toBeInTheDocument();
  expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
});

it('deactivates a code; a reader sees no edit, create or deactivate controls', async () => {
  const user = userEvent.setup();
  const base = handler;
  handler = (url, init) =>
    init.method === 'PATCH' ? { body: { ...promo, active: false, status: 'inactive' } } : base(url, init);
  const { unmount } = renderPage();
  await user.click(await screen.findByRole('button', { name: 'Deactivate SPRING' }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: expect.objectContaining({ pathname: `/api/staff/bonuses/promo-codes/${promo.id}` }),
      body: { active: false },
    }),
  );
  unmount();

  permissions = ['bonuses.read'];
  renderPage();
  expect(await screen.findByText('SPRING')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit Weekly bonus' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Create promo code' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Deactivate SPRING' })).not.toBeInTheDocument();
});
