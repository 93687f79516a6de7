import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './auth-form.module.css';

const secondsUntil = (until: number | undefined) =>
  until === undefined ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));

/** Whole seconds left until `until` (a timestamp), ticking each second; 0 when unset or past. */
export function useSecondsUntil(until: number | undefined): number {
  const [left, setLeft] = useState(() => secondsUntil(until));
  useEffect(() => {
    setLeft(secondsUntil(until));
    if (until === undefined) return;
    const timer = setInterval(() => {
      const next = secondsUntil(until);
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}

/** The server refused to send a code yet: no code went out, and how long until one can. */
export function SendWait({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  return (
    <p className={styles.wait} role="status">
      {t('auth.login.codeWait', { count: seconds })}
    </p>
  );
}
