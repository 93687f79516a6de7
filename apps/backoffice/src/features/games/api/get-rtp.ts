import type { RtpQuery, RtpReport } from '@paws/contracts/staff-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const rtpKey = 'staff-games-rtp';

export const getRtp = (query: RtpQuery) => api.get<RtpReport>('/games/rtp', { ...query });

export const rtpQuery = (query: RtpQuery) =>
  queryOptions({
    queryKey: [rtpKey, query],
    queryFn: () => getRtp(query),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useRtp = (query: RtpQuery) => useQuery(rtpQuery(query));
