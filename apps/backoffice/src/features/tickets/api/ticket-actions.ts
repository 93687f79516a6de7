import type { StaffTicketDetail } from '@paws/contracts/staff-tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { agentsQueryOptions } from './get-agents';
import { ticketQueryOptions } from './get-ticket';
import { ticketKeys, ticketsPath } from './keys';

/**
 * Take (assign to me), assign to someone or nobody, propose that the problem is resolved, or revoke a
 * visitor's private links (every link e-mailed so far stops opening the ticket).
 */
export type TicketAction =
  | { kind: 'take' }
  | { kind: 'assign'; staffId: string | null }
  | { kind: 'resolve-request' }
  | { kind: 'revoke-guest-links' };

export function runTicketAction(id: string, action: TicketAction) {
  switch (action.kind) {
    case 'take':
      return api.post<StaffTicketDetail>(`${ticketsPath}/${id}/take`);
    case 'assign':
      return api.post<StaffTicketDetail>(`${ticketsPath}/${id}/assign`, { staffId: action.staffId });
    case 'resolve-request':
      return api.post<StaffTicketDetail>(`${ticketsPath}/${id}/resolve-request`);
    case 'revoke-guest-links':
      return api.post<StaffTicketDetail>(`${ticketsPath}/${id}/guest-links/revoke`);
  }
}

/** Every action answers the ticket after it: the screen shows that, and the queue and counts refresh. */
export function useTicketAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: TicketAction) => runTicketAction(id, action),
    onSuccess: (ticket) => client.setQueryData(ticketQueryOptions(id).queryKey, ticket),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [ticketKeys.queue] }),
        client.invalidateQueries({ queryKey: agentsQueryOptions().queryKey }),
      ]),
  });
}
