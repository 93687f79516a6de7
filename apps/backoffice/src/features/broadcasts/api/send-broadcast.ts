import type { BroadcastComposeInput, StaffBroadcast } from '@paws/contracts/staff-promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { broadcastsKey, broadcastsPath } from './get-broadcasts';

/** Queues the broadcast (a job writes the notifications); answers it as the history shows it. */
export const sendBroadcast = (body: BroadcastComposeInput) => api.post<StaffBroadcast>(broadcastsPath, body);

export function useSendBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendBroadcast,
    onSuccess: () => client.invalidateQueries({ queryKey: [broadcastsKey] }),
  });
}
