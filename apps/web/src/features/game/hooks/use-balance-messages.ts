import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect } from 'react';
import { userDataQueryOptions } from '@/features/auth/api/user-data';

/** What a game page posts to its host after every balance change (studio API). */
export const BALANCE_MESSAGE_TYPE = 'paws:balance';

const isBalanceMessage = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === BALANCE_MESSAGE_TYPE;

/**
 * The header balance follows each round live: a 'paws:balance' message from the game frame refreshes the
 * player's data (cache group 'user-data'), and the bet and game-session histories if they are on screen.
 * Messages from any other window are ignored.
 */
export function useBalanceMessages(frame: RefObject<HTMLIFrameElement | null>) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isBalanceMessage(event.data)) return;
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source) return;
      void queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['bets'] });
      void queryClient.invalidateQueries({ queryKey: ['game-sessions'] });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, queryClient]);
}
