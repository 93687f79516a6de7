import type { PlaySessionView } from '@paws/contracts/responsible-gaming';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { formatElapsed, formatUsd, playClock } from '../hooks/play-clock';
import styles from './session-bar.module.css';

/**
 * The game page's play-session bar: time since the session began and the net position (wins − stakes), the
 * play time left today under a daily limit, and, once that is played out, why rounds are refused and until when.
 */
export function SessionBar({ view, now }: { view: PlaySessionView; now: number }) {
  const { t } = useTranslation();
  const clock = playClock(view, now);
  const net = view.session?.net ?? 0;
  return (
    <section className={styles.bar} aria-label={t('playSession.barLabel')}>
      <span>{t('playSession.elapsed', { time: formatElapsed(clock.elapsedMs) })}</span>
      <span className={net > 0 ? styles.up : net < 0 ? styles.down : undefined}>
        {t('playSession.net', { amount: formatUsd(net, { signed: true }) })}
      </span>
      {clock.playedLeftMs !== null && !clock.blockedUntil ? (
        <span className={styles.muted}>
          {t('playSession.left', { time: formatElapsed(clock.playedLeftMs) })}
        </span>
      ) : null}
      {clock.blockedUntil ? (
        <p role="status" className={styles.blocked}>
          {t('playSession.blocked', { at: formatDateTime(clock.blockedUntil) })}
        </p>
      ) : null}
    </section>
  );
}
