import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheGroupKey } from '@/lib/query-client';
import { userDataQueryOptions } from '@/lib/session/user-data';
import { deposit } from './deposit';
import { withdraw } from './withdraw';

export type BalanceOperation = 'deposit' | 'withdraw';

const operations = { deposit, withdraw } as const;

/** Deposit or withdraw; on success the user data and the transactions list refresh (spec 001 §7). */
export function useBalanceOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ operation, amount }: { operation: BalanceOperation; amount: number }) =>
      operations[operation]({ amount, paymentMethod: 'CARD' }),
    // Not awaited: the modal confirms at once and the refetches land behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey });
      // The history's list of deposits and withdrawals (the profile feature shows it).
      void queryClient.invalidateQueries({ queryKey: cacheGroupKey('deposit-transactions') });
    },
  });
}
