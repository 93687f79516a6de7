import type { StaffTicketDetail } from '@paws/contracts/staff-tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ticketQueryOptions } from './get-ticket';
import { ticketsPath } from './keys';

/** An internal note: staff only, never in the player's chat. */
export const addNote = (id: string, text: string) =>
  api.post<StaffTicketDetail>(`${ticketsPath}/${id}/notes`, { text });

export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addNote(id, text),
    onSuccess: (ticket) => client.setQueryData(ticketQueryOptions(id).queryKey, ticket),
  });
}
