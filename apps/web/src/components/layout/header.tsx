import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { LogoLink } from '@/components/ui/logo';
import { SearchBox } from '@/components/ui/search-box';
import { VibeMenu } from '@/components/ui/vibe-menu';
import { paths } from '@/config/paths';
import { AfterFirstPaint } from '@/lib/after-first-paint';
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

/**
 * Below 1024px the search hides behind a button so the bar keeps to one row (logo and actions); opening it
 * adds the search row and moves the focus into it; Escape, the button again or a new page closes it.
 */
function useCompactSearch() {
  const [open, setOpen] = useState(false);
  const rowRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the search row.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (open) rowRef.current?.querySelector<HTMLElement>('input, [role="combobox"]')?.focus();
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open && !event.defaultPrevented) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };
  return { open, setOpen, rowRef, toggleRef, onKeyDown };
}

/** Spec 000 §2 header; below 1024px a compact one-row bar of logo and actions, the search behind a button. */
export function Header({ actions, search, showVibeMenu = true }: HeaderProps) {
  const { t } = useTranslation();
  const compactSearch = useCompactSearch();
  const searchId = useId();
  return (
    <header className={styles.header} data-search-open={compactSearch.open}>
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
          {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape from inside the search closes its row. */}
          <div
            id={searchId}
            ref={compactSearch.rowRef}
            className={styles.search}
            onKeyDown={compactSearch.onKeyDown}
          >
            {/* Hidden behind its button on a phone: it follows the first render, in a task of its own. */}
            <AfterFirstPaint>{search ?? <SearchBox />}</AfterFirstPaint>
          </div>
          <div className={styles.actions}>
            {showVibeMenu ? <VibeMenu /> : null}
            {actions}
            <button
              ref={compactSearch.toggleRef}
              type="button"
              className={styles.searchToggle}
              aria-expanded={compactSearch.open}
              aria-controls={searchId}
              aria-label={t('header.searchLabel')}
              onClick={() => compactSearch.setOpen((value) => !value)}
            >
              {compactSearch.open ? <CloseIcon size={18} /> : <SearchIcon size={18} />}
            </button>
          </div>
        </div>
      </div>
    </header>
  );
}
