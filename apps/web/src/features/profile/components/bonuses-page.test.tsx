import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '@/lib/i18n/i18n';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const standing = {
  activityBonuses: {
    daily: {
      id: 'd',
      presentationRuleName: 'Daily bonus',
      amount: 5,
      betDates: ['2026-11-20', '2026-11-21'],
    },
    everyWeek: {
      id: 'w',
      presentationRuleName: 'Weekly bonus',
      amount: 10,
      sumOfBets: 125,
      winningAmount: 40,
      targetAmount: 500,
      credited: false,
    },
    everyMonth: null,
    winBet: {
      id: 'b',
      presentationRuleName: 'Win-bet bonus',
      amount: 15,
      sumOfBets: 125,
      winningAmount: 400,
      targetAmount: 200,
      credited: true,
    },
  },
  welcomeBonuses: {
    onboarding: [
      { id: 'o1', presentationRuleName: 'Confirm your e-mail or phone', amount: 1, hasBonus: true },
      { id: 'o2', presentationRuleName: 'Choose a username', amount: 1, hasBonus: false },
      { id: 'o3', presentationRuleName: 'Make your first deposit', amount: 5, hasBonus: true },
    ],
  },
};

type Reply = { status: number; body?: unknown };

function setup(bonuses: () => Reply | Promise<Reply>, language: Language = 'en') {
  mockApi({ 'POST /auth/refresh-tokens': { status: 201 }, 'GET /profile/bonuses': bonuses });
  return renderRoute('/profile/bonuses', { language });
}

describe('/profile/bonuses', () => {
  it('shows the special tasks ring, the daily run and the progress cards', async () => {
    await setup(() => ({ status: 200, body: standing }));
    const tasks = await screen.findByRole('region', { name: 'special tasks' }, { timeout: 5_000 });
    expect(within(tasks).getByRole('img', { name: '2 of 3 tasks done' })).toBeInTheDocument();
    expect(within(tasks).getByText('+$1')).toBeInTheDocument();

    const daily = screen.getByRole('region', { name: 'Daily bonus' });
    expect(within(daily).getByText('Bet daily for 7 days to earn bonuses')).toBeInTheDocument();
    const days = within(daily).getByRole('list', { name: '2 of 7 days with a bet' });
    expect(
      within(days)
        .getAllByRole('listitem')
        .map((day) => day.textContent),
    ).toEqual(['Day 1', 'Day 2', 'Day 3', 'Day 4', 'Day 5', 'Day 6', 'Day 7']);

    const weekly = screen.getByRole('region', { name: 'Weekly bonus' });
    const bar = within(weekly).getByRole('progressbar', { name: '$125 of $500 bet' });
    expect(bar.firstElementChild).toHaveStyle({ width: '25%' });
    const winBet = screen.getByRole('region', { name: 'Win-bet bonus' });
    // Above the target the bar is full, and the reward reads as received.
    expect(within(winBet).getByRole('progressbar').firstElementChild).toHaveStyle({ width: '100%' });
    expect(within(winBet).getByText('Received')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Monthly bonus' })).not.toBeInTheDocument();
  });

  it('names keyed rules in the reader’s language and shows a name staff typed as it is', async () => {
    const keyed = {
      ...standing,
      activityBonuses: {
        ...standing.activityBonuses,
        daily: { ...standing.activityBonuses.daily, presentationRuleKey: 'daily-7-days' },
        everyWeek: { ...standing.activityBonuses.everyWeek, presentationRuleKey: 'weekly-bets' },
        winBet: {
          ...standing.activityBonuses.winBet,
          presentationRuleName: 'Gana más',
          presentationRuleKey: null,
        },
      },
      welcomeBonuses: {
        onboarding: standing.welcomeBonuses.onboarding.map((task, index) => ({
          ...task,
          presentationRuleKey: ['welcome-confirm', 'welcome-username', 'welcome-deposit'][index],
        })),
      },
    };
    await setup(() => ({ status: 200, body: keyed }), 'it');
    expect(
      await screen.findByRole('region', { name: 'Bonus giornaliero' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bonus settimanale' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Gana más' })).toBeInTheDocument();
    expect(screen.getByText('Scegli un nome utente')).toBeInTheDocument();
  });

  it("says 'No bonuses' when no rule applies", async () => {
    await setup(() => ({
      status: 200,
      body: {
        activityBonuses: { daily: null, everyWeek: null, everyMonth: null, winBet: null },
        welcomeBonuses: { onboarding: [] },
      },
    }));
    expect(await screen.findByText('No bonuses', undefined, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('shows a spinner while the standing loads', async () => {
    // Every request made while loading waits, and all of them get the answer.
    const waiting: ((reply: Reply) => void)[] = [];
    await setup(() => new Promise<Reply>((resolve) => waiting.push(resolve)));
    expect(await screen.findByRole('status', undefined, { timeout: 5_000 })).toHaveTextContent('Loading...');
    await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0), { timeout: 5_000 });
    for (const answer of waiting) answer({ status: 200, body: standing });
    expect(
      await screen.findByRole('region', { name: 'special tasks' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('speaks the chosen language', async () => {
    await setup(() => ({ status: 200, body: standing }), 'es');
    const tasks = await screen.findByRole('region', { name: 'tareas especiales' }, { timeout: 5_000 });
    expect(within(tasks).getByRole('img', { name: '2 de 3 tareas hechas' })).toBeInTheDocument();
    const daily = screen.getByRole('region', { name: 'Daily bonus' });
    expect(within(daily).getByText('Apuesta cada día durante 7 días para ganar bonos')).toBeInTheDocument();
    expect(within(daily).getAllByRole('listitem')[0]).toHaveTextContent('Día 1');
  });

  it('offers a retry when the call fails', async () => {
    let calls = 0;
    await setup(() =>
      calls++ === 0 ? apiError(503, 'Service Unavailable') : { status: 200, body: standing },
    );
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5_000 });
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('region', { name: 'special tasks' })).toBeInTheDocument();
  });
});
