import { useTranslation } from 'react-i18next';
import { Frame } from '@/components/ui/frame';
import { useRuntimeConfig } from '@/config/runtime-config';
import styles from './account-page.module.css';
import { QrCode } from './qr-code';

/**
 * Spec 001 §1/§2 download block: a QR code and store links. PAWS ships as an installable web app, not
 * store apps, so the code and both links open the platform, where the browser offers to install it.
 */
export function DownloadBlock() {
  const { t } = useTranslation();
  const { platformUrl } = useRuntimeConfig();
  return (
    <Frame
      as="section"
      angled
      className={`${styles.card} ${styles.download}`}
      aria-label={t('profileAccount.download.title')}
    >
      <QrCode value={platformUrl} label={t('profileAccount.download.qr')} />
      <div className={styles.downloadText}>
        <h2 className={styles.cardTitle}>{t('profileAccount.download.title')}</h2>
        <p className={styles.muted}>{t('profileAccount.download.text')}</p>
        <div className={styles.stores}>
          <a className={styles.store} href={platformUrl} target="_blank" rel="noreferrer">
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                fill="currentColor"
                d="M16.4 12.6c0-2.5 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.1 2.5-1.8 3.1-.5 7.6 1.3 10.1.8 1.2 1.8 2.6 3.1 2.5 1.3-.1 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.4-1-2.4-4.2ZM14 5.2c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4Z"
              />
            </svg>
            {t('profileAccount.download.appStore')}
          </a>
          <a className={styles.store} href={platformUrl} target="_blank" rel="noreferrer">
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                fill="currentColor"
                d="M4 2.5v19l10-9.5L4 2.5Zm11.3 10.7L6.6 21.6l11-6.3-2.3-2.1Zm0-2.4 2.3-2.1-11-6.3 8.7 8.4Zm3.6-1.4-2.5 2.3 2.5 2.4 2.6-1.5c.7-.4.7-1.4 0-1.8l-2.6-1.4Z"
              />
            </svg>
            {t('profileAccount.download.googlePlay')}
          </a>
        </div>
      </div>
    </Frame>
  );
}
