import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LogoLink } from '@/components/ui/logo';
import { SearchBox } from '@/components/ui/search-box';
import { VibeMenu } from '@/components/ui/vibe-menu';
import { paths } from '@/config/paths';
import styles from './header.module.css';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `${styles.navLink} ${isActive ? styles.active : ''}`;

export interface HeaderProps {
  /**
   * The right-hand slot: Log in / Create account for visitors; for players the identity work passes
   * <BalanceButton>, <NotificationBell> and <UserMenu> (composed in app/, so layout stays feature-free).
   */
  actions?: ReactNode;
  /** The search slot; app/ passes the catalogue search. */
  search?: ReactNode;
  /** Visitors get the vibe switch in the header; players have it in the user menu. */
  showVibeMenu?: boolean;
}

/** Spec 000 §2 header; below 1024px a compact logo/actions bar with the search on its own row. */
export function Header({ actions, search, showVibeMenu = true }: HeaderProps) {
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
          <div className={styles.search}>{search ?? <SearchBox />}</div>
          <div className={styles.actions}>
            {showVibeMenu ? <VibeMenu /> : null}
            {actions}
          </div>
        </div>
      </div>
    </header>
  );
}
