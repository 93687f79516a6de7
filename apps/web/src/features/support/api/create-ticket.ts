import type { CreateTicketFields, CreateTicketResponse } from '@paws/contracts/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TICKETS_KEY } from './get-user-tickets';

export interface NewTicket extends CreateTicketFields {
  file?: File | null;
}

/** JSON without a file; form data (the fields as text plus `file`) with one. */
function body({ file, ...fields }: NewTicket): FormData | CreateTicketFields {
  if (!file) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, String(value));
  }
  form.append('file', file, file.name);
  return form;
}

/** POST /tickets, signed in. */
export const createTicket = (ticket: NewTicket) =>
  api.tickets.post<CreateTicketResponse>('/tickets', body(ticket));

/** POST /tickets/unAuth, a visitor: the answer comes by e-mail, with a private link to the ticket. */
export const createGuestTicket = (ticket: NewTicket) =>
  api.tickets.post<CreateTicketResponse>('/tickets/unAuth', body(ticket));

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}

export const useCreateGuestTicket = () => useMutation({ mutationFn: createGuestTicket });
