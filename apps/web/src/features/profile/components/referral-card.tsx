import { referralLinkOf } from '@paws/contracts/referrals';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { referralQueryOptions } from '../api/get-referral';
import styles from './account-page.module.css';
import { COPIED_NOTICE_MS } from './hud-card';
import own from './referral-card.module.css';

/**
 * The player's referral link (issue 17): this origin's home page with ?referralCode=<their code>, and a copy
 * button. A friend who signs up through it and makes a first deposit earns both of them a bonus.
 */
export function ReferralCard() {
  const { t } = useTranslation();
  const { data, isError } = useQuery(referralQueryOptions());
  const [copied, setCopied] = useState(false);
  const link = data ? referralLinkOf(window.location.origin, data.referralCode) : '';

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch (error) {
      console.error('Copy failed', error);
    }
  };

  return (
    <Frame as="section" className={`${styles.card} ${own.referral}`} aria-labelledby="referral-title">
      <h2 id="referral-title" className={styles.cardTitle}>
        {t('referral.title')}
      </h2>
      <p className={styles.muted}>{t('referral.lead')}</p>
      {isError ? (
        <p role="alert">{t('referral.error')}</p>
      ) : (
        <div className={own.linkRow}>
          <input
            className={own.link}
            aria-label={t('referral.linkLabel')}
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button size="sm" variant="secondary" onClick={copy} disabled={!data}>
            {t('referral.copy')}
          </Button>
        </div>
      )}
      <p role="status" className={styles.copied}>
        {copied ? t('referral.copied') : ''}
      </p>
    </Frame>
  );
}
