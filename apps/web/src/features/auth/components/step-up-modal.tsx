import { authServerMessages } from '@paws/contracts/auth';
import type { StepUpChannel, StepUpMethod, StepUpStatus } from '@paws/contracts/step-up';
import { stepUpMessages } from '@paws/contracts/step-up-constants';
import { twoStepMessages } from '@paws/contracts/two-step-constants';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CodeEntry } from '@/components/ui/code-entry';
import { Modal } from '@/components/ui/modal';
import { isApiClientError } from '@/lib/api-client';
import type { Messages } from '@/lib/i18n/locales/en';
import { resendWaitOf } from '@/lib/resend-timer';
import { finishStepUp } from '@/lib/step-up-store';
import { getStepUpStatus, proveStepUp, sendStepUpCode } from '../api/step-up';
import form from './auth-form.module.css';
import styles from './step-up-modal.module.css';

const RECOVERY_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** The server's refusals this modal meets, by their exact text (the shared contracts'). */
type StepUpErrorKey = keyof Messages['stepUp']['errors'];
const errorKeys = new Map<string, StepUpErrorKey>([
  [authServerMessages.wrongCode, 'wrongCode'],
  [twoStepMessages.wrongCode, 'wrongCode'],
  [authServerMessages.expiredCode, 'expiredCode'],
  [authServerMessages.tooManyCodeAttempts, 'tooManyCodeAttempts'],
  [authServerMessages.tooManyCodesToday, 'tooManyCodesToday'],
  [twoStepMessages.tooManyForAccount, 'tooManyForAccount'],
  [twoStepMessages.locked, 'locked'],
  [stepUpMessages.recoveryCode, 'recoveryCode'],
]);

function errorText(error: unknown, t: TFunction): string {
  if (!isApiClientError(error)) return t('stepUp.failed');
  const key = errorKeys.get(error.message);
  return key ? t(`stepUp.errors.${key}`) : error.message;
}

/** Counts a resend wait down to 0, a second at a time. */
function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

/**
 * Issue 29 point 5, in the spec's modal style: 'Confirm it's you' when a withdrawal or an account change was
 * refused for want of a fresh proof. It offers what the player has — the authenticator app's code (or a
 * recovery code), a code sent to the confirmed e-mail or phone — and answers the API client: proved (the
 * refused call is sent again) or cancelled (close, Escape, click outside or Cancel: the call fails and the
 * flow says so).
 */
export function StepUpModal() {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<StepUpStatus>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const [sent, setSent] = useState<{ channel: StepUpChannel; to: string }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [resendIn, setResendIn] = useCountdown();

  useEffect(() => {
    let live = true;
    getStepUpStatus().then(
      (answer) => {
        if (!live) return;
        // Fresh already (proved in another tab meanwhile): the call can simply be sent again.
        if (answer.fresh) finishStepUp(true);
        else setStatus(answer);
      },
      () => {
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const cancel = () => finishStepUp(false);

  const prove = async (method: StepUpMethod, code: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await proveStepUp(method, code);
      finishStepUp(true);
    } catch (caught) {
      setError(errorText(caught, t));
    } finally {
      setBusy(false);
    }
  };

  const send = async (channel: StepUpChannel) => {
    const masked = status?.methods[channel] ?? '';
    setBusy(true);
    setError(undefined);
    try {
      const answer = await sendStepUpCode(channel);
      setSent({ channel, to: answer.sentTo });
      setResendIn(60);
    } catch (caught) {
      // A code went out less than a minute ago: it is still the one to enter.
      const wait = resendWaitOf(caught);
      if (wait) {
        setSent({ channel, to: masked });
        setResendIn(wait);
      } else setError(errorText(caught, t));
    } finally {
      setBusy(false);
    }
  };

  const submitRecovery = (event: FormEvent) => {
    event.preventDefault();
    const code = recoveryCode.trim();
    if (!RECOVERY_CODE.test(code)) setError(t('stepUp.errors.recoveryCode'));
    else void prove('recovery', code);
  };

  const methods = status?.methods;
  const channels = (['email', 'phone'] as const).filter((channel) => methods?.[channel]);

  let body: ReactNode;
  if (loadFailed) {
    body = (
      <p className={form.error} role="alert">
        {t('stepUp.failed')}
      </p>
    );
  } else if (!methods) {
    body = <p className={form.hint}>{t('stepUp.loading')}</p>;
  } else if (sent) {
    body = (
      <>
        <p className={form.lead}>{t('stepUp.sentTo', { address: sent.to })}</p>
        <CodeEntry
          label={t('stepUp.codeLabel')}
          onComplete={(code) => void prove(sent.channel, code)}
          onChange={() => setError(undefined)}
          error={error}
          disabled={busy}
        />
        <button
          type="button"
          className={form.linkButton}
          disabled={busy || resendIn > 0}
          onClick={() => void send(sent.channel)}
        >
          {resendIn > 0 ? t('stepUp.resendIn', { seconds: resendIn }) : t('stepUp.resend')}
        </button>
      </>
    );
  } else if (!methods.totp && channels.length === 0) {
    body = <p className={form.hint}>{t('stepUp.noMethods')}</p>;
  } else {
    body = (
      <>
        {methods.totp && !recovery ? (
          <CodeEntry
            label={t('stepUp.appLabel')}
            onComplete={(code) => void prove('totp', code)}
            onChange={() => setError(undefined)}
            error={error}
            disabled={busy}
          />
        ) : null}
        {methods.totp && recovery ? (
          <form className={form.form} onSubmit={submitRecovery} noValidate>
            <div className={form.field}>
              <label className={form.label} htmlFor={`${id}-recovery`}>
                {t('stepUp.recoveryLabel')}
              </label>
              <input
                id={`${id}-recovery`}
                className={form.input}
                value={recoveryCode}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="XXXXX-XXXXX"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  setRecoveryCode(event.target.value);
                  setError(undefined);
                }}
              />
              {error ? (
                <p id={`${id}-error`} className={form.error} role="alert">
                  {error}
                </p>
              ) : null}
            </div>
            <Button type="submit" disabled={busy}>
              {t('stepUp.confirm')}
            </Button>
          </form>
        ) : null}
        {methods.totp ? (
          <button
            type="button"
            className={form.linkButton}
            onClick={() => {
              setError(undefined);
              setRecovery(!recovery);
            }}
          >
            {recovery ? t('stepUp.useApp') : t('stepUp.useRecovery')}
          </button>
        ) : null}
        {channels.length > 0 ? (
          <div className={styles.methods}>
            {methods.totp ? <p className={styles.or}>{t('stepUp.orSend')}</p> : null}
            {channels.map((channel) => (
              <Button
                key={channel}
                variant={methods.totp ? 'secondary' : 'primary'}
                block
                className={styles.send}
                disabled={busy}
                onClick={() => void send(channel)}
              >
                {t(channel === 'email' ? 'stepUp.sendEmail' : 'stepUp.sendPhone', {
                  address: methods[channel],
                })}
              </Button>
            ))}
          </div>
        ) : null}
        {error && !methods.totp ? (
          <p className={form.error} role="alert">
            {error}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Modal open onClose={cancel} title={t('stepUp.title')} state="active">
      <div className={form.form}>
        <p className={form.lead}>{t('stepUp.lead')}</p>
        {body}
        <div className={styles.actions}>
          <Button variant="ghost" block onClick={cancel}>
            {t('stepUp.cancel')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
