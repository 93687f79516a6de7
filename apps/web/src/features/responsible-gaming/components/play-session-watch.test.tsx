import type { PlaySessionView } from '@paws/contracts/responsible-gaming';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PlaySessionWatch } from './play-session-watch';

// The clock stands still unless a test moves it (only Date is faked: the bar's one-second tick, the queries and
// user-event run on real timers), so what the bar shows does not depend on how fast a loaded machine renders.
const START = Date.parse('2026-03-01T10:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});
const moveClock = (ms: number) => vi.setSystemTime(Date.now() + ms);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function view(overrides: Partial<PlaySessionView> = {}): PlaySessionView {
  const now = Date.now();
  return {
    now: new Date(now).toISOString(),
    session: {
      startedAt: new Date(now - 5 * 60_000).toISOString(),
      lastBetAt: new Date(now - 1000).toISOString(),
      stakes: 12.5,
      wins: 11,
      net: -1.5,
    },
    realityCheck: { intervalMinutes: null, everySeconds: null },
    playTime: { limitMinutes: null, pending: null, playedTodaySeconds: 300, blockedUntil: null },
    ...overrides,
  };
}

async function renderWatch(reply: () => PlaySessionView) {
  const api = mockApi({
    'GET /profile/responsible-gaming/play-session': () => ({ status: 200, body: reply() }),
  });
  await renderWithProviders(
    <Routes>
      <Route path="/game" element={<PlaySessionWatch />} />
      <Route path="/" element={<p>The lobby</p>} />
    </Routes>,
    { path: '/game' },
  );
  return api;
}

describe('the play-session bar', () => {
  it('shows the time since the session began and the net position, from the server', async () => {
    await renderWatch(() => view());
    const bar = await screen.findByRole('region', { name: 'Your play session' });
    expect(bar).toHaveTextContent('Session 5:00');
    expect(bar).toHaveTextContent('Net −$1.50');
    expect(bar).not.toHaveTextContent('Play time left');
  });

  it('counts the day’s play time left, and says play stops and until when once it is used', async () => {
    // 1 second of a 30-minute day left: the bar says it is reached without waiting for the server.
    await renderWatch(() =>
      view({ playTime: { limitMinutes: 30, pending: null, playedTodaySeconds: 1799, blockedUntil: null } }),
    );
    const bar = await screen.findByRole('region', { name: 'Your play session' });
    expect(bar).toHaveTextContent('Play time left today 0:01');
    moveClock(1000);
    await within(bar).findByText(/You have reached your daily play-time limit\. You can play again from /);
    expect(bar).not.toHaveTextContent('Play time left');
  });
});

describe('the reality check', () => {
  it('comes at each interval with the session’s figures; Continue closes it until the next one', async () => {
    const everySeconds = 2;
    const started = ago(2_100);
    await renderWatch(() =>
      view({
        session: { startedAt: started, lastBetAt: ago(100), stakes: 4, wins: 6.25, net: 2.25 },
        realityCheck: { intervalMinutes: 15, everySeconds },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(dialog).toHaveTextContent('You have been playing for 0:02');
    expect(within(dialog).getByText('Stakes').nextSibling).toHaveTextContent('$4.00');
    expect(within(dialog).getByText('Wins').nextSibling).toHaveTextContent('$6.25');
    expect(within(dialog).getByText('Net result').nextSibling).toHaveTextContent('+$2.25');
    expect(within(dialog).getByRole('link', { name: 'See my bet history' })).toHaveAttribute(
      'href',
      '/profile/history',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Not again within the interval; the next one brings it back.
    moveClock(1000);
    await new Promise((done) => setTimeout(done, 1200));
    expect(screen.queryByRole('dialog')).toBeNull();
    moveClock(1000);
    expect(await screen.findByRole('dialog', { name: 'Reality check' })).toHaveTextContent(
      'You have been playing for 0:04',
    );
  });

  it('does not come when off', async () => {
    await renderWatch(() => view({ session: { ...view().session!, startedAt: ago(60 * 60_000) } }));
    await screen.findByRole('region', { name: 'Your play session' });
    moveClock(60 * 60_000);
    await new Promise((done) => setTimeout(done, 1200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Stop playing leaves the game for the lobby', async () => {
    await renderWatch(() => view({ realityCheck: { intervalMinutes: 15, everySeconds: 60 } }));
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop playing' }));
    await screen.findByText('The lobby');
  });
});
