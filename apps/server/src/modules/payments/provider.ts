import { randomBytes } from 'node:crypto';
import type { PaymentMethod } from '@paws/contracts/payments';
import type { CurrencyCode } from '@paws/contracts/wallet';

export interface PaymentInput {
  /** Our payment id: the provider's idempotency key. */
  paymentId: string;
  userId: string;
  currency: CurrencyCode;
  /** Minor units. */
  amount: number;
  method: PaymentMethod;
}

/**
 * A payment provider (card acquirer, crypto processor, bank). Deposits are captured synchronously; a payout
 * is accepted first and its outcome known later (a real provider reports it by webhook; we ask for it).
 */
export interface PaymentProvider {
  readonly code: string;
  /** Charges the player; resolves with the provider's reference once the money is captured. */
  deposit(input: PaymentInput): Promise<{ reference: string }>;
  /** Asks for a payout; resolves with the provider's reference once it is accepted for processing. */
  requestPayout(input: PaymentInput): Promise<{ reference: string }>;
  /** The payout's outcome, or PENDING while the provider is still processing it. */
  payoutStatus(
    input: PaymentInput & { reference: string | null },
  ): Promise<'PENDING' | 'COMPLETED' | 'DECLINED'>;
}

/** Minor-unit amounts ending in .13 are declined by the sandbox: its test card for a refused payout. */
export const SANDBOX_DECLINED_CENTS = 13;

/**
 * The built-in sandbox: no real money leaves or arrives. Deposits are captured at once; payouts are
 * accepted at once and complete when asked, except amounts ending in .13, which are declined.
 */
export function createSandboxPaymentProvider(): PaymentProvider {
  const reference = () => `sandbox_${randomBytes(12).toString('hex')}`;
  return {
    code: 'sandbox',
    async deposit() {
      return { reference: reference() };
    },
    async requestPayout() {
      return { reference: reference() };
    },
    async payoutStatus({ amount }) {
      return amount % 100 === SANDBOX_DECLINED_CENTS ? 'DECLINED' : 'COMPLETED';
    },
  };
}
