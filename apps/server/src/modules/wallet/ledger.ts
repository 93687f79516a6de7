import type { CurrencyCode } from '@paws/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { balanceOf, createAccounts, type SystemAccountCode } from './accounts.ts';
import { WalletError } from './errors.ts';
import { type LedgerKind, retryingDuplicates, writePosting } from './ledger-writer.ts';
import { ledgerEntries, ledgerTransactions, walletAccounts } from './schema.ts';

export { balanceOf, type SystemAccountCode, systemAccountCodes } from './accounts.ts';
export type { LedgerKind, WalletMovement } from './ledger-writer.ts';

/** Amounts in the service are integer minor units; clients convert from and to decimals at the edge. */
export interface MovementResult {
  /** Ledger transaction id. */
  transactionId: string;
  /** The player's balance right after this movement (minor units). */
  balance: number;
  /** True when the key had been seen: nothing moved and the first result is returned. */
  replayed: boolean;
}

export interface PlayerMovementInput {
  userId: string;
  currency: CurrencyCode;
  /** Minor units, > 0. */
  amount: number;
  /** Caller-chosen unique key: a retry with the same key moves nothing and returns the first result. */
  key: string;
  metadata?: Record<string, unknown>;
}

interface Movement {
  kind: LedgerKind;
  reference: string;
  userId: string;
  currency: CurrencyCode;
  /** Signed change of the player's balance, minor units. */
  delta: number;
  counterparty: SystemAccountCode;
  metadata?: Record<string, unknown>;
  /** Told to the player with the movement. */
  reason?: string;
}

export function checkAmount(amount: number, positive = true) {
  if (!Number.isSafeInteger(amount) || amount < 0 || (positive && amount === 0)) {
    throw new WalletError('INVALID_AMOUNT', { field: 'amount' });
  }
}

/** The first posting of `movement`'s reference, if it was posted; a different movement under it is refused. */
async function priorMovement(q: DbOrTx, movement: Movement): Promise<MovementResult | undefined> {
  const [prior] = await q
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      userId: walletAccounts.userId,
      currency: walletAccounts.currencyCode,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(
      walletAccounts,
      and(eq(walletAccounts.id, ledgerEntries.accountId), eq(walletAccounts.kind, 'player')),
    )
    .where(eq(ledgerTransactions.reference, movement.reference));
  if (!prior) return undefined;
  if (
    prior.kind !== movement.kind ||
    prior.userId !== movement.userId ||
    prior.currency !== movement.currency ||
    prior.amount !== movement.delta
  ) {
    throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
  }
  return { transactionId: prior.id, balance: prior.balanceAfter ?? 0, replayed: true };
}

