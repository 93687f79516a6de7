import {
  type PaymentMethod,
  type PaymentResponse,
  type PaymentType,
  paymentMessages,
} from '@paws/contracts/payments';
import { fromMinor } from '@paws/contracts/wallet';
import { conflict } from '../../lib/errors.ts';
import type { WalletService } from '../wallet/index.ts';
import { CURRENCY, toBalanceTransaction } from './balance-transactions.ts';
import type { PaymentsRepository } from './repository.ts';

export type PaymentRequest = { type: PaymentType; amount: number; method: PaymentMethod };

/** The first result for a repeated Idempotency-Key; refused when the key came with another request. */
export function createReplay({ repo, wallet }: { repo: PaymentsRepository; wallet: WalletService }) {
  return async function replay(
    userId: string,
    key: string,
    request: PaymentRequest,
  ): Promise<PaymentResponse | null> {
    const row = await repo.byIdempotencyKey(userId, key);
    if (!row) return null;
    if (row.type !== request.type || row.amount !== request.amount || row.paymentMethod !== request.method) {
      throw conflict(paymentMessages.idempotencyMismatch);
    }
    return {
      transaction: toBalanceTransaction(row),
      balance: fromMinor(await wallet.balanceOf(userId, CURRENCY), CURRENCY),
    };
  };
}

export type Replay = ReturnType<typeof createReplay>;
