import type { PromoCodeCreate, StaffPromoCode } from '@paws/contracts/staff-promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { promoCodesKey, promoCodesPath } from './get-promo-codes';

export const createPromoCode = (body: PromoCodeCreate) => api.post<StaffPromoCode>(promoCodesPath, body);

export function useCreatePromoCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPromoCode,
    onSuccess: () => client.invalidateQueries({ queryKey: [promoCodesKey] }),
  });
}
