import type { GameUrlResponse } from '@paws/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface GameLaunch {
  gameCode: string;
  providerCodeName: string;
}

/** POST {platformApiUrl}/catalog/game/url: a new game session and the frame address (000 §7). */
export const getGameUrl = (launch: GameLaunch, signal?: AbortSignal) =>
  api.platform.post<GameUrlResponse>('/catalog/game/url', launch, { signal });

/**
 * Never cached (000 §7): every mount asks again and nothing is kept once the screen is gone, because a
 * launch address is single use. Keyed outside the 'game-sessions' group so that refreshing the session
 * history never reloads a running game.
 */
export const gameUrlQueryOptions = (launch: GameLaunch, viewer: 'player' | 'visitor') =>
  queryOptions({
    queryKey: ['game-url', { ...launch, viewer }] as const,
    queryFn: ({ signal }) => getGameUrl(launch, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });

export function useGameUrl(launch: GameLaunch | undefined, { signedIn }: { signedIn: boolean }) {
  return useQuery({
    ...gameUrlQueryOptions(launch ?? { gameCode: '', providerCodeName: '' }, signedIn ? 'player' : 'visitor'),
    enabled: Boolean(launch && signedIn),
  });
}
