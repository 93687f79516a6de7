import type { PaymentResponse } from '@paws/contracts/payments';
import { api } from '@/lib/api-client';
import type { BalanceOperationBody } from './deposit';

/** POST /users/withdraw, the same payload as a deposit. */
export const withdraw = (body: BalanceOperationBody) =>
  api.platform.post<PaymentResponse>('/users/withdraw', body);
