import type { StaffTimelineKind, StaffTimelinePage } from '@paws/contracts/staff-timeline';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { playerKeys } from './keys';

/** The player's timeline, a page at a time going back in time (`before` is the last page's `nextBefore`). */
export function usePlayerTimeline(playerId: string, kinds: readonly StaffTimelineKind[] | null) {
  return useInfiniteQuery({
    queryKey: [...playerKeys.timeline(playerId), kinds?.join(',') ?? 'all'],
    queryFn: ({ pageParam }) =>
      api.get<StaffTimelinePage>(`/players/${playerId}/timeline`, {
        before: pageParam,
        kinds: kinds?.join(','),
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}
