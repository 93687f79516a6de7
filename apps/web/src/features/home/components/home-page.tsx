import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { ButtonLink } from '@/components/ui/button';
import { GAMES_LIST_ANCHOR, paths } from '@/config/paths';
import styles from './home-page.module.css';

const categoryKeys = ['favorites', 'liveRoulette', 'blackjack', 'poker', 'baccarat', 'loto'] as const;
const tileGlyphs = ['♠', '♥', '♦', '♣', '7', '◎'];

export function HomePage() {
  const { t } = useTranslation();
  const { hash } = useLocation();

  // The screen is lazy-loaded, so the router's own hash scroll can run before the anchor exists.
  useEffect(() => {
    if (hash === `#${GAMES_LIST_ANCHOR}`) document.getElementById(GAMES_LIST_ANCHOR)?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <PageHeader
        eyebrow={t('pages.home.eyebrow')}
        title={t('pages.home.heading')}
        lead={t('pages.home.lead')}
      >
        <ButtonLink to={paths.gamesList.getHref()} size="lg" className={styles.cta}>
          {t('nav.games')}
        </ButtonLink>
      </PageHeader>

      <section id={GAMES_LIST_ANCHOR} className={styles.games} aria-labelledby="games-list-heading">
        <h2 id="games-list-heading" className={styles.heading}>
          {t('pages.home.gamesHeading')}
        </h2>
        <ul className={styles.chips} aria-label={t('pages.home.categories')}>
          {categoryKeys.map((key, index) => (
            <li key={key} className={`${styles.chip} ${index === 0 ? styles.chipActive : ''}`}>
              {t(`pages.home.${key}`)}
            </li>
          ))}
        </ul>
        <ul className={styles.tiles}>
          {tileGlyphs.map((glyph) => (
            <li key={glyph} className={styles.tile}>
              <span className={styles.glyph} aria-hidden="true">
                {glyph}
              </span>
              <span className={styles.tileLabel}>{t('pages.home.comingSoon')}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
