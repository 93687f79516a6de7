import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from './button';
import styles from './from-pwa-notice.module.css';

export const isStandalone = () =>
  (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/**
 * Spec 000 §2: fromPWA=true on a browser that is not the installed app shows a full-screen notice;
 * OK dismisses it and clears the query parameter.
 */
export function FromPwaNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  if (params.get('fromPWA') !== 'true' || isStandalone()) return null;
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete('fromPWA');
    setParams(next, { replace: true });
  };
  return (
    <div
      className={styles.notice}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="from-pwa-title"
      aria-describedby="from-pwa-text"
    >
      <div className={styles.card}>
        <h2 id="from-pwa-title">{t('pwa.redirectedTitle')}</h2>
        <p id="from-pwa-text">{t('pwa.redirectedText')}</p>
        <Button onClick={dismiss} autoFocus>
          {t('pwa.ok')}
        </Button>
      </div>
    </div>
  );
}
