import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { EMAIL_COPIED_MS, SUPPORT_EMAIL } from '../utils/support-email';
import styles from './support.module.css';

/** Spec 001 §2: the contact-us block; its button opens a new request. */
export function ContactUsBlock({ onNewRequest }: { onNewRequest: () => void }) {
  const { t } = useTranslation();
  return (
    <Frame as="section" angled accent className={styles.block} aria-labelledby="support-contact-us">
      <h2 id="support-contact-us" className={styles.blockTitle}>
        {t('supportTickets.contactUs.title')}
      </h2>
      <p className={styles.blockText}>{t('supportTickets.contactUs.text')}</p>
      <Button onClick={onNewRequest} className={styles.blockAction}>
        {t('supportTickets.contactUs.action')}
      </Button>
    </Frame>
  );
}

/** Spec 001 §2/§9: the hotline (open 24/7), the support address and Copy email, which reads 'Copied!' for 2 s. */
export function HotlineBlock() {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), EMAIL_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(SUPPORT_EMAIL);
      setCopied(true);
    } catch (error) {
      console.error('Copy email failed', error);
    }
  };
  return (
    <Frame as="section" angled className={styles.block} aria-labelledby="support-hotline">
      <h2 id="support-hotline" className={styles.blockTitle}>
        {t('supportTickets.hotline.title')}{' '}
        <span className={styles.hours}>{t('supportTickets.hotline.hours')}</span>
      </h2>
      <p className={styles.blockText}>{t('supportTickets.hotline.text')}</p>
      <p className={styles.email}>
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
      <Button variant="secondary" onClick={copy} className={styles.blockAction} aria-live="polite">
        {copied ? t('supportTickets.hotline.copied') : t('supportTickets.hotline.copy')}
      </Button>
    </Frame>
  );
}
