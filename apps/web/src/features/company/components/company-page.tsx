import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import styles from './company-page.module.css';

const blocks = ['one', 'two', 'three', 'four', 'five', 'six'] as const;

/**
 * The static company-information page of spec 001 §1: six collapsible blocks, each titled
 * 'Company information', with placeholder text. Native <details>: keyboard and screen readers work
 * without script; the first block starts open so the page never looks empty.
 */
export function CompanyPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('company.heading')} lead={t('company.lead')} />
      <div className={styles.list}>
        {blocks.map((key, index) => (
          <details key={key} className={styles.block} open={index === 0}>
            <summary className={styles.summary}>{t('company.blockTitle')}</summary>
            <p className={styles.body}>{t(`company.blocks.${key}`)}</p>
          </details>
        ))}
      </div>
    </>
  );
}
