import type { StaffPromoCode } from '@paws/contracts/staff-promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { promoCodesKey, promoCodesPath } from './get-promo-codes';

export const setPromoCodeActive = ({ id, active }: { id: string; active: boolean }) =>
  api.patch<StaffPromoCode>(`${promoCodesPath}/${id}`, { active });

export function useSetPromoCodeActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPromoCodeActive,
    onSuccess: () => client.invalidateQueries({ queryKey: [promoCodesKey] }),
  });
}
