import type { Game } from '@paws/contracts/catalog';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { GAMES_LIST_ANCHOR, type GameQuery, paths } from '@/config/paths';
import { useGoToGameScreen } from './use-go-to-game-screen';

/** Spec 000 §4: home scrolls to the games list after 100 ms, or 500 ms when navigation to home was needed. */
export const SCROLL_DELAY_MS = 100;
export const SCROLL_AFTER_NAVIGATION_MS = 500;

/** A catalogue game (a tile, the recommended list) or the game fields of a link. */
export type OpenableGame = Pick<Game, 'gameCode' | 'providerCodeName' | 'name'> | GameQuery;

const toQuery = (game: OpenableGame): GameQuery =>
  'title' in game
    ? game
    : { gameCode: game.gameCode, providerCodeName: game.providerCodeName, title: game.name };

function scrollToGamesList(delay: number) {
  window.setTimeout(
    () => document.getElementById(GAMES_LIST_ANCHOR)?.scrollIntoView({ behavior: 'smooth' }),
    delay,
  );
}

/**
 * Spec 000 §4, opening a game, on either origin. With a game, useGoToGameScreen decides by origin and
 * sign-in (platform: /game?…; landing signed in: handover to the platform's /verify with an
 * auth token; landing signed out: the login modal). Without a game: home, scrolled to #games-list.
 * Pass a catalogue Game: its gameCode (not its id) is what the launch needs.
 */
export function useOpenGameOrGamesList() {
  const goToGameScreen = useGoToGameScreen();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    async (game?: OpenableGame) => {
      if (game) {
        await goToGameScreen(toQuery(game));
        return;
      }
      if (pathname === paths.home.path) {
        scrollToGamesList(SCROLL_DELAY_MS);
        return;
      }
      await navigate(paths.gamesList.getHref());
      scrollToGamesList(SCROLL_AFTER_NAVIGATION_MS);
    },
    [goToGameScreen, navigate, pathname],
  );
}
