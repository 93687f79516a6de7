import type { ReferralResponse } from '@paws/contracts/referrals';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET {identity}/profile/referral: the player's own referral code. */
export const getReferral = () => api.identity.get<ReferralResponse>('/profile/referral');

export const referralQueryOptions = () =>
  queryOptions({
    queryKey: ['referral'] as const,
    queryFn: getReferral,
    staleTime: Number.POSITIVE_INFINITY,
  });
