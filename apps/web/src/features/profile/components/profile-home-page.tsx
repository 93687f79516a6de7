import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Frame } from '@/components/ui/frame';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session/use-session';
import { useBonusStatus } from '../hooks/use-bonus-status';
import { usdBalance } from './account-card';
import styles from './account-page.module.css';
import { BonusBar } from './bonus-bar';
import { DownloadBlock } from './download-block';
import home from './profile-home-page.module.css';

/** Spec 001 §2: on a window of 1024px or wider, /profile redirects to /profile/account. */
const PROFILE_WIDE_QUERY = '(min-width: 1024px)';

const sections = [
  { key: 'account', href: paths.profileAccount.getHref() },
  { key: 'bonuses', href: paths.profileBonuses.getHref() },
  { key: 'history', href: paths.profileHistory.getHref() },
  { key: 'support', href: paths.profileSupport.getHref() },
  { key: 'notifications', href: paths.profileNotifications.getHref() },
] as const;

/** The special-tasks ring: welcome tasks done of all (as on /profile/bonuses). */
function ProgressRing({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  return (
    <div className={home.ring}>
      <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r={radius} fill="none" stroke="var(--surface-strong)" strokeWidth="6" />
        <circle
          cx="32"
          cy="32"
          r={radius}
          fill="none"
          stroke="var(--accent)"
          strokeWidth="6"
          strokeLinecap="round"
          strokeDasharray={`${(done / total) * circumference} ${circumference}`}
          transform="rotate(-90 32 32)"
        />
      </svg>
      <span>
        <strong>{t('profileAccount.home.ring')}</strong>
        <span className={styles.muted}>{t('profileAccount.home.ringValue', { done, total })}</span>
      </span>
    </div>
  );
}

/**
 * Spec 001 §2 profile home (small screens): the profile panel (the balance card leads to the account, the
 * bonus card to the bonuses), the section menu and the download block.
 */
export function ProfileHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useUser();
  const bonus = useBonusStatus();

  useEffect(() => {
    const query = window.matchMedia?.(PROFILE_WIDE_QUERY);
    if (!query) return;
    const redirect = () => {
      if (query.matches) navigate(paths.profileAccount.getHref(), { replace: true });
    };
    redirect();
    query.addEventListener('change', redirect);
    return () => query.removeEventListener('change', redirect);
  }, [navigate]);

  const balance = usdBalance(data?.balances ?? []);
  return (
    <>
      <PageHeader title={t('pages.profile.heading')} lead={t('pages.profile.lead')} />
      <div className={home.page}>
        {data ? (
          <section className={home.panel} aria-label={t('profileAccount.home.panel')}>
            <Link
              to={paths.profileAccount.getHref()}
              className={home.cardLink}
              aria-label={t('profileAccount.home.balanceLink', { amount: balance })}
            >
              <Frame angled accent className={styles.card}>
                <p className={styles.muted}>{t('profileAccount.balance')}</p>
                <p className={styles.balance}>{balance}</p>
              </Frame>
            </Link>
            <Link to={paths.profileBonuses.getHref()} className={home.cardLink}>
              {/* Named by what it shows (the bar and ring's own text), then where it leads. */}
              <Frame className={styles.card}>
                <BonusBar status={bonus?.bar ?? null} />
                {bonus?.ring ? <ProgressRing done={bonus.ring.done} total={bonus.ring.total} /> : null}
                <span className="visually-hidden">{t('profileAccount.home.bonusLink')}</span>
              </Frame>
            </Link>
          </section>
        ) : null}
        <nav aria-label={t('pages.profile.sections')}>
          <ul className={home.menu}>
            {sections.map(({ key, href }) => (
              <li key={key}>
                <Link to={href} className={home.menuLink}>
                  {t(`pages.profile.${key}`)}
                  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
                    <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <DownloadBlock />
      </div>
    </>
  );
}
