import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import {
  BetsIcon,
  CloseIcon,
  LiveIcon,
  MenuIcon,
  SlotsIcon,
  StudioIcon,
  TableIcon,
} from '@/components/ui/icons';
import { LanguagePicker } from '@/components/ui/language-picker';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import styles from './bottom-nav.module.css';

/**
 * Spec 000 §2 bottom navigation (below 1024px): Studio, Live, Table, main menu, Slots, Bets, Menu.
 * Only the main menu and the Menu toggle act; the other destinations are not specified, so those
 * slots are shown but marked unavailable. `notifications` fills the panel's list once players exist.
 * Swipe gestures (30px / 300ms) come with the real panel.
 */
export function BottomNav({ notifications }: { notifications?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  const inert = (icon: ReactNode, label: string) => (
    <li>
      <button type="button" className={`${styles.slot} ${styles.inert}`} aria-disabled="true">
        {icon}
        <span className={styles.label}>{label}</span>
      </button>
    </li>
  );

  return (
    <div className={styles.root}>
      <section
        id={panelId}
        ref={panelRef}
        className={styles.panel}
        aria-label={t('bottomNav.menu')}
        hidden={!open}
      >
        <h2 className={styles.heading}>{t('bottomNav.menu')}</h2>
        <div className={styles.menuLinks}>
          <Link
            to={paths.aboutUs.getHref()}
            className={buttonClassName({ variant: 'secondary' })}
            onClick={close}
          >
            {t('bottomNav.aboutUs')}
          </Link>
          <Link
            to={paths.news.getHref()}
            className={buttonClassName({ variant: 'secondary' })}
            onClick={close}
          >
            {t('bottomNav.news')}
          </Link>
        </div>
        <LanguagePicker />
        <h3 className={styles.subheading}>{t('bottomNav.notifications')}</h3>
        {notifications ?? <p className={styles.empty}>{t('bottomNav.notificationsEmpty')}</p>}
      </section>
      <nav aria-label={t('bottomNav.label')} className={styles.bar}>
        <ul className={styles.slots}>
          {inert(<StudioIcon />, t('bottomNav.studio'))}
          {inert(<LiveIcon />, t('bottomNav.live'))}
          {inert(<TableIcon />, t('bottomNav.table'))}
          <li>
            <Link
              to={paths.home.getHref()}
              className={styles.main}
              aria-label={t('bottomNav.mainMenu')}
              onClick={close}
            >
              <LogoMark size={44} />
            </Link>
          </li>
          {inert(<SlotsIcon />, t('bottomNav.slots'))}
          {inert(<BetsIcon />, t('bottomNav.bets'))}
          <li>
            <button
              ref={toggleRef}
              type="button"
              className={`${styles.slot} ${open ? styles.current : ''}`}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? <CloseIcon /> : <MenuIcon />}
              <span className={styles.label}>{open ? t('bottomNav.close') : t('bottomNav.menu')}</span>
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
