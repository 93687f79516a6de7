import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { api, isApiClientError } from '@/lib/api-client';
import { clearBan } from '@/lib/ban-store';
import { initI18n } from '@/lib/i18n/i18n';
import { testRuntimeConfig } from '@/testing/render-route';
import { APPEAL_EMAIL, formatTimeLeft, timeLeft } from './banned-modal';
import { PageWrapper } from './page-wrapper';

const MINUTE = 60_000;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Every call answers as the server does for a banned account (or with `answer`). */
function serverAnswers(answer: () => Response) {
  const fetchMock = vi.fn(() => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const banned = (endsAt: string | null, reason = 'Chargeback fraud') =>
  json(403, {
    statusCode: 403,
    message: 'Your account is banned',
    ban: { reason, startedAt: '2026-03-01T10:15:00.000Z', endsAt },
  });

async function callTheApi() {
  const error = await api.platform.get('/profile/user-data').catch((e: unknown) => e);
  expect(isApiClientError(error) && error.status).toBe(403);
}

function renderPage() {
  return render(
    <PageWrapper>
      <p>The page</p>
    </PageWrapper>,
  );
}

describe('the banned modal', () => {
  beforeEach(async () => {
    setRuntimeConfig(testRuntimeConfig);
    await initI18n('en');
  });
  afterEach(() => {
    act(() => clearBan());
    vi.unstubAllGlobals();
  });

  it("stays shut for the player's own self-exclusion (the national register's too): the refused form says it", async () => {
    renderPage();
    serverAnswers(() =>
      json(403, {
        statusCode: 403,
        message: 'You are registered with a national self-exclusion scheme',
        ban: {
          kind: 'SELF_EXCLUSION',
          reason: 'National self-exclusion register',
          startedAt: '2026-03-01T10:15:00.000Z',
          endsAt: null,
          returnAllowedAt: '2026-03-01T10:15:00.000Z',
        },
      }),
    );
    await act(callTheApi);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens when a call answers 403 with a ban, showing its date, reason and time left', async () => {
    renderPage();
    expect(screen.queryByRole('dialog')).toBeNull();
    serverAnswers(() => banned(new Date(Date.now() + (47 * 60 + 59) * MINUTE).toISOString()));
    await act(callTheApi);

    const dialog = await screen.findByRole('dialog', { name: 'YOU ARE BANNED!' });
    const text = within(dialog);
    expect(text.getByRole('heading', { name: 'YOU ARE BANNED!' })).toBeInTheDocument();
    expect(text.getByText('Chargeback fraud')).toBeInTheDocument();
    expect(text.getByText('1 day, 23 hours, and 59 minutes')).toBeInTheDocument();
    expect(text.getByText('03/01/2026', { exact: false })).toBeInTheDocument();
    expect(text.getByText(/Only browsing is left/)).toBeInTheDocument();
    expect(text.getByText(new RegExp(`or write to ${APPEAL_EMAIL}`))).toBeInTheDocument();
    expect(text.getByRole('link', { name: 'Appeal in the app' })).toHaveAttribute(
      'href',
      '/profile/support?appeal=ban',
    );
    // 'Go back' is the only way out.
    expect(text.getAllByRole('button').map((b) => b.textContent)).toEqual(['Go back']);
  });

  it('ignores Escape and clicks outside; only Go back closes it', async () => {
    const user = userEvent.setup();
    renderPage();
    serverAnswers(() => banned(null));
    await act(callTheApi);
    const dialog = await screen.findByRole('dialog', { name: 'YOU ARE BANNED!' });

    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(dialog);
    expect(screen.getByRole('dialog', { name: 'YOU ARE BANNED!' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('The page')).toBeInTheDocument();

    // The next refused call shows it again.
    await act(callTheApi);
    expect(await screen.findByRole('dialog', { name: 'YOU ARE BANNED!' })).toBeInTheDocument();
  });

  it('says a permanent ban is permanent', async () => {
    renderPage();
    serverAnswers(() => banned(null, 'Multiple accounts'));
    await act(callTheApi);
    const dialog = await screen.findByRole('dialog', { name: 'YOU ARE BANNED!' });
    expect(within(dialog).getByText('Permanent')).toBeInTheDocument();
    expect(within(dialog).getByText('Multiple accounts')).toBeInTheDocument();
  });

  it('stays closed for a 403 that carries no ban', async () => {
    renderPage();
    serverAnswers(() => json(403, { statusCode: 403, message: 'Forbidden' }));
    await act(callTheApi);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks the reader’s language', async () => {
    await initI18n('fr');
    renderPage();
    serverAnswers(() => banned(new Date(Date.now() + (2 * 60 + 5) * MINUTE).toISOString()));
    await act(callTheApi);
    const dialog = await screen.findByRole('dialog', { name: 'VOUS ÊTES BANNI !' });
    expect(within(dialog).getByText('0 jour, 2 heures et 5 minutes')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retour' })).toBeInTheDocument();
  });
});

describe('time left', () => {
  it('counts days, hours and minutes, the last minute rounded up', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(timeLeft('2026-03-03T09:59:00Z', now)).toEqual({ days: 1, hours: 23, minutes: 59 });
    expect(timeLeft('2026-03-01T10:00:30Z', now)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(timeLeft('2026-02-01T10:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(formatTimeLeft({ days: 1, hours: 23, minutes: 59 }, 'en')).toBe('1 day, 23 hours, and 59 minutes');
    expect(formatTimeLeft({ days: 3, hours: 1, minutes: 1 }, 'it')).toBe('3 giorni, 1 ora e 1 minuto');
  });
});
