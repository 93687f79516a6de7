import type { StaffTicketDetail } from '@paws/contracts/staff-tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ticketQueryOptions } from './get-ticket';
import { ticketKeys, ticketsPath } from './keys';

export interface ReplyInput {
  message: string;
  file?: File | null;
}

/** A reply the player sees: multipart (message, optional file), answered by the ticket after it. */
export function sendMessage(id: string, { message, file }: ReplyInput) {
  const form = new FormData();
  form.set('message', message);
  if (file) form.set('file', file, file.name);
  return api.post<StaffTicketDetail>(`${ticketsPath}/${id}/messages`, form);
}

export function useSendMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReplyInput) => sendMessage(id, input),
    onSuccess: (ticket) => client.setQueryData(ticketQueryOptions(id).queryKey, ticket),
    onSettled: () => client.invalidateQueries({ queryKey: [ticketKeys.queue] }),
  });
}
