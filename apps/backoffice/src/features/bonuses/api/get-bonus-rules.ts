import type { StaffBonusRule } from '@paws/contracts/staff-promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getBonusRules = () => api.get<{ items: StaffBonusRule[] }>('/bonuses/rules');

export const bonusRulesQueryOptions = () =>
  queryOptions({ queryKey: ['bonus-rules'], queryFn: getBonusRules, select: (data) => data.items });

export const useBonusRules = () => useQuery(bonusRulesQueryOptions());
