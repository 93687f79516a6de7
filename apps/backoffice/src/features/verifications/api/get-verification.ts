import type { StaffVerification } from '@paws/contracts/staff-money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '../../../lib/api';
import { verifications } from './verifications';

export const getVerification = (id: string) => api.get<StaffVerification>(`${verifications.path}/${id}`);

export const verificationQuery = (id: string) =>
  queryOptions({ queryKey: [verifications.key, 'one', id], queryFn: () => getVerification(id) });

export const useVerification = (id: string) => useQuery(verificationQuery(id));

/** The staff-only document route (the server sends the staff cookie's member only). */
export const documentHref = (id: string) => apiUrl(`${verifications.path}/${id}/document`);
