import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
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

/** Spec 001 §2: profile pages share the tab buttons Account, Bonuses, History, Technical support, Notifications. */
export function ProfileLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.layout}>
      <nav aria-label={t('pages.profile.sections')} className={styles.tabs}>
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
