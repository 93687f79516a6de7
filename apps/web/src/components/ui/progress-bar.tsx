import styles from './progress-bar.module.css';

/** Spec 001 §9: the fill is volume / max (max 100 by default), capped at 100 %. */
export const progressFill = (volume: number, max = 100) =>
  max > 0 ? Math.min(100, Math.max(0, (volume / max) * 100)) : 0;

/** A thin accent bar: the bonus bar and the bonus cards' progress. */
export function ProgressBar({ label, volume, max = 100 }: { label: string; volume: number; max?: number }) {
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(volume, max)}
    >
      <span style={{ width: `${progressFill(volume, max)}%` }} />
    </div>
  );
}
