import {
  ONBOARDING_REWARD_POINTS,
  ONBOARDING_TOUR_STEPS,
  ONBOARDING_USERNAME_MAX,
  type OnboardingStep,
  onboardingCompleteness,
  onboardingMessages,
  onboardingUsernameError,
} from '@paws/contracts/onboarding';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { isApiClientError } from '@/lib/api-client';
import styles from './onboarding-tour.module.css';

/** What the tour needs of the signed-in player (user data). */
export interface OnboardingPlayer {
  username: string | null;
  email: string | null;
  phone: string | null;
  linkMinified: string | null;
}

export interface OnboardingTourProps {
  step: OnboardingStep;
  onStep: (step: OnboardingStep) => void;
  player: OnboardingPlayer;
  /** POST /profile/edit/username. */
  saveUsername: (username: string) => Promise<unknown>;
  /** POST {bonuses}/onboarding-reward; resolves once credited. */
  claimReward: () => Promise<unknown>;
  /** After a successful claim ('Claim reward' closes the overlay). */
  onClaimed: () => void;
}

const tourSteps = ['STEP_1', 'STEP_2', 'STEP_3'] as const;
const pad = (n: number) => String(n).padStart(2, '0');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function Card({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-labelledby={labelledBy}>
      <div className={styles.card}>{children}</div>
    </div>
  );
}

/** Spec 001 §2, §4: steps 1 to 3 of the welcome tour; counter 01/03 to 03/03, Skip and Next. */
function TourStep({ index, onStep }: { index: number; onStep: OnboardingTourProps['onStep'] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const n = index + 1;
  const next = tourSteps[index + 1] ?? 'PROFILE_CREATION';
  return (
    <Card labelledBy={titleId}>
      <p className={styles.counter}>
        {pad(n)}/{pad(ONBOARDING_TOUR_STEPS)}
      </p>
      <div className={styles.dots} aria-hidden="true">
        {tourSteps.map((step, i) => (
          <span key={step} className={i <= index ? styles.lit : undefined} />
        ))}
      </div>
      <h2 id={titleId}>{t(`onboarding.step${n as 1 | 2 | 3}Title`)}</h2>
      <p className={styles.text}>{t(`onboarding.step${n as 1 | 2 | 3}Text`)}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onStep('SKIPPED')}>
          {t('onboarding.skip')}
        </Button>
        <Button onClick={() => onStep(next)} autoFocus>
          {t('onboarding.next')}
        </Button>
      </div>
    </Card>
  );
}

/**
 * Spec 001 §3, §5: the profile form. Only the username is submitted (required, at least 3 characters after
 * trimming; errors clear on edit); the completeness checks count the parts of the profile that are filled.
 */
function ProfileCreation({ player, onStep, saveUsername }: OnboardingTourProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const usernameId = useId();
  const telegramId = useId();
  const errorId = useId();
  const [username, setUsername] = useState(player.username ?? '');
  const [telegram, setTelegram] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  useEffect(() => usernameRef.current?.focus(), []);
  const { done, total } = onboardingCompleteness({
    username,
    telegram,
    email: player.email ?? '',
    phone: player.phone ?? '',
    avatarSelected: player.linkMinified !== null,
    followClicked: false,
  });
  const localMessages: Record<string, string> = {
    [onboardingMessages.usernameRequired]: t('onboarding.usernameRequired'),
    [onboardingMessages.usernameMin]: t('onboarding.usernameMin'),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = onboardingUsernameError(username);
    if (invalid) {
      setError(localMessages[invalid] ?? invalid);
      return;
    }
    setSaving(true);
    try {
      await saveUsername(username.trim());
      onStep('SUCCESS');
    } catch (err) {
      setError(isApiClientError(err) ? err.message : messageOf(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card labelledBy={titleId}>
      <button
        type="button"
        className={styles.close}
        aria-label={t('onboarding.close')}
        onClick={() => onStep('SKIPPED')}
      >
        ×
      </button>
      <h2 id={titleId}>{t('onboarding.profileTitle')}</h2>
      <p className={styles.text}>{t('onboarding.profileText', { amount: ONBOARDING_REWARD_POINTS })}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={`${styles.field} ${error ? styles.invalid : ''}`}>
          <label className={styles.label} htmlFor={usernameId}>
            {t('onboarding.username')}
          </label>
          <input
            id={usernameId}
            className={styles.input}
            value={username}
            maxLength={ONBOARDING_USERNAME_MAX}
            autoComplete="username"
            ref={usernameRef}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setUsername(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id={errorId} className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={telegramId}>
            {t('onboarding.telegram')}
          </label>
          <input
            id={telegramId}
            className={styles.input}
            value={telegram}
            onChange={(event) => setTelegram(event.target.value)}
          />
        </div>
        <ProgressBar label={t('onboarding.completeness', { done, total })} volume={done} max={total} />
        <p className={styles.text} aria-hidden="true">
          {t('onboarding.completeness', { done, total })}
        </p>
        <Button type="submit" disabled={saving}>
          {saving ? t('onboarding.saving') : t('onboarding.save')}
        </Button>
      </form>
    </Card>
  );
}

/** Spec 001 §4: 'Claim reward' credits the 100 points, then closes the overlay. */
function Success({ claimReward, onClaimed }: OnboardingTourProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [claiming, setClaiming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const claim = async () => {
    setClaiming(true);
    setError(null);
    try {
      await claimReward();
      onClaimed();
    } catch (err) {
      setError(messageOf(err));
      setClaiming(false);
    }
  };
  return (
    <Card labelledBy={titleId}>
      <h2 id={titleId}>{t('onboarding.successTitle')}</h2>
      <p className={styles.reward}>
        +{ONBOARDING_REWARD_POINTS}
        <small>PAWS</small>
      </p>
      <p className={styles.text}>{t('onboarding.successText', { amount: ONBOARDING_REWARD_POINTS })}</p>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <Button onClick={claim} disabled={claiming} autoFocus>
        {claiming ? t('onboarding.claiming') : t('onboarding.claim')}
      </Button>
    </Card>
  );
}

/** Spec 001 §4: 'Continue' returns to STEP_1, 'Skip onboarding' goes to COMPLETED. */
function Skipped({ onStep }: { onStep: OnboardingTourProps['onStep'] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card labelledBy={titleId}>
      <h2 id={titleId}>{t('onboarding.skippedTitle')}</h2>
      <p className={styles.text}>{t('onboarding.skippedText', { amount: ONBOARDING_REWARD_POINTS })}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onStep('COMPLETED')}>
          {t('onboarding.skipOnboarding')}
        </Button>
        <Button onClick={() => onStep('STEP_1')} autoFocus>
          {t('onboarding.continue')}
        </Button>
      </div>
    </Card>
  );
}

/** The step machine of spec 001 §4 for one stored step; COMPLETED shows nothing. */
export function OnboardingTour(props: OnboardingTourProps) {
  const { step, onStep } = props;
  // Escape on the tour or the form is Skip (the form's close); the last screens need a choice.
  useEffect(() => {
    if (step === 'SUCCESS' || step === 'SKIPPED' || step === 'COMPLETED') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onStep('SKIPPED');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [step, onStep]);

  switch (step) {
    case 'STEP_1':
    case 'STEP_2':
    case 'STEP_3':
      return <TourStep key={step} index={tourSteps.indexOf(step)} onStep={onStep} />;
    case 'PROFILE_CREATION':
      return <ProfileCreation {...props} />;
    case 'SUCCESS':
      return <Success {...props} />;
    case 'SKIPPED':
      return <Skipped onStep={onStep} />;
    case 'COMPLETED':
      return null;
  }
}
