import type { PaymentRequest, PaymentResponse } from '@paws/contracts/payments';
import { api } from '@/lib/api-client';

/** The payload always names CARD, whichever method the player picked (spec 001 §2/§7). */
export type BalanceOperationBody = PaymentRequest & { paymentMethod: 'CARD' };

/** POST /users/deposit */
export const deposit = (body: BalanceOperationBody) =>
  api.platform.post<PaymentResponse>('/users/deposit', body);
