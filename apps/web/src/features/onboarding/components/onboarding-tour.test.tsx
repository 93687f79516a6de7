import type { OnboardingStep } from '@paws/contracts/onboarding';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/lib/api-client';
import { initI18n } from '@/lib/i18n/i18n';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';
import { readOnboardingStep, writeOnboardingStep } from '../hooks/onboarding-step-store';
import { OnboardingTour, type OnboardingTourProps } from './onboarding-tour';

beforeAll(() => initI18n('en'));
beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const player = { username: null, email: 'new@paws.local', phone: null, linkMinified: null };

function Harness({ start, ...props }: Partial<OnboardingTourProps> & { start: OnboardingStep }) {
  const [step, setStep] = useState<OnboardingStep>(start);
  return (
    <>
      <output data-testid="step">{step}</output>
      <OnboardingTour
        step={step}
        onStep={setStep}
        player={player}
        saveUsername={async () => undefined}
        claimReward={async () => undefined}
        onClaimed={() => {}}
        {...props}
      />
    </>
  );
}

const stepNow = () => screen.getByTestId('step').textContent;

describe('onboarding step machine', () => {
  it('STEP_1 to STEP_3 count 01/03 to 03/03; Next leads to the profile form', async () => {
    const user = userEvent.setup();
    render(<Harness start="STEP_1" />);
    for (const [counter, title] of [
      ['01/03', 'Welcome to PAWS'],
      ['02/03', 'Your money, always in sight'],
      ['03/03', 'Bonuses every week'],
    ]) {
      const dialog = screen.getByRole('dialog', { name: title });
      expect(within(dialog).getByText(counter as string)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Skip' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    }
    expect(stepNow()).toBe('PROFILE_CREATION');
    expect(screen.getByRole('dialog', { name: 'Create your profile' })).toBeInTheDocument();
  });

  it('Skip goes to SKIPPED; Continue returns to STEP_1; Skip onboarding completes and shows nothing', async () => {
    const user = userEvent.setup();
    render(<Harness start="STEP_2" />);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(stepNow()).toBe('SKIPPED');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(stepNow()).toBe('STEP_1');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(screen.getByRole('button', { name: 'Skip onboarding' }));
    expect(stepNow()).toBe('COMPLETED');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing the profile form, or Escape, goes to SKIPPED', async () => {
    const user = userEvent.setup();
    render(<Harness start="PROFILE_CREATION" />);
    await user.click(screen.getByRole('button', { name: 'Close the profile form' }));
    expect(stepNow()).toBe('SKIPPED');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.keyboard('{Escape}');
    expect(stepNow()).toBe('SKIPPED');
  });

  it("checks the username with the spec's messages, clears them on edit and saves the trimmed name", async () => {
    const user = userEvent.setup();
    const saveUsername = vi.fn(async () => undefined);
    render(<Harness start="PROFILE_CREATION" saveUsername={saveUsername} />);
    const field = screen.getByLabelText('Username');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Username is required');
    await user.type(field, ' ab  ');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Username must be at least 3 characters');
    expect(saveUsername).not.toHaveBeenCalled();
    await user.type(field, 'c');
    expect(screen.getByRole('progressbar', { name: 'Profile 2 of 4 complete' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // ' ab  c' trimmed.
    expect(saveUsername).toHaveBeenCalledWith('ab  c');
    expect(stepNow()).toBe('SUCCESS');
  });

  it("shows the server's refusal on the field and stays on the form", async () => {
    const user = userEvent.setup();
    const saveUsername = vi.fn(async () => {
      throw new ApiClientError('This username is already taken', 409, 'value');
    });
    render(<Harness start="PROFILE_CREATION" saveUsername={saveUsername} />);
    await user.type(screen.getByLabelText('Username'), 'taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken');
    expect(stepNow()).toBe('PROFILE_CREATION');
  });

  it('counts telegram and a 10-digit phone towards completeness', async () => {
    const user = userEvent.setup();
    render(
      <OnboardingTour
        step="PROFILE_CREATION"
        onStep={() => {}}
        player={{ ...player, username: 'paws1', phone: '+44 7700 900123' }}
        saveUsername={async () => undefined}
        claimReward={async () => undefined}
        onClaimed={() => {}}
      />,
    );
    expect(screen.getByLabelText('Username')).toHaveValue('paws1');
    expect(screen.getByRole('progressbar', { name: 'Profile 3 of 4 complete' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Telegram (optional)'), '@paws');
    expect(screen.getByRole('progressbar', { name: 'Profile 4 of 4 complete' })).toBeInTheDocument();
  });

  it("'Claim reward' claims, then hands over; a refusal is shown", async () => {
    const user = userEvent.setup();
    const onClaimed = vi.fn();
    let fail = true;
    const claimReward = vi.fn(async () => {
      if (fail) throw new ApiClientError('Choose a username before claiming the onboarding reward', 409);
    });
    render(<Harness start="SUCCESS" claimReward={claimReward} onClaimed={onClaimed} />);
    await user.click(screen.getByRole('button', { name: 'Claim reward' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a username before claiming');
    expect(onClaimed).not.toHaveBeenCalled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Claim reward' }));
    await waitFor(() => expect(onClaimed).toHaveBeenCalledTimes(1));
  });
});

describe('onboarding step store', () => {
  it('restores a known step and ignores an unknown one', () => {
    localStorage.setItem('onboardingStep', 'STEP_9');
    expect(readOnboardingStep()).toBeNull();
    writeOnboardingStep('STEP_3');
    expect(localStorage.getItem('onboardingStep')).toBe('STEP_3');
    expect(readOnboardingStep()).toBe('STEP_3');
  });
});

describe('onboarding overlay in the app', () => {
  function setup(username: string | null) {
    let name = username;
    const user = {
      userId: 'u1',
      username: null as string | null,
      email: 'new@paws.local',
      phone: null,
      linkMinified: null,
      linkFull: null,
      verificationType: 'NONE',
      isManager: false,
      role: 'player',
      emailVerified: true,
      phoneVerified: false,
      promoCode: null,
      referralCode: null,
      createdAt: '2026-11-24T10:00:00.000Z',
    };
    let paws = 0;
    return mockApi({
      'POST /auth/refresh-tokens': { status: 201 },
      'GET /profile/user-data': () => ({
        status: 200,
        body: {
          user: { ...user, username: name },
          balances: [
            { currencyCode: 'USD', amount: 0, currency: { symbol: '$' } },
            { currencyCode: 'PAWS', amount: paws, currency: { symbol: null } },
          ],
        },
      }),
      'POST /profile/edit/username': ({ body }) => {
        name = (body as { value: string }).value;
        return { status: 201, body: { message: 'Username updated' } };
      },
      'POST /onboarding-reward': () => {
        if (!name)
          return apiError(409, 'Choose a username before claiming the onboarding reward', 'username');
        paws = 100;
        return { status: 200, body: { claimed: true, amount: 100, currencyCode: 'PAWS' } };
      },
    });
  }

  it('starts for a new player, saves the username, claims, refreshes the user data, then the vibe step', async () => {
    const user = userEvent.setup();
    const api = setup(null);
    await renderRoute('/faq');
    const first = await screen.findByRole('dialog', { name: 'Welcome to PAWS' }, { timeout: 5_000 });
    expect(localStorage.getItem('onboardingStep')).toBe('STEP_1');
    await user.click(within(first).getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Your profile is ready!' });
    expect(localStorage.getItem('onboardingStep')).toBe('SUCCESS');
    const reads = api.callsTo('GET', '/profile/user-data').length;
    await user.click(screen.getByRole('button', { name: 'Claim reward' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /profile is ready/ })).toBeNull());
    expect(localStorage.getItem('onboardingStep')).toBe('COMPLETED');
    expect(api.callsTo('POST', '/onboarding-reward')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/profile/user-data').length).toBeGreaterThan(reads));
    // 200 ms later the vibe step highlights the vibe button.
    expect(await screen.findByRole('dialog', { name: 'Pick your vibe' })).toBeInTheDocument();
  });

  it('does not start for a player who has a username', async () => {
    setup('veteran');
    await renderRoute('/faq');
    await screen.findByRole('banner');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('onboardingStep')).toBeNull();
  });

  it('restores a stored step on load', async () => {
    setup('veteran');
    localStorage.setItem('onboardingStep', 'SKIPPED');
    await renderRoute('/faq');
    expect(
      await screen.findByRole('dialog', { name: 'Skip the tour?' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });
});
