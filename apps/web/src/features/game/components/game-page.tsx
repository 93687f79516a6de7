import { withFrameLanguage } from '@paws/contracts/game-frame';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  ArrowLeftIcon,
  ChevronDownIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  HeartIcon,
} from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { authModalState } from '@/lib/auth-modal-state';
import { useAuthStatus } from '@/lib/session/use-session';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import { useGameUrl } from '../api/get-game-url';
import { useCurrentGame } from '../api/get-games';
import { useToggleFavorite } from '../api/toggle-favorite';
import { useBalanceMessages } from '../hooks/use-balance-messages';
import { useOpenGameOrGamesList } from '../hooks/use-open-game-or-games-list';
import { useScrollLock } from '../hooks/use-scroll-lock';
import { useTopPanel } from '../hooks/use-top-panel';
import styles from './game-page.module.css';
import { GamePanel } from './game-panel';

const GAP_PX = 12;

/** Fills the viewport from the screen's top edge down; the page does not scroll. */
function useFillViewport(ref: React.RefObject<HTMLElement | null>, isDesktop: boolean) {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      // On mobile the screen reaches the viewport's bottom and pads itself above the bottom panel's handle.
      const next = Math.max(320, Math.floor(window.innerHeight - top - (isDesktop ? GAP_PX * 2 : 0)));
      setHeight((current) => (current === next ? current : next));
    };
    measure();
    window.addEventListener('resize', measure);
    // What sits above the screen can change height after it mounts (the header once the player is known).
    const above = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    above?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      above?.disconnect();
    };
  }, [ref, isDesktop]);
  return height;
}

function useFullscreen(ref: React.RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const sync = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void ref.current?.requestFullscreen?.();
  }, [ref]);
  return { active, toggle, supported: typeof document.documentElement.requestFullscreen === 'function' };
}

/**
 * /game?gameCode=&providerCodeName=&title= (000 §2, §4): the game in a frame with a spinner until the
 * launch url arrives (it stays when none does), page scroll locked; a top bar and side panel on desktop,
 * a pulled-down top panel on mobile. Balance messages from the frame refresh the header balance.
 * `playSession`: what the app shows a signed-in player above the game (responsible gaming's session bar).
 */
