import type { staffTicketAgentsSchema } from '@paws/contracts/staff-tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { ticketKeys, ticketsPath } from './keys';

export type TicketAgent = z.infer<typeof staffTicketAgentsSchema>['agents'][number];

export const getAgents = async () =>
  (await api.get<z.infer<typeof staffTicketAgentsSchema>>(`${ticketsPath}/agents`)).agents;

export const agentsQueryOptions = () =>
  queryOptions({ queryKey: ticketKeys.agents, queryFn: getAgents, staleTime: 15_000 });

/** Staff who answer tickets and how many open tickets each holds. */
export const useAgents = () => useQuery(agentsQueryOptions());