/** The player and amount a withdrawal hold took off (the amount positive). */
async function heldWithdrawal(q: DbOrTx, holdKey: string) {
  const [hold] = await q
    .select({
      userId: walletAccounts.userId,
      currency: walletAccounts.currencyCode,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(
      walletAccounts,
      and(eq(walletAccounts.id, ledgerEntries.accountId), eq(walletAccounts.kind, 'player')),
    )
    .where(
      and(eq(ledgerTransactions.reference, `withdraw:${holdKey}`), eq(ledgerTransactions.kind, 'WITHDRAW')),
    );
  if (!hold?.userId) throw new WalletError('HOLD_NOT_FOUND');
  return { userId: hold.userId, currency: hold.currency, amount: -hold.amount };
}

/**
 * The double-entry postings between players and the system accounts, and the primitives other modules
 * (payments, bonuses, back office) credit and debit with. Each takes an optional transaction of the caller's.
 */
export function createLedger({ db, now }: { db: Db; now: () => Date }) {
  const { ready, systemAccount, ensureAccounts } = createAccounts(db);

  /**
   * A posting is one statement, so it needs no transaction of its own. In the caller's it runs in a savepoint:
   * a concurrent duplicate's unique violation then undoes the posting alone, and the retry replays it.
   */
  async function posting<T>(outer: DbOrTx | undefined, post: (q: DbOrTx) => Promise<T>): Promise<T> {
    await ready();
    return retryingDuplicates(() => (outer ? outer.transaction(post) : post(db)));
  }

  /** Moves `delta` between a player and a system account as one ledger transaction, once per reference. */
  async function movePlayer(q: DbOrTx, movement: Movement, accountsEnsured = false): Promise<MovementResult> {
    const ledgerTransactionId = uuidv7();
    const outcome = await writePosting(q, {
      ledgerTransactionId,
      kind: movement.kind,
      reference: movement.reference,
      metadata: movement.metadata,
      at: now(),
      amount: movement.delta,
      counterpartyAccountId: systemAccount(movement.counterparty, movement.currency),
      userId: movement.userId,
      currency: movement.currency,
      reason: movement.reason,
    });
    if (outcome.moved)
      return { transactionId: ledgerTransactionId, balance: outcome.balance ?? 0, replayed: false };
    // Looked up afresh: a duplicate that committed while this statement waited for the player's row made
    // the guard fail here without reaching the unique index.
    const prior = await priorMovement(q, movement);
    if (prior) return prior;
    const balance = outcome.diagnosis.current_balance;
    if (balance === null && !accountsEnsured) {
      await ensureAccounts(movement.userId, q);
      return movePlayer(q, movement, true);
    }
    throw new WalletError('INSUFFICIENT_FUNDS', {
      balance: Number(balance ?? 0),
      currency: movement.currency,
    });
  }

  const move = (movement: Movement, outer?: DbOrTx) => posting(outer, (q) => movePlayer(q, movement));

  async function deposit(input: PlayerMovementInput, tx?: DbOrTx) {
    checkAmount(input.amount);
    return move(
      {
        ...input,
        kind: 'DEPOSIT',
        reference: `deposit:${input.key}`,
        delta: input.amount,
        counterparty: 'payments',
      },
      tx,
    );
  }

  /** Takes the amount off the balance at once; later settled (paid out) or released (returned). */
  async function withdrawHold(input: PlayerMovementInput, tx?: DbOrTx) {
    checkAmount(input.amount);
    return move(
      {
        ...input,
        kind: 'WITHDRAW',
        reference: `withdraw:${input.key}`,
        delta: -input.amount,
        counterparty: 'withdrawals',
      },
      tx,
    );
  }

  /** Settled: the held money leaves for the payment provider. Released: it goes back to the player. */
  async function finishHold(q: DbOrTx, holdKey: string, kind: 'WITHDRAW_SETTLE' | 'WITHDRAW_RELEASE') {
    const { userId, currency, amount } = await heldWithdrawal(q, holdKey);
    const ledgerTransactionId = uuidv7();
    const header = {
      ledgerTransactionId,
      kind,
      // Settle and release share one reference, so a hold can be finished only once, one way.
      reference: `withdraw-final:${holdKey}`,
      metadata: { holdKey },
      at: now(),
      amount,
      counterpartyAccountId: systemAccount('withdrawals', currency),
    };
    const outcome = await writePosting(
      q,
      kind === 'WITHDRAW_SETTLE'
        ? { ...header, accountId: systemAccount('payments', currency) }
        : { ...header, userId, currency },
    );
    if (outcome.moved) {
      const balance = outcome.balance ?? (await balanceOf(q, userId, currency));
      return { transactionId: ledgerTransactionId, balance, replayed: false };
    }
    const [prior] = await q
      .select({ id: ledgerTransactions.id, kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, header.reference));
    if (!prior) throw new Error('Player account missing for a held withdrawal');
    if (prior.kind !== kind) throw new WalletError('HOLD_ALREADY_FINALISED');
    return { transactionId: prior.id, balance: await balanceOf(q, userId, currency), replayed: true };
  }

  async function bonusCredit(input: PlayerMovementInput, tx?: DbOrTx) {
    checkAmount(input.amount);
    return move(
      {
        ...input,
        kind: 'BONUS',
        reference: `bonus:${input.key}`,
        delta: input.amount,
        counterparty: 'bonus_pool',
      },
      tx,
    );
  }

  /**
   * A manual correction; `amount` is signed (negative takes money away, never below zero). `reason` is the
   * reason code kept in the metadata; `note`, what staff wrote, is told to the player.
   */
  async function adjust(input: PlayerMovementInput & { reason: string; note?: string }, tx?: DbOrTx) {
    if (!Number.isSafeInteger(input.amount) || input.amount === 0) {
      throw new WalletError('INVALID_AMOUNT', { field: 'amount' });
    }
    return move(
      {
        ...input,
        kind: 'ADJUSTMENT',
        reference: `adjustment:${input.key}`,
        delta: input.amount,
        counterparty: 'adjustments',
        metadata: { ...input.metadata, reason: input.reason },
        reason: input.note ?? input.reason,
      },
      tx,
    );
  }

  return {
    ready,
    systemAccount,
    ensureAccounts,
    deposit,
    withdrawHold,
    withdrawSettle: (input: { holdKey: string }, tx?: DbOrTx): Promise<MovementResult> =>
      posting(tx, (q) => finishHold(q, input.holdKey, 'WITHDRAW_SETTLE')),
    withdrawRelease: (input: { holdKey: string }, tx?: DbOrTx): Promise<MovementResult> =>
      posting(tx, (q) => finishHold(q, input.holdKey, 'WITHDRAW_RELEASE')),
    bonusCredit,
    adjust,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
