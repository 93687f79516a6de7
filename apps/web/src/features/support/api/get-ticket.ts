import type { TicketDetail } from '@paws/contracts/tickets';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TICKETS_KEY } from './get-user-tickets';

export const getTicket = (id: string) =>
  api.tickets.get<TicketDetail>(`/tickets/user/${encodeURIComponent(id)}`);

/** Spec 000 §9: the ticket detail query always refetches (on every mount, whatever the cache holds). */
export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...TICKETS_KEY, 'detail', id] as const,
    queryFn: () => getTicket(id),
    staleTime: 0,
    refetchOnMount: 'always',
  });
