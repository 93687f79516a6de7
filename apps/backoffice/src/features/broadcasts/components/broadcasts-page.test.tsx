import { broadcastMessages, type StaffBroadcast } from '@paws/contracts/staff-promotions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { render } from '../../../testing/render';
import BroadcastsPage from './broadcasts-page';

const sent: StaffBroadcast = {
  id: '00000000-0000-4000-8000-000000000009',
  title: 'Loto night',
  text: 'Double points from 8 pm.',
  message: 'Loto night: Double points from 8 pm.',
  translations: {},
  segment: 'ACTIVE',
  activeDays: 7,
  recipients: 42,
  status: 'SENT',
  createdBy: '00000000-0000-4000-8000-000000000001',
  createdByEmail: 'content@staff.paws.local',
  createdAt: '2030-01-01T10:00:00.000Z',
  sentAt: '2030-01-01T10:00:02.000Z',
};

type Answer = { status?: number; body: unknown } | undefined;
let handler: (url: URL, method: string, body: unknown) => Answer;
const calls: { method: string; url: URL; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://backoffice.test');
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const answer: Answer =
        url.pathname === '/api/staff/auth/session'
          ? {
              body: {
                me: {
                  userId: 'me',
                  email: 'me@staff.test',
                  roles: ['content'],
                  permissions: ['broadcasts.send'],
                },
              },
            }
          : handler(url, method, body);
      if (!answer)
        return new Response(JSON.stringify({ statusCode: 404, message: 'Not found' }), { status: 404 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  handler = (url, method, body) => {
    if (url.pathname === '/api/staff/broadcasts' && method === 'GET')
      return { body: { items: [sent], total: 1 } };
    if (url.pathname === '/api/staff/broadcasts/preview') {
      const { title, text, translations } = body as {
        title: string;
        text: string;
        translations?: Record<string, { title: string; text: string }>;
      };
      const params = Object.fromEntries(
        Object.entries(translations ?? {}).map(([language, one]) => [language, `${one.title}: ${one.text}`]),
      );
      return {
        body: {
          recipients: 1234,
          notification: {
            notificationMessage: `${title}: ${text}`,
            ...(translations
              ? { messageKey: 'broadcast', messageParams: { en: `${title}: ${text}`, ...params } }
              : {}),
            category: 'ADVERTISING',
            isRead: false,
            createdAt: '2030-01-02T09:00:00.000Z',
          },
        },
      };
    }
    if (url.pathname === '/api/staff/broadcasts' && method === 'POST') {
      return { status: 202, body: { ...sent, status: 'QUEUED', recipients: 1234 } };
    }
    return undefined;
  };
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BroadcastsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('previews the recipients and the notification, then sends exactly what was previewed', async () => {
  const user = userEvent.setup();
  renderPage();
  const send = screen.getByRole('button', { name: 'Send' });
  expect(send).toBeDisabled();

  await user.type(screen.getByLabelText('Title'), 'Weekend reload');
  await user.type(screen.getByLabelText('Text'), 'Deposit $50, get $10.');
  await user.selectOptions(screen.getByLabelText('Segment'), 'ACTIVE');
  const days = screen.getByLabelText('Active in the last (days)');
  await user.clear(days);
  await user.type(days, '7');
  await user.click(screen.getByRole('button', { name: 'Preview' }));

  const preview = await screen.findByRole('region', { name: 'Preview' });
  expect(preview).toHaveTextContent('Recipients: 1,234 players');
  expect(within(preview).getByRole('article', { name: 'Notification as players see it' })).toHaveTextContent(
    'Weekend reload: Deposit $50, get $10.',
  );
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
    '/api/staff/broadcasts/preview',
  ]);

  // Changing the text after the preview asks for a new one.
  await user.type(screen.getByLabelText('Text'), '!');
  expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());

  await user.click(screen.getByRole('button', { name: 'Send' }));
  // The console's own dialog asks (issue 31): not the browser's confirm box; Cancel sends nothing.
  expect(window.confirm).not.toHaveBeenCalled();
  let ask = await screen.findByRole('dialog', { name: 'Send broadcast' });
  expect(ask).toHaveTextContent('Send this notification to 1,234 players?');
  await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog', { name: 'Send broadcast' })).not.toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/staff/broadcasts')).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  ask = await screen.findByRole('dialog', { name: 'Send broadcast' });
  await user.click(within(ask).getByRole('button', { name: 'Send now' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Queued for 1,234 players.');
  const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/staff/broadcasts');
  expect(post?.body).toEqual({
    title: 'Weekend reload',
    text: 'Deposit $50, get $10.!',
    segment: 'ACTIVE',
    activeDays: 7,
  });
});

it('writes it in Spanish, French and Italian too: each optional, English for a language left empty (issue 31)', async () => {
  const user = userEvent.setup();
  renderPage();
  await user.type(screen.getByLabelText('Title'), 'Weekend reload');
  await user.type(screen.getByLabelText('Text'), 'Deposit $50, get $10.');
  await user.type(screen.getByLabelText('Spanish title'), 'Recarga');
  await user.type(screen.getByLabelText('Spanish text'), 'Deposita $50.');
  await user.type(screen.getByLabelText('French title'), 'Recharge');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  // A title without its text is refused under that language's text, before anything is sent.
  expect(await screen.findByText(broadcastMessages.translationText)).toBeInTheDocument();
  expect(screen.getByLabelText('French text')).toHaveAttribute('aria-invalid', 'true');
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  await user.type(screen.getByLabelText('French text'), 'Déposez 50 $.');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  const preview = await screen.findByRole('region', { name: 'Preview' });
  expect(within(preview).getByRole('article', { name: 'As Spanish readers see it' })).toHaveTextContent(
    'Recarga: Deposita $50.',
  );
  const italian = within(preview).getByRole('article', { name: 'As Italian readers see it' });
  expect(italian).toHaveTextContent('none written: the English');
  expect(italian).toHaveTextContent('Weekend reload: Deposit $50, get $10.');

  await user.click(screen.getByRole('button', { name: 'Send' }));
  const ask = await screen.findByRole('dialog', { name: 'Send broadcast' });
  await user.click(within(ask).getByRole('button', { name: 'Send now' }));
  await screen.findByRole('status');
  const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/staff/broadcasts');
  expect(post?.body).toEqual({
    title: 'Weekend reload',
    text: 'Deposit $50, get $10.',
    segment: 'ALL',
    translations: {
      es: { title: 'Recarga', text: 'Deposita $50.' },
      fr: { title: 'Recharge', text: 'Déposez 50 $.' },
    },
  });
});

it('shows bad input under its field and sends nothing', async () => {
  const user = userEvent.setup();
  renderPage();
  await user.type(screen.getByLabelText('Text'), 'No title here');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByText(broadcastMessages.title)).toBeInTheDocument();
  expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  handler = () => ({
    status: 400,
    body: { statusCode: 400, message: broadcastMessages.noRecipients, field: 'segment' },
  });
  await user.type(screen.getByLabelText('Title'), 'Hello');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByText(broadcastMessages.noRecipients)).toBeInTheDocument();
});

it('lists the history: who, when, segment, title, recipients, status, with a CSV export', async () => {
  renderPage();
  const table = await screen.findByRole('table', { name: 'Broadcast history' });
  const row = (await within(table).findByText('Loto night')).closest('tr') as HTMLElement;
  expect(row).toHaveTextContent('content@staff.paws.local');
  expect(row).toHaveTextContent('Players active in the last 7 days');
  expect(row).toHaveTextContent('42');
  expect(row).toHaveTextContent('SENT');
  // Times say their zone (issue 31): UTC, whatever the staff member's own.
  expect(row).toHaveTextContent('1 Jan 2030, 10:00 UTC');
  expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    expect.stringContaining('/api/staff/broadcasts?sort=createdAt&order=desc&format=csv'),
  );
});
