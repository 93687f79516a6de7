import { GAME_FRAME_BALANCE, isGameFrameMessage } from '@paws/contracts/game-frame';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect } from 'react';
import { userDataQueryOptions } from '@/lib/session/user-data';

/** What a game page posts to its host after every balance change (packages/contracts game-frame). */
export const BALANCE_MESSAGE_TYPE = GAME_FRAME_BALANCE;

/** The origin of the frame's address; null when it has none a message could come from (about:blank). */
export function frameOriginOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url, window.location.href);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The header balance follows each round live: a 'paws:balance' message from the game frame refreshes the
 * player's data (cache group 'user-data'), and the bet and game-session histories if they are on screen.
 * A message counts only when it comes from the frame's window, from the origin of the frame's address,
 * and has the contract's shape; anything else is ignored.
 */
export function useBalanceMessages(frame: RefObject<HTMLIFrameElement | null>, frameUrl: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const origin = frameOriginOf(frameUrl);
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source) return;
      if (!isGameFrameMessage(event.data) || event.data.type !== GAME_FRAME_BALANCE) return;
      void queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['bets'] });
      void queryClient.invalidateQueries({ queryKey: ['game-sessions'] });
      // The play session's figures (responsible gaming's bar on this page).
      void queryClient.invalidateQueries({ queryKey: ['responsible-gaming'] });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, frameUrl, queryClient]);
}
