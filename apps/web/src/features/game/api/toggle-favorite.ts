import type { FavoriteResponse } from '@paws/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST or DELETE {platformApiUrl}/catalog/favorites/:gameId. */
export const setFavorite = (gameId: string, favorite: boolean) =>
  favorite
    ? api.platform.post<FavoriteResponse>(`/catalog/favorites/${encodeURIComponent(gameId)}`)
    : api.platform.delete<FavoriteResponse>(`/catalog/favorites/${encodeURIComponent(gameId)}`);

/** Every catalogue list carries isFavorite, so the whole 'catalog' group refreshes after a change. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gameId, favorite }: { gameId: string; favorite: boolean }) =>
      setFavorite(gameId, favorite),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  });
}
