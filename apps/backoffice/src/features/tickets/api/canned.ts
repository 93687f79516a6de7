import type { CannedResponse } from '@paws/contracts/staff-tickets';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ticketKeys, ticketsPath } from './keys';

const cannedPath = `${ticketsPath}/canned`;

export interface CannedBody {
  title: string;
  text: string;
}

export const cannedQueryOptions = () =>
  queryOptions({
    queryKey: ticketKeys.canned,
    queryFn: async () => (await api.get<{ items: CannedResponse[] }>(cannedPath)).items,
    staleTime: 60_000,
  });

/** The canned responses every agent may insert into a reply. */
export const useCanned = () => useQuery(cannedQueryOptions());

type CannedChange =
  | { kind: 'create'; body: CannedBody }
  | { kind: 'update'; id: string; body: CannedBody }
  | { kind: 'delete'; id: string };

function change(action: CannedChange) {
  switch (action.kind) {
    case 'create':
      return api.post<CannedResponse>(cannedPath, action.body);
    case 'update':
      return api.patch<CannedResponse>(`${cannedPath}/${action.id}`, action.body);
    case 'delete':
      return api.delete<unknown>(`${cannedPath}/${action.id}`);
  }
}

/** Create, edit or delete one (tickets.canned); the list refreshes. */
export function useChangeCanned() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => client.invalidateQueries({ queryKey: cannedQueryOptions().queryKey }),
  });
}
