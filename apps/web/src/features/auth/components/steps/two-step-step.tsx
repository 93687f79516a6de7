import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CodeEntry } from '@/components/ui/code-entry';
import { twoStepErrorText } from '@/lib/two-step-errors';
import { finishTwoStep } from '../../api/two-step';
import styles from '../auth-form.module.css';

const RECOVERY_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/**
 * Issue 29: the second step of a sign-in while the authenticator app is on. The six boxes take the app's
 * code and submit by themselves; a recovery code (letters and digits) goes in a field of its own.
 */
export function TwoStepStep({
  pendingSignIn,
  onSignedIn,
  onBack,
  onErrorChange,
}: {
  pendingSignIn: string;
  onSignedIn: () => Promise<unknown>;
  onBack?: () => void;
  onErrorChange?: (hasError: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const showError = (message: string | undefined) => {
    setError(message);
    onErrorChange?.(Boolean(message));
  };

  const submit = async (code: string) => {
    setBusy(true);
    try {
      await finishTwoStep(pendingSignIn, code);
      await onSignedIn();
    } catch (caught) {
      showError(twoStepErrorText(caught, t));
    } finally {
      setBusy(false);
    }
  };

  const submitRecovery = (event: FormEvent) => {
    event.preventDefault();
    const code = recoveryCode.trim();
    if (!RECOVERY_CODE.test(code)) showError(t('twoStep.errors.code'));
    else void submit(code);
  };

  return (
    <div className={styles.form}>
      {recovery ? (
        <form className={styles.form} onSubmit={submitRecovery} noValidate>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-recovery`}>
              {t('twoStep.recoveryLabel')}
            </label>
            <input
              id={`${id}-recovery`}
              className={styles.input}
              value={recoveryCode}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXXXX-XXXXX"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setRecoveryCode(event.target.value);
                if (error) showError(undefined);
              }}
            />
            {error ? (
              <p id={`${id}-error`} className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" disabled={busy}>
            {t('twoStep.continue')}
          </Button>
        </form>
      ) : (
        <>
          <p className={styles.lead}>{t('twoStep.signInLead')}</p>
          <CodeEntry
            label={t('twoStep.signInTitle')}
            onComplete={(code) => void submit(code)}
            onChange={() => {
              if (error) showError(undefined);
            }}
            error={error}
            disabled={busy}
          />
        </>
      )}
      <button
        type="button"
        className={styles.linkButton}
        onClick={() => {
          showError(undefined);
          setRecovery(!recovery);
        }}
      >
        {recovery ? t('twoStep.useApp') : t('twoStep.useRecovery')}
      </button>
      {onBack ? (
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t('auth.backToLogin')}
        </button>
      ) : null}
    </div>
  );
}
