import type { RateTicketBody, TicketDetail } from '@paws/contracts/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TICKETS_KEY } from './get-user-tickets';

const ticketPath = (id: string, action: 'resolve' | 'return' | 'rate') =>
  `/tickets/${encodeURIComponent(id)}/${action}`;

/** Accept on the resolve prompt, and 'Problem solved': closes the ticket. */
export const resolveTicket = (id: string) => api.tickets.patch<TicketDetail>(ticketPath(id, 'resolve'));
/** 'Return it for revision'. */
export const returnTicket = (id: string) => api.tickets.patch<TicketDetail>(ticketPath(id, 'return'));
export const rateTicket = (id: string, body: RateTicketBody) =>
  api.tickets.patch<TicketDetail>(ticketPath(id, 'rate'), body);

/** Spec 001 §4: resolve, return and rate refetch the tickets (list and detail alike). */
function useTicketMutation<V>(mutationFn: (variables: V) => Promise<TicketDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}

export const useResolveTicket = () => useTicketMutation(resolveTicket);
export const useReturnTicket = () => useTicketMutation(returnTicket);
export const useRateTicket = () =>
  useTicketMutation(({ id, ...body }: RateTicketBody & { id: string }) => rateTicket(id, body));
