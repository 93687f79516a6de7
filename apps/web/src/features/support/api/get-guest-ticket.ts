import type { GuestTicketResponse } from '@paws/contracts/tickets';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TICKETS_KEY } from './get-user-tickets';

export const getGuestTicket = (token: string) =>
  api.tickets.get<GuestTicketResponse>(`/tickets/guest/${encodeURIComponent(token)}`);

/** A visitor's ticket behind the e-mailed private link; like the player's detail, it always refetches. */
export const guestTicketQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...TICKETS_KEY, 'guest', token] as const,
    queryFn: () => getGuestTicket(token),
    staleTime: 0,
    refetchOnMount: 'always',
  });
