import { type GameType, gameTypes } from '@paws/contracts/preferences';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Frame } from '@/components/ui/frame';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import { preferencesQueryOptions, useSavePreferences } from '../api/preferences';
import styles from './account-page.module.css';

/** Buttons shown on a small screen before 'Show All'. */
const COLLAPSED_COUNT = 3;
const NONE: GameType[] = [];

/** Spec 001 §2 My Preferences: game-type buttons, with 'Show All' / 'Hide' on small screens; stored server-side. */
export function PreferencesCard() {
  const { t } = useTranslation();
  const wide = useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);
  const preferences = useQuery(preferencesQueryOptions());
  const save = useSavePreferences();
  const [expanded, setExpanded] = useState(false);
  const chosen = preferences.data?.gameTypes ?? NONE;
  const shown = wide || expanded ? gameTypes : gameTypes.slice(0, COLLAPSED_COUNT);

  const toggle = (type: GameType) => {
    save.mutate(chosen.includes(type) ? chosen.filter((item) => item !== type) : [...chosen, type]);
  };

  return (
    <Frame
      as="section"
      className={`${styles.card} ${styles.preferencesCard}`}
      aria-labelledby="preferences-title"
      aria-busy={preferences.isPending}
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
              disabled={!preferences.isSuccess}
              onClick={() => toggle(type)}
            >
              {t(`profileAccount.gameTypes.${type}`)}
            </button>
          </li>
        ))}
      </ul>
      {save.isError ? (
        <p role="alert" className={styles.preferencesError}>
          {t('profileAccount.preferencesSaveFailed')}
        </p>
      ) : null}
    </Frame>
  );
}
