import type { PlaySessionView } from '@paws/contracts/responsible-gaming';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PlaySettingsCard } from './play-settings-card';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const base: PlaySessionView = {
  now: '2030-01-01T10:00:00.000Z',
  session: null,
  realityCheck: { intervalMinutes: null, everySeconds: null },
  playTime: { limitMinutes: null, pending: null, playedTodaySeconds: 0, blockedUntil: null },
};

describe('the play-time settings', () => {
  it('saves the reality check’s interval and the daily limit, and shows a raise as pending', async () => {
    let current = base;
    const api = mockApi({
      'GET /profile/responsible-gaming/play-session': () => ({ status: 200, body: current }),
      'PUT /profile/responsible-gaming/reality-check': ({ body }) => {
        const { intervalMinutes } = body as { intervalMinutes: number };
        current = { ...current, realityCheck: { intervalMinutes, everySeconds: intervalMinutes * 60 } };
        return { status: 200, body: current };
      },
      'PUT /profile/responsible-gaming/play-time-limit': () => {
        current = {
          ...current,
          playTime: {
            ...current.playTime,
            limitMinutes: 30,
            pending: { minutes: 60, effectiveAt: '2030-01-02T10:00:00.000Z' },
          },
        };
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    await renderWithProviders(<PlaySettingsCard />);
    const card = await screen.findByRole('region', { name: 'Play time' });
    const interval = within(card).getByLabelText('Reality check');
    expect(interval).toHaveValue('off');
    await user.selectOptions(interval, 'Every 15 minutes');
    await user.click(within(card).getByRole('button', { name: 'Save reality check' }));
    await within(card).findByText('Your play-time settings are saved.');
    expect(api.callsTo('PUT', '/profile/responsible-gaming/reality-check')[0]?.body).toEqual({
      intervalMinutes: 15,
    });
    expect(interval).toHaveValue('15');

    await user.selectOptions(within(card).getByLabelText('Daily play-time limit'), '1 hour');
    await user.click(within(card).getByRole('button', { name: 'Save play-time limit' }));
    await within(card).findByText(/^Changes to 1 hour on /);
    expect(api.callsTo('PUT', '/profile/responsible-gaming/play-time-limit')[0]?.body).toEqual({
      minutes: 60,
    });
    expect(within(card).getByLabelText('Daily play-time limit')).toHaveValue('30');
  });
});
