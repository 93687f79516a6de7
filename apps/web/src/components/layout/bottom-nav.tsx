import { STUDIO_PROVIDER_CODE } from '@paws/contracts/studio-constants';
import { type ReactNode, type TouchEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch, useNavigate } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { FlagIcon } from '@/components/ui/flag-icon';
import {
  BetsIcon,
  ChevronDownIcon,
  CloseIcon,
  LiveIcon,
  MenuIcon,
  SlotsIcon,
  StudioIcon,
  TableIcon,
} from '@/components/ui/icons';
import { LanguagePicker } from '@/components/ui/language-picker';
import { LogoMark } from '@/components/ui/logo';
import { type GamesFilter, paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/format';
import { changeLanguage, isLanguage, languages } from '@/lib/i18n/i18n';
import { detectSwipe, LANGUAGE_DRAG_PX, PANEL_SWIPE_MIN_PX } from '@/lib/swipe';
import styles from './bottom-nav.module.css';
import { LazyNotificationMessage } from './lazy-notification-message';
import type { NotificationItem } from './notification-bell';

export interface BottomNavProps {
  /** The player's notifications; absent for visitors (the empty text shows). */
  notifications?: NotificationItem[];
  /** Called when the panel opens, so the caller refetches the notifications. */
  onOpen?: () => void;
  /** Replaces the language picker and notification list, e.g. in tests or special screens. */
  children?: ReactNode;
}

const slots: { key: 'studio' | 'live' | 'table' | 'slots' | 'bets'; icon: ReactNode; filter: GamesFilter }[] =
  [
    { key: 'studio', icon: <StudioIcon />, filter: { provider: STUDIO_PROVIDER_CODE } },
    { key: 'live', icon: <LiveIcon />, filter: { kind: 'LIVE' } },
    { key: 'table', icon: <TableIcon />, filter: { kind: 'TABLE' } },
    { key: 'slots', icon: <SlotsIcon />, filter: { kind: 'SLOTS' } },
    { key: 'bets', icon: <BetsIcon />, filter: { kind: 'BETS' } },
  ];

/** The language picker of the panel: a vertical drag over 40px steps to the next (up) or previous (down) language. */
function DraggableLanguages() {
  const { t, i18n } = useTranslation();
  const start = useRef<number | null>(null);
  const step = (delta: number) => {
    const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
    const index = languages.indexOf(current);
    const next = languages[(index + delta + languages.length) % languages.length] ?? 'en';
    void changeLanguage(next);
  };
  return (
    <div
      className={styles.languages}
      data-testid="language-drag"
      onTouchStart={(event) => {
        event.stopPropagation();
        start.current = event.touches[0]?.clientY ?? null;
      }}
      onTouchMove={(event) => {
        event.stopPropagation();
        const y = event.touches[0]?.clientY;
        if (start.current === null || y === undefined) return;
        const dy = y - start.current;
        if (Math.abs(dy) > LANGUAGE_DRAG_PX) {
          step(dy < 0 ? 1 : -1);
          start.current = y;
        }
      }}
      onTouchEnd={(event) => {
        event.stopPropagation();
        start.current = null;
      }}
    >
      <p className={styles.dragHint}>
        <FlagIcon language={i18n.resolvedLanguage ?? 'en'} />
        {t('bottomNav.languageHint')}
      </p>
      <LanguagePicker />
    </div>
  );
}

/**
 * Spec 000 §2 bottom navigation (below 1024px): Studio, Live, Table, main menu, Slots, Bets, Menu.
 * Studio, Live, Table, Slots and Bets lead to the filtered games list (our decision). The panel opens
 * on a swipe up and closes on a swipe down (30px within 300ms), a click outside or Escape.
 *
 * On the game screen the bar is collapsed to a small handle under the game, so that it never covers the
 * game's controls (the screen sizes the frame to the space above the handle): the handle, or a swipe up
 * on it, brings the bar back over the game; a swipe down, the handle again, or playing (focus moving into
 * the game frame) folds it away.
 */
export function BottomNav({ notifications, onOpen, children }: BottomNavProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpenState] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const touch = useRef<{ y: number; time: number } | null>(null);
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const barId = useId();
  const onGameScreen = useMatch(paths.game.path) !== null;
  const [barShown, setBarShown] = useState(false);
  const collapsed = onGameScreen && !barShown;

  // Every visit to the game screen starts collapsed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the screen change is the trigger
  useEffect(() => {
    setBarShown(false);
    setOpenState(false);
  }, [onGameScreen]);

  // Playing again (a tap in the game frame takes the focus from this window) folds the bar away.
  useEffect(() => {
    if (!onGameScreen || !barShown) return;
    const onBlur = () => {
      setBarShown(false);
      setOpenState(false);
    };
    window.addEventListener('blur', onBlur);
    return () => window.removeEventListener('blur', onBlur);
  }, [onGameScreen, barShown]);

  const setOpen = (next: boolean) => {
    setOpenState((previous) => {
      if (next && !previous) onOpenRef.current?.();
      return next;
    });
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setOpenState(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenState(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onTouchStart = (event: TouchEvent) => {
    const point = event.touches[0];
    if (point) touch.current = { y: point.clientY, time: Date.now() };
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const point = event.changedTouches[0];
    touch.current = null;
    if (!start || !point) return;
    const direction = detectSwipe(start.y, start.time, point.clientY, Date.now(), PANEL_SWIPE_MIN_PX);
    if (collapsed) {
      if (direction === 'up') setBarShown(true);
      return;
    }
    if (direction === 'up') setOpen(true);
    if (direction === 'down') {
      if (onGameScreen && !open) setBarShown(false);
      setOpen(false);
    }
  };

  const close = () => setOpenState(false);

  return (
    <div
      ref={rootRef}
      className={`${styles.root} ${open ? styles.expanded : ''} ${onGameScreen ? styles.onGame : ''}`}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      data-testid="bottom-nav"
      data-collapsed={collapsed}
    >
      <section id={panelId} className={styles.panel} aria-label={t('bottomNav.menu')} hidden={!open}>
        <span className={styles.grip} aria-hidden="true" />
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
        {children ?? (
          <>
            <DraggableLanguages />
            <h3 className={styles.subheading}>{t('bottomNav.notifications')}</h3>
            {notifications && notifications.length > 0 ? (
              <ul className={styles.notifications}>
                {notifications.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      className={`${styles.notification} ${item.isRead ? '' : styles.unread}`}
                      onClick={() => {
                        close();
                        navigate(paths.profileNotification.getHref(item.id));
                      }}
                    >
                      <span>
                        <LazyNotificationMessage notification={item} language={i18n.language} />
                      </span>
                      <time dateTime={item.createdAt}>
                        {formatRelativeTime(item.createdAt, { locale: i18n.language })}
                      </time>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>{t('bottomNav.notificationsEmpty')}</p>
            )}
          </>
        )}
      </section>
      {onGameScreen ? (
        <button
          type="button"
          className={styles.handle}
          aria-expanded={!collapsed}
          aria-controls={barId}
          onClick={() => {
            setBarShown(collapsed);
            if (!collapsed) close();
          }}
        >
          <span className={styles.handleGrip} aria-hidden="true" />
          <span className="visually-hidden">{t(collapsed ? 'bottomNav.showBar' : 'bottomNav.hideBar')}</span>
          <ChevronDownIcon size={14} className={collapsed ? styles.handleUp : undefined} />
        </button>
      ) : null}
      <nav id={barId} aria-label={t('bottomNav.label')} className={styles.bar} hidden={collapsed}>
        <ul className={styles.slots}>
          {slots.slice(0, 3).map((slot) => (
            <li key={slot.key}>
              <Link to={paths.gamesList.getHref(slot.filter)} className={styles.slot} onClick={close}>
                {slot.icon}
                <span className={styles.label}>{t(`bottomNav.${slot.key}`)}</span>
              </Link>
            </li>
          ))}
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
          {slots.slice(3).map((slot) => (
            <li key={slot.key}>
              <Link to={paths.gamesList.getHref(slot.filter)} className={styles.slot} onClick={close}>
                {slot.icon}
                <span className={styles.label}>{t(`bottomNav.${slot.key}`)}</span>
              </Link>
            </li>
          ))}
          <li>
            <button
              ref={toggleRef}
              type="button"
              className={`${styles.slot} ${open ? styles.current : ''}`}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen(!open)}
              data-onboarding="burger-menu"
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
