import { useNavigate } from 'react-router';
import { GAMES_LIST_ANCHOR, type GameQuery, paths } from '@/config/paths';
import { getRuntimeConfig } from '@/config/runtime-config';
import { authModalState } from '@/lib/auth-modal-state';
import { redirectTo } from '@/lib/redirect';
import { getAuthToken } from '@/lib/session/auth-token';
import { useAuthStatus } from '@/lib/session/use-session';

/** True when the landing app runs as an installed app (its handover then asks for the PWA notice). */
const isStandalone = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

/** The platform's /verify address for a handover, with the game when there is one. */
export function handoverUrl(platformUrl: string, authToken: string, game?: GameQuery, fromPWA = false) {
  return `${platformUrl.replace(/\/+$/, '')}${paths.verify.getHref({ authToken, ...game, fromPWA })}`;
}

/**
 * Spec 000 §4, going to a game's screen by origin and sign-in. Platform: the game screen (or home at the
 * games list). Landing, signed in: a single-use auth token and over to the platform's /verify. Landing,
 * signed out: the login modal.
 */
export function useGoToGameScreen() {
  const navigate = useNavigate();
  const { isSignedIn } = useAuthStatus();
  return async (game?: GameQuery) => {
    const config = getRuntimeConfig();
    if (config.isPlatform) {
      await navigate(game ? paths.game.getHref(game) : `/#${GAMES_LIST_ANCHOR}`);
      return;
    }
    if (!isSignedIn) {
      await navigate(
        { pathname: window.location.pathname, search: window.location.search },
        { state: authModalState('login'), replace: true, preventScrollReset: true },
      );
      return;
    }
    const { authToken } = await getAuthToken();
    redirectTo(handoverUrl(config.platformUrl, authToken, game, isStandalone()));
  };
}
