import { useTranslation } from 'react-i18next';
import styles from './spinner.module.css';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={`${styles.wrap} ${className ?? ''}`}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** Fills the content area while a route's screen loads. */
export function PageSpinner() {
  return (
    <div className={styles.page}>
      <Spinner />
    </div>
  );
}
