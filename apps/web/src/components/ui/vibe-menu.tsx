import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVibe, type Vibe, vibeLabelKeys, vibes } from '@/lib/vibe';
import styles from './vibe-menu.module.css';

const swatch: Record<Vibe, string> = {
  'strategic-green': '#c6f432',
  'aggressive-red': '#ff4d5e',
  'calm-blue': '#4cc9ff',
};

/** The theme switch ('Change Vibe'): three vibes, the choice persists. Used in the header and the user menu. */
export function VibeMenu({ className, onChosen }: { className?: string; onChosen?: () => void }) {
  const { t } = useTranslation();
  const [vibe, setVibe] = useVibe();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={`${styles.root} ${className ?? ''}`} data-onboarding="vibe-menu">
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.dot} style={{ background: swatch[vibe] }} aria-hidden="true" />
        <span className={styles.text}>{t('vibes.change')}</span>
      </button>
      {open ? (
        <ul id={listId} className={styles.menu} aria-label={t('vibes.change')}>
          {vibes.map((option) => (
            <li key={option}>
              <button
                type="button"
                className={styles.item}
                aria-pressed={option === vibe}
                onClick={() => {
                  setVibe(option);
                  setOpen(false);
                  onChosen?.();
                }}
              >
                <span className={styles.dot} style={{ background: swatch[option] }} aria-hidden="true" />
                {t(vibeLabelKeys[option])}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
