import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { BonusStatus } from '../hooks/use-bonus-status';
import styles from './account-page.module.css';

/** Spec 001 §2/§9: the bonus status bar, volume of max (the player's real figures, use-bonus-status.ts). */
export function BonusBar({ status }: { status: BonusStatus['bar'] }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <div className={styles.bonus}>
      <div className={styles.bonusHead}>
        <span>{t('profileAccount.bonusStatus')}</span>
        <span>{status.text}</span>
      </div>
      <ProgressBar label={t('profileAccount.bonusStatus')} volume={status.volume} max={status.max} />
    </div>
  );
}
