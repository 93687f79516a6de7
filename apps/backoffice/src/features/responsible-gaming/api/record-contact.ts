import type { RecordContact, RgContact } from '@paws/contracts/staff-responsible-gaming';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { responsibleGamingKeys } from './keys';

export const recordContact = (playerId: string, body: RecordContact) =>
  api.post<RgContact>(`/responsible-gaming/players/${playerId}/contacts`, body);

export function useRecordContact(playerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordContact) => recordContact(playerId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: [responsibleGamingKeys.flagged] }),
  });
}
