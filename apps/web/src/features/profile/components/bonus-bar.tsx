import { useTranslation } from 'react-i18next';
import styles from './account-page.module.css';

/** Spec 001 §9: the fill is volume / max (max 100 by default), capped at 100 %. */
export const bonusFill = (volume: number, max = 100) =>
  max > 0 ? Math.min(100, Math.max(0, (volume / max) * 100)) : 0;

export function BonusBar({ volume, max = 100 }: { volume: number; max?: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.bonus}>
      <div className={styles.bonusHead}>
        <span>{t('profileAccount.bonusStatus')}</span>
        <span>{t('profileAccount.bonusValue', { volume, max })}</span>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('profileAccount.bonusStatus')}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={volume}
      >
        <span style={{ width: `${bonusFill(volume, max)}%` }} />
      </div>
    </div>
  );
}
