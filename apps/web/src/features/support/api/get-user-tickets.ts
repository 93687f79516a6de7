import { TICKETS_PAGE_SIZE, type TicketCategory, type UserTicketsResponse } from '@paws/contracts/tickets';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The spec's cache group: every tickets query starts with it, so resolve, return and rate refetch them all. */
export const TICKETS_KEY = ['tickets'] as const;

export const getUserTickets = (query: {
  invocationCategory: TicketCategory | '';
  page: number;
  limit: number;
}) => api.tickets.get<UserTicketsResponse>('/tickets/user', { query: { ...query } });

/** /profile/support's latest applications: one category ('' is All), page after page. */
export const userTicketsQueryOptions = (invocationCategory: TicketCategory | '') =>
  infiniteQueryOptions({
    queryKey: [...TICKETS_KEY, 'list', { invocationCategory }] as const,
    queryFn: ({ pageParam }) =>
      getUserTickets({ invocationCategory, page: pageParam, limit: TICKETS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, page) => sum + page.tickets.length, 0) < last.total && last.tickets.length > 0
        ? pages.length + 1
        : undefined,
  });
