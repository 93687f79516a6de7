import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LogoLink } from '@/components/ui/logo';
import { SearchBox } from '@/components/ui/search-box';
import { paths } from '@/config/paths';
import styles from './header.module.css';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `${styles.navLink} ${isActive ? styles.active : ''}`;

/**
 * Spec 000 §2 header. `actions` is the right-hand slot: Log in / Create account for visitors now,
 * balance, bell and user menu for players later (composed in app/, so layout stays feature-free).
 */
export function Header({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <nav aria-label={t('nav.information')} className={styles.utility}>
          <NavLink to={paths.contacts.getHref()} className={navClass}>
            {t('nav.contacts')}
          </NavLink>
          <NavLink to={paths.faq.getHref()} className={navClass}>
            {t('nav.faq')}
          </NavLink>
          <NavLink to={paths.termsOfService.getHref()} className={navClass}>
            {t('nav.termsOfService')}
          </NavLink>
        </nav>
        <div className={styles.bar}>
          <LogoLink className={styles.logo} collapsible />
          <nav aria-label={t('nav.main')} className={styles.nav}>
            <Link to={paths.gamesList.getHref()} className={styles.navLink}>
              {t('nav.games')}
            </Link>
            <NavLink to={paths.aboutUs.getHref()} className={navClass}>
              {t('nav.aboutUs')}
            </NavLink>
            <NavLink to={paths.news.getHref()} className={navClass}>
              {t('nav.news')}
            </NavLink>
          </nav>
          <SearchBox className={styles.search} />
          <div className={styles.actions}>{actions}</div>
        </div>
      </div>
    </header>
  );
}
