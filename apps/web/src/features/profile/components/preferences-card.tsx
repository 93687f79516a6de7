import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Frame } from '@/components/ui/frame';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import styles from './account-page.module.css';

export const gameTypes = ['liveRoulette', 'blackjack', 'poker', 'baccarat', 'loto', 'slots'] as const;
export type GameType = (typeof gameTypes)[number];

/**
 * Kept in this browser's local storage for now: the preferences API is not built yet (issue 6 wants them
 * stored server-side), so they do not follow the player to another device.
 */
export const PREFERENCES_STORAGE_KEY = 'gamePreferences';
/** Buttons shown on a small screen before 'Show All'. */
const COLLAPSED_COUNT = 3;

function readPreferences(): GameType[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? gameTypes.filter((type) => stored.includes(type)) : [];
  } catch {
    return [];
  }
}

/** Spec 001 §2 My Preferences: game-type buttons, with 'Show All' / 'Hide' on small screens. */
export function PreferencesCard() {
  const { t } = useTranslation();
  const wide = useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);
  const [chosen, setChosen] = useState<GameType[]>(readPreferences);
  const [expanded, setExpanded] = useState(false);
  const shown = wide || expanded ? gameTypes : gameTypes.slice(0, COLLAPSED_COUNT);

  const toggle = (type: GameType) => {
    const next = chosen.includes(type) ? chosen.filter((item) => item !== type) : [...chosen, type];
    setChosen(next);
    try {
      localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Private mode or a full quota: the choice lasts for this visit only.
    }
  };

  return (
    <Frame
      as="section"
      className={`${styles.card} ${styles.preferencesCard}`}
      aria-labelledby="preferences-title"
    >
      <div className={styles.cardHead}>
        <h2 id="preferences-title" className={styles.cardTitle}>
          {t('profileAccount.preferences')}
        </h2>
        {wide ? null : (
          <button
            type="button"
            className={styles.linkButton}
            aria-expanded={expanded}
            onClick={() => setExpanded((current) => !current)}
          >
            {expanded ? t('profileAccount.hide') : t('profileAccount.showAll')}
          </button>
        )}
      </div>
      <ul className={styles.preferences}>
        {shown.map((type) => (
          <li key={type}>
            <button
              type="button"
              className={`${styles.preference} ${chosen.includes(type) ? styles.chosen : ''}`}
              aria-pressed={chosen.includes(type)}
              onClick={() => toggle(type)}
            >
              {t(`profileAccount.gameTypes.${type}`)}
            </button>
          </li>
        ))}
      </ul>
    </Frame>
  );
}
