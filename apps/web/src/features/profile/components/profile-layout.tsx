import { Suspense, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import styles from './profile-layout.module.css';

const profileSections = [
  { key: 'account', href: paths.profileAccount.getHref() },
  { key: 'bonuses', href: paths.profileBonuses.getHref() },
  { key: 'history', href: paths.profileHistory.getHref() },
  { key: 'support', href: paths.profileSupport.getHref() },
  { key: 'notifications', href: paths.profileNotifications.getHref() },
] as const;

/** A section's own page (not the profile home, not a notification or ticket, which link back themselves). */
const isSectionPage = (pathname: string) =>
  profileSections.some(({ href }) => pathname.replace(/\/+$/, '') === href);

/** Scrolls the tab strip (never the page) so the active tab is in view, centred when it can be. */
function useActiveTabInView(pathname: string) {
  const stripRef = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active tab changes with the path.
  useLayoutEffect(() => {
    const strip = stripRef.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !active) return;
    const left = active.offsetLeft - (strip.clientWidth - active.offsetWidth) / 2;
    strip.scrollTo?.({ left: Math.max(0, left), behavior: 'instant' as ScrollBehavior });
  }, [pathname]);
  return stripRef;
}

/**
 * Spec 001 §2: profile pages share the tab buttons Account, Bonuses, History, Technical support,
 * Notifications, and a back button to the parent page (the profile home, on small screens, where it is
 * the section menu; wider screens have no profile home to go back to: it redirects to the account).
 */
export function ProfileLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const stripRef = useActiveTabInView(pathname);
  return (
    <div className={styles.layout}>
      {isSectionPage(pathname) ? (
        <Link to={paths.profile.getHref()} className={styles.back}>
          <ArrowLeftIcon size={18} />
          {t('pages.profile.back')}
        </Link>
      ) : null}
      <nav ref={stripRef} aria-label={t('pages.profile.sections')} className={styles.tabs}>
        {profileSections.map(({ key, href }) => (
          <NavLink
            key={key}
            to={href}
            className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
          >
            {t(`pages.profile.${key}`)}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
