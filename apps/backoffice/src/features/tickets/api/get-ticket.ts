import type { StaffTicketDetail } from '@paws/contracts/staff-tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ticketKeys, ticketsPath } from './keys';

export const getTicket = (id: string) => api.get<StaffTicketDetail>(`${ticketsPath}/${id}`);

export const ticketQueryOptions = (id: string) =>
  queryOptions({ queryKey: ticketKeys.ticket(id), queryFn: () => getTicket(id) });

/** One ticket with its messages (as the player sees them) and the internal notes. */
export const useTicket = (id: string) => useQuery(ticketQueryOptions(id));
