import type { NavigateFunction } from 'react-router';
import { GAMES_LIST_ANCHOR, paths } from '@/config/paths';
import type { RuntimeConfig } from '@/config/runtime-config';

export interface OpenableGame {
  gameCode: string;
  name: string;
  providerCodeName: string;
}

/** Milliseconds before scrolling to the games list: 100, or 500 when navigation to home was needed (000 §4). */
export const SCROLL_DELAY_MS = 100;
export const SCROLL_AFTER_NAVIGATION_MS = 500;

export function scrollToGamesList(delay: number = SCROLL_DELAY_MS) {
  setTimeout(() => document.getElementById(GAMES_LIST_ANCHOR)?.scrollIntoView({ behavior: 'smooth' }), delay);
}

/**
 * Spec 000 §4, opening a game, as far as the shell goes: with a game, /game?gameCode&providerCodeName&title
 * on the platform origin; without one, home scrolled to the games list. The signed-in handover from the
 * landing app (/verify with an auth token) and the login modal belong to the identity and games work.
 */
export function openGame(
  game: OpenableGame | undefined,
  { navigate, config, pathname }: { navigate: NavigateFunction; config: RuntimeConfig; pathname: string },
) {
  if (!game) {
    if (pathname === paths.home.path) scrollToGamesList(SCROLL_DELAY_MS);
    else {
      navigate(paths.gamesList.getHref());
      scrollToGamesList(SCROLL_AFTER_NAVIGATION_MS);
    }
    return;
  }
  const href = paths.game.getHref({
    gameCode: game.gameCode,
    providerCodeName: game.providerCodeName,
    title: game.name,
  });
  if (config.isPlatform) navigate(href);
  else window.location.assign(new URL(href, config.platformUrl).toString());
}
