import type { BonusRuleUpdate, StaffBonusRule } from '@paws/contracts/staff-promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bonusRulesQueryOptions } from './get-bonus-rules';

export const updateBonusRule = ({ id, ...patch }: BonusRuleUpdate & { id: string }) =>
  api.patch<StaffBonusRule>(`/bonuses/rules/${id}`, patch);

export function useUpdateBonusRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateBonusRule,
    onSuccess: () => client.invalidateQueries({ queryKey: bonusRulesQueryOptions().queryKey }),
  });
}
