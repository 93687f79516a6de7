import { useMutation, useQueryClient } from '@tanstack/react-query';
// The player's balance lives in the user data the auth feature owns; a payment must refresh it.
import { userDataQueryOptions } from '@/features/auth/api/user-data';
import { deposit } from './deposit';
import { balanceTransactionsQueryKey } from './get-balance-transactions';
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
      void queryClient.invalidateQueries({ queryKey: balanceTransactionsQueryKey() });
    },
  });
}
