import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import styles from './account-page.module.css';

/** Spec 001 §2/§9: the bonus status bar, volume of max (placeholder figures, see data/sample-values.ts). */
export function BonusBar({ volume, max = 100 }: { volume: number; max?: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.bonus}>
      <div className={styles.bonusHead}>
        <span>{t('profileAccount.bonusStatus')}</span>
        <span>{t('profileAccount.bonusValue', { volume, max })}</span>
      </div>
      <ProgressBar label={t('profileAccount.bonusStatus')} volume={volume} max={max} />
    </div>
  );
}
