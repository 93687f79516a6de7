import type { BalanceHistoryItem, BalanceMovementType } from '@paws/contracts/history';
import type { PaymentMethod, PaymentStatus } from '@paws/contracts/payments';
import { fromMinor } from '@paws/contracts/wallet';
import type { StatementLine } from '../wallet/index.ts';

/** What the history needs of a payment named by a line. */
export interface PaymentOfLine {
  id: string;
  status: PaymentStatus;
  paymentMethod: PaymentMethod;
  reviewReason: string | null;
}

const typeOfKind = {
  DEPOSIT: 'DEPOSIT',
  WITHDRAW: 'WITHDRAW',
  WITHDRAW_RELEASE: 'WITHDRAW_RETURNED',
  // Settling moves held money between system accounts: never a line of the player's.
  WITHDRAW_SETTLE: 'WITHDRAW',
  BONUS: 'BONUS',
  ADJUSTMENT: 'ADJUSTMENT',
  BET: 'BET',
  WIN: 'WIN',
  ROLLBACK: 'ROLLBACK',
} as const satisfies Record<StatementLine['kind'], BalanceMovementType>;

/** The payment a deposit's, a withdrawal's or a returned withdrawal's posting was keyed by. */
export function paymentIdOf(line: StatementLine): string | undefined {
  // A seeded starting balance is keyed by a name, not by a payment.
  const match =
    /^(?:deposit|withdraw|withdraw-final):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(
      line.reference,
    );
  return match?.[1];
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** A game posting's game, by its reference `game:<provider>:<id>` and its metadata's game code. */
function gameOf(line: StatementLine) {
  const provider = /^game:([^:]+):/.exec(line.reference)?.[1];
  const gameCode = text(line.metadata?.gameCode);
  return provider && gameCode ? { provider, gameCode } : undefined;
}

/** A statement line as the spec's balance transaction, signed, with its status and reason. */
export function historyItemOf(
  line: StatementLine,
  payments: Map<string, PaymentOfLine>,
  gameName: (providerCode: string, gameCode: string) => string | null,
): BalanceHistoryItem {
  const paymentId = paymentIdOf(line);
  const payment = paymentId ? payments.get(paymentId) : undefined;
  const type = typeOfKind[line.kind];
  const game = gameOf(line);
  let reason: string | null = null;
  let status: PaymentStatus = 'COMPLETED';
  if (type === 'ADJUSTMENT') reason = text(line.metadata?.note) ?? text(line.metadata?.reason);
  else if (type === 'BONUS') reason = text(line.metadata?.promoCode);
  else if (game) reason = gameName(game.provider, game.gameCode) ?? game.gameCode;
  if (type === 'WITHDRAW' && payment) status = payment.status;
  if (type === 'WITHDRAW' || type === 'WITHDRAW_RETURNED') reason = payment?.reviewReason ?? null;
  return {
    // A deposit or a withdrawal keeps the id its request answered with; every other line is its posting's.
    id: (type === 'DEPOSIT' || type === 'WITHDRAW') && paymentId ? paymentId : line.ledgerTransactionId,
    amount: fromMinor(line.amount, line.currencyCode),
    currencyCode: line.currencyCode,
    paymentMethod: payment?.paymentMethod ?? null,
    type,
    createdAt: line.createdAt.toISOString(),
    status,
    reason,
  };
}