export function GamePage({ playSession }: { playSession?: ReactNode } = {}) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const openGame = useOpenGameOrGamesList();
  const gameCode = params.get('gameCode') ?? '';
  const providerCodeName = params.get('providerCodeName') ?? '';
  const title = params.get('title') || t('pages.game.heading');
  const hasGame = Boolean(gameCode && providerCodeName);

  const isDesktop = useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);
  const { isSignedIn, isPending: authPending } = useAuthStatus();
  const screenRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const height = useFillViewport(screenRef, isDesktop);
  const fullscreen = useFullscreen(stageRef);
  const panel = useTopPanel();
  const [frameLoaded, setFrameLoaded] = useState(false);

  useScrollLock();
  const launch = useGameUrl(hasGame ? { gameCode, providerCodeName } : undefined, { signedIn: isSignedIn });
  const url = launch.data?.url;
  // The frame renders in the player's language; a change of language reloads it in the new one.
  const frameSrc = url ? withFrameLanguage(url, i18n.resolvedLanguage, window.location.href) : undefined;
  useBalanceMessages(frameRef, url);
  const { game } = useCurrentGame(gameCode, providerCodeName);
  const favorite = useToggleFavorite();

  // Without a game there is nothing to play: home, scrolled to the games list (000 §4).
  useEffect(() => {
    if (!hasGame) void openGame();
  }, [hasGame, openGame]);

  const askSignIn = useCallback(() => {
    void navigate(
      { pathname: location.pathname, search: location.search },
      { state: authModalState('login'), replace: true, preventScrollReset: true },
    );
  }, [navigate, location.pathname, location.search]);

  // Starting a game signed out opens the login modal (000 §4), once; the spinner stays meanwhile.
  const askedSignIn = useRef(false);
  useEffect(() => {
    if (authPending || isSignedIn || !hasGame || askedSignIn.current) return;
    askedSignIn.current = true;
    askSignIn();
  }, [authPending, isSignedIn, hasGame, askSignIn]);

  // isFavorite is per player: refresh the catalogue once a sign-in happens here.
  useEffect(() => {
    if (isSignedIn) void queryClient.invalidateQueries({ queryKey: ['catalog'] });
  }, [isSignedIn, queryClient]);

  // A new game (from the recommended list) or a new language loads a new frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger
  useEffect(() => setFrameLoaded(false), [frameSrc]);

  const back = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(paths.home.getHref());
  };
  const toggleFavorite = () => {
    if (!isSignedIn) return askSignIn();
    if (game) favorite.mutate({ gameId: game.id, favorite: !game.isFavorite });
  };
  const isFavorite = Boolean(game?.isFavorite);

  const controls = (
    <>
      <button type="button" className={styles.iconButton} onClick={back} aria-label={t('pages.game.back')}>
        <ArrowLeftIcon size={20} />
      </button>
      <h1 className={styles.title}>{title}</h1>
      <button
        type="button"
        className={`${styles.iconButton} ${isFavorite ? styles.favorite : ''}`}
        onClick={toggleFavorite}
        aria-pressed={isFavorite}
        aria-label={t(isFavorite ? 'pages.game.removeFavorite' : 'pages.game.addFavorite')}
        disabled={isSignedIn && !game}
      >
        <HeartIcon size={20} filled={isFavorite} />
      </button>
      {fullscreen.supported ? (
        <button
          type="button"
          className={styles.iconButton}
          onClick={fullscreen.toggle}
          aria-label={t(fullscreen.active ? 'pages.game.exitFullscreen' : 'pages.game.fullscreen')}
        >
          {fullscreen.active ? <ExitFullscreenIcon size={20} /> : <FullscreenIcon size={20} />}
        </button>
      ) : null}
    </>
  );

  const panelProps = {
    current: { gameCode, providerCodeName },
    signedIn: isSignedIn,
    onNeedsSignIn: askSignIn,
    onMembers: () => void navigate(paths.profile.getHref()),
  };

  return (
    <div ref={screenRef} className={styles.screen} style={height ? { height } : undefined}>
      {isDesktop ? <div className={styles.topBar}>{controls}</div> : null}
      {isSignedIn ? playSession : null}
      <div className={styles.body}>
        <div ref={stageRef} className={styles.stage}>
          {frameSrc ? (
            <iframe
              ref={frameRef}
              key={frameSrc}
              src={frameSrc}
              title={title}
              className={styles.frame}
              allow="fullscreen; autoplay; clipboard-write"
              allowFullScreen
              onLoad={() => setFrameLoaded(true)}
            />
          ) : null}
          {!url || !frameLoaded ? (
            <div className={styles.loading}>
              <Spinner label={t('pages.game.loading')} />
            </div>
          ) : null}
          {isDesktop ? null : (
            <div
              className={styles.topPanel}
              data-open={panel.open}
              data-testid="game-top-panel"
              {...panel.touchHandlers}
            >
              <div className={styles.topPanelInner} inert={!panel.open}>
                <div className={styles.topControls}>{controls}</div>
                <GamePanel layout="top" {...panelProps} onAction={() => panel.setOpen(false)} />
              </div>
              <button
                type="button"
                className={styles.pullTab}
                onClick={panel.toggle}
                aria-expanded={panel.open}
              >
                <span className={styles.grabber} aria-hidden="true" />
                {/* The name starts with the visible title (axe: label-content-name-mismatch). */}
                <span className={styles.pullTitle}>{title}</span>{' '}
                <span className="visually-hidden">
                  {t(panel.open ? 'pages.game.closePanel' : 'pages.game.openPanel')}
                </span>
                <ChevronDownIcon size={16} className={panel.open ? styles.chevronUp : undefined} />
              </button>
            </div>
          )}
        </div>
        {isDesktop ? <GamePanel layout="side" {...panelProps} /> : null}
      </div>
    </div>
  );
}
