import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Frame } from './frame';
import { AlertIcon, InboxIcon } from './icons';
import styles from './status-panel.module.css';

export type StatusPanelType = 'error' | 'empty';

/** Spec 000 §8: the shared error panel (with 'Try again') and empty panel (no button). */
export function StatusPanel({ type, onRetry }: { type: StatusPanelType; onRetry?: () => void }) {
  const { t } = useTranslation();
  const isError = type === 'error';
  return (
    <Frame
      angled
      className={`${styles.panel} ${isError ? styles.error : ''}`}
      role={isError ? 'alert' : undefined}
    >
      <span className={styles.icon}>{isError ? <AlertIcon size={28} /> : <InboxIcon size={28} />}</span>
      <h2 className={styles.title}>{isError ? t('status.errorTitle') : t('status.emptyTitle')}</h2>
      <p className={styles.description}>
        {isError ? t('status.errorDescription') : t('status.emptyDescription')}
      </p>
      {isError && onRetry ? (
        <Button onClick={onRetry} className={styles.action}>
          {t('status.retry')}
        </Button>
      ) : null}
    </Frame>
  );
}
