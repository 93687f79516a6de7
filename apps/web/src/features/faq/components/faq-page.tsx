import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import styles from './faq-page.module.css';

const questions = ['account', 'age', 'deposit', 'bonuses', 'fair', 'vibe', 'support'] as const;

/** Collapsible questions on native <details>: keyboard and screen readers work without script. */
export function FaqPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.faq.heading')} lead={t('pages.faq.lead')} />
      <div className={styles.list}>
        {questions.map((key) => (
          <details key={key} className={styles.item} name="faq">
            <summary className={styles.question}>{t(`content.faq.${key}.question`)}</summary>
            <p className={styles.answer}>{t(`content.faq.${key}.answer`)}</p>
          </details>
        ))}
      </div>
    </>
  );
}
