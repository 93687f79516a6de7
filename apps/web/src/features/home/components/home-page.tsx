import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { AnimatedBackground } from '@/components/ui/animated-background';
import { ButtonLink } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { GAMES_LIST_ANCHOR, paths } from '@/config/paths';
import { AfterFirstPaint } from '@/lib/after-first-paint';
import { useVisibleOnce } from '@/lib/use-visible-once';
import { GamesList } from './games-list';
import styles from './home-page.module.css';
import { RatesBlock } from './rates-block';

const aboutBanners = ['fair', 'live', 'vibes'] as const;

/**
 * The rates block sits below the fold: it renders once it comes within a quarter of a screen of the
 * viewport, so the page's load does only what the visitor sees (within a whole screen, a phone still
 * rendered it, Intl's number formatter with it, while the page loaded).
 */
function DeferredRatesBlock() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useVisibleOnce(ref, { rootMargin: '25% 0px' });
  return near ? <RatesBlock /> : <div ref={ref} className={styles.ratesPlaceholder} />;
}

export function HomePage() {
  const { t } = useTranslation();
  const { hash, search } = useLocation();

  // The screen is lazy-loaded, so the router's own hash scroll can run before the anchor exists.
  // A new filter in the query (bottom panel slot) scrolls to the list again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is the trigger, not an input.
  useEffect(() => {
    if (hash === `#${GAMES_LIST_ANCHOR}`) document.getElementById(GAMES_LIST_ANCHOR)?.scrollIntoView();
  }, [hash, search]);

  return (
    <div className={styles.home}>
      <AfterFirstPaint>
        <AnimatedBackground />
      </AfterFirstPaint>
      <PageHeader
        eyebrow={t('pages.home.eyebrow')}
        title={t('pages.home.heading')}
        lead={t('pages.home.lead')}
      >
        <ButtonLink to={paths.gamesList.getHref()} size="lg" className={styles.cta}>
          {t('nav.games')}
        </ButtonLink>
      </PageHeader>

      <GamesList />
      <DeferredRatesBlock />

      <section className={styles.about} aria-labelledby="about-banners-heading">
        <h2 id="about-banners-heading" className="visually-hidden">
          {t('nav.aboutUs')}
        </h2>
        {aboutBanners.map((key) => (
          <Frame key={key} angled className={styles.banner}>
            <h3 className={styles.bannerTitle}>{t(`homeAbout.${key}.title`)}</h3>
            <p className={styles.bannerText}>{t(`homeAbout.${key}.text`)}</p>
          </Frame>
        ))}
      </section>
    </div>
  );
}
