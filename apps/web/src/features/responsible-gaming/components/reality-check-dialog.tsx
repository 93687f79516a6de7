import type { PlaySessionView } from '@paws/contracts/responsible-gaming';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { formatElapsed, formatUsd } from '../hooks/play-clock';
import styles from './reality-check-dialog.module.css';

export interface RealityCheckDialogProps {
  open: boolean;
  elapsedMs: number;
  session: NonNullable<PlaySessionView['session']>;
  onContinue: () => void;
  onStop: () => void;
}

/** The reality check: how long this session has lasted, its stakes, wins and net result; go on or stop. */
export function RealityCheckDialog({
  open,
  elapsedMs,
  session,
  onContinue,
  onStop,
}: RealityCheckDialogProps) {
  const { t } = useTranslation();
  const figures = [
    [t('playSession.elapsedLabel'), formatElapsed(elapsedMs)],
    [t('playSession.stakes'), formatUsd(session.stakes)],
    [t('playSession.wins'), formatUsd(session.wins)],
    [t('playSession.netLabel'), formatUsd(session.net, { signed: true })],
  ] as const;
  // Closing it any other way (Escape, the backdrop) is going on playing: the question was asked.
  return (
    <Modal open={open} onClose={onContinue} title={t('playSession.checkTitle')}>
      <p className={styles.lead}>{t('playSession.checkLead', { time: formatElapsed(elapsedMs) })}</p>
      <dl className={styles.figures}>
        {figures.map(([label, value]) => (
          <div key={label} className={styles.figure}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Link to={paths.profileHistory.getHref()} className={styles.link}>
        {t('playSession.history')}
      </Link>
      <div className={styles.actions}>
        <Button type="button" onClick={onContinue}>
          {t('playSession.continue')}
        </Button>
        <Button type="button" variant="secondary" onClick={onStop}>
          {t('playSession.stop')}
        </Button>
      </div>
    </Modal>
  );
}
