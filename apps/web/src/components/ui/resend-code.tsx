import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondsUntilResend } from '@/lib/resend-timer';
import styles from './code-entry.module.css';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The 60 s wait before a new code, read from the 'timeForCode' timestamp (so it survives reopening the
 * modal); the link shows at 0. `onResend` sends the code again and stamps the new time.
 */
export function ResendCode({ onResend }: { onResend: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() => secondsUntilResend());
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setLeft(secondsUntilResend()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  if (left > 0) {
    return (
      <p className={styles.resend} aria-live="polite">
        {t('auth.code.resendIn', { time: clock(left) })}
      </p>
    );
  }
  return (
    <p className={styles.resend}>
      <button
        type="button"
        className={styles.resendLink}
        disabled={sending}
        onClick={() => {
          setSending(true);
          onResend()
            .catch(() => undefined)
            .finally(() => {
              setSending(false);
              setLeft(secondsUntilResend());
            });
        }}
      >
        {t('auth.code.resend')}
      </button>
    </p>
  );
}
