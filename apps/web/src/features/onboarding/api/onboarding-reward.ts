import type { OnboardingRewardResponse } from '@paws/contracts/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userDataQueryOptions } from '@/lib/session/user-data';

/** POST {bonuses}/onboarding-reward: 100 PAWS once per player, after a username is chosen. */
export const claimOnboardingReward = () => api.bonuses.post<OnboardingRewardResponse>('/onboarding-reward');

/** The claim; the header's balance (user data) and the bonus lists refresh after it. */
export function useClaimOnboardingReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimOnboardingReward,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey }),
        // The cache group 'bonuses' (spec 000 §3): the bonuses page and the bonus history.
        queryClient.invalidateQueries({ queryKey: ['bonuses'] }),
      ]),
  });
}
