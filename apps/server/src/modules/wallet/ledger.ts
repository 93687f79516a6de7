import { type CurrencyCode, currencies, currencyCodes } from '@paws/contracts/wallet';
import { and, eq, gte, sql } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { WalletError } from './errors.ts';
import { ledgerEntries, ledgerTransactions, walletAccounts, walletCurrencies } from './schema.ts';

export const systemAccountCodes = ['house', 'payments', 'withdrawals', 'bonus_pool', 'adjustments'] as const;
/**
 * house: the other side of every bet, win and rollback; payments: money entering and leaving through
 * payment providers; withdrawals: withdrawals held but not yet settled; bonus_pool: bonus credits;
 * adjustments: manual corrections.
 */
export type SystemAccountCode = (typeof systemAccountCodes)[number];

export type LedgerKind = (typeof ledgerTransactions.kind.enumValues)[number];

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

export interface WalletMovement {
  kind: LedgerKind;
  userId: string;
  currency: CurrencyCode;
  /** Signed change of the player's balance, minor units. */
  amount: number;
  balance: number;
  ledgerTransactionId: string;
  at: Date;
  game?: { providerCode: string; gameCode: string | null; roundId: string };
}

interface Posting {
  kind: LedgerKind;
  reference: string;
  userId: string;
  currency: CurrencyCode;
  /** Signed change of the player's balance, minor units. */
  delta: number;
  counterparty: SystemAccountCode;
  metadata?: Record<string, unknown>;
}

export function checkAmount(amount: number, positive = true) {
  if (!Number.isSafeInteger(amount) || amount < 0 || (positive && amount === 0)) {
    throw new WalletError('INVALID_AMOUNT', { field: 'amount' });
  }
}

/** The movement's event, in the transaction that made it: delivered only if it commits. */
export function recordMovement(tx: DbOrTx, movement: WalletMovement) {
  return recordEvent(tx, 'wallet.moved', { ...movement, at: movement.at.toISOString() });
}

export async function balanceOf(q: DbOrTx, userId: string, currency: CurrencyCode) {
  const [row] = await q
    .select({ balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.userId, userId), eq(walletAccounts.currencyCode, currency)));
  return row?.balance ?? 0;
}

/** The guarded update: never takes a player below zero (the CHECK constraint backs it up). */
export async function applyDelta(q: DbOrTx, userId: string, currency: CurrencyCode, delta: number, at: Date) {
  const [row] = await q
    .update(walletAccounts)
    .set({ balance: sql`${walletAccounts.balance} + ${delta}`, updatedAt: at })
    .where(
      and(
        eq(walletAccounts.userId, userId),
        eq(walletAccounts.currencyCode, currency),
        gte(sql`${walletAccounts.balance} + ${delta}`, 0),
      ),
    )
    .returning({ accountId: walletAccounts.id, balance: walletAccounts.balance });
  if (!row) return null;
  return { accountId: row.accountId, balance: row.balance ?? 0 };
}

async function replayPlayerPosting(q: DbOrTx, input: Posting): Promise<MovementResult> {
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
    .where(eq(ledgerTransactions.reference, input.reference));
  if (
    !prior ||
    prior.kind !== input.kind ||
    prior.userId !== input.userId ||
    prior.currency !== input.currency ||
    prior.amount !== input.delta
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
  const systemAccounts = new Map<string, string>();
  let initialised: Promise<void> | undefined;

  async function init() {
    await db
      .insert(walletCurrencies)
      .values(
        currencyCodes.map((code) => {
          const c = currencies[code];
          return { code, name: c.name, minorUnit: c.minorUnit, symbol: c.symbol, isReal: c.real };
        }),
      )
      .onConflictDoNothing();
    await db
      .insert(walletAccounts)
      .values(
        systemAccountCodes.flatMap((systemCode) =>
          currencyCodes.map((currencyCode) => ({ kind: 'system' as const, systemCode, currencyCode })),
        ),
      )
      .onConflictDoNothing();
    const rows = await db
      .select({
        id: walletAccounts.id,
        systemCode: walletAccounts.systemCode,
        currencyCode: walletAccounts.currencyCode,
      })
      .from(walletAccounts)
      .where(eq(walletAccounts.kind, 'system'));
    for (const row of rows) systemAccounts.set(`${row.systemCode}:${row.currencyCode}`, row.id);
  }

  /** Reference rows (currencies, system accounts) are written once per process, idempotently. */
  function ready() {
    initialised ??= init().catch((err) => {
      initialised = undefined;
      throw err;
    });
    return initialised;
  }

  function systemAccount(code: SystemAccountCode, currency: CurrencyCode) {
    const id = systemAccounts.get(`${code}:${currency}`);
    if (!id) throw new Error(`System account ${code}:${currency} missing`);
    return id;
  }

  async function ensureAccounts(userId: string, q: DbOrTx = db) {
    await ready();
    await q
      .insert(walletAccounts)
      .values(
        currencyCodes.map((currencyCode) => ({ kind: 'player' as const, userId, currencyCode, balance: 0 })),
      )
      .onConflictDoNothing();
  }

  /**
   * Moves `delta` (signed, minor units) between a player and a system account as one ledger transaction,
   * once per reference. Runs in its own transaction, or in a savepoint of the caller's.
   */
  async function postPlayer(input: Posting, outer?: DbOrTx): Promise<MovementResult> {
    await ready();
    const at = now();
    const ledgerId = uuidv7();
    const result = await (outer ?? db).transaction(async (tx) => {
      const inserted = await tx
        .insert(ledgerTransactions)
        .values({
          id: ledgerId,
          kind: input.kind,
          reference: input.reference,
          metadata: input.metadata ?? null,
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: ledgerTransactions.id });
      if (inserted.length === 0) return replayPlayerPosting(tx, input);

      let balance = await applyDelta(tx, input.userId, input.currency, input.delta, at);
      if (balance === null) {
        await ensureAccounts(input.userId, tx);
        balance = await applyDelta(tx, input.userId, input.currency, input.delta, at);
      }
      if (balance === null) {
        throw new WalletError('INSUFFICIENT_FUNDS', {
          balance: await balanceOf(tx, input.userId, input.currency),
          currency: input.currency,
        });
      }
      const accountId = balance.accountId;
      await tx.insert(ledgerEntries).values([
        { transactionId: ledgerId, accountId, amount: input.delta, balanceAfter: balance.balance },
        {
          transactionId: ledgerId,
          accountId: systemAccount(input.counterparty, input.currency),
          amount: -input.delta,
          balanceAfter: null,
        },
      ]);
      await recordMovement(tx, {
        kind: input.kind,
        userId: input.userId,
        currency: input.currency,
        amount: input.delta,
        balance: balance.balance,
        ledgerTransactionId: ledgerId,
        at,
      });
      return { transactionId: ledgerId, balance: balance.balance, replayed: false };
    });
    return result;
  }

  async function deposit(input: PlayerMovementInput, tx?: DbOrTx) {
    checkAmount(input.amount);
    return postPlayer(
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
    return postPlayer(
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

  async function finishHold(
    holdKey: string,
    kind: 'WITHDRAW_SETTLE' | 'WITHDRAW_RELEASE',
    outer?: DbOrTx,
  ): Promise<MovementResult> {
    await ready();
    const at = now();
    const ledgerId = uuidv7();
    return (outer ?? db).transaction(async (tx) => {
      const { userId, currency, amount } = await heldWithdrawal(tx, holdKey);
      // Settle and release share one reference, so a hold can be finished only once, one way.
      const reference = `withdraw-final:${holdKey}`;
      const inserted = await tx
        .insert(ledgerTransactions)
        .values({ id: ledgerId, kind, reference, metadata: { holdKey }, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: ledgerTransactions.id });
      if (inserted.length === 0) {
        const [prior] = await tx
          .select({ id: ledgerTransactions.id, kind: ledgerTransactions.kind })
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.reference, reference));
        if (prior?.kind !== kind) throw new WalletError('HOLD_ALREADY_FINALISED');
        return { transactionId: prior.id, balance: await balanceOf(tx, userId, currency), replayed: true };
      }
      const held = systemAccount('withdrawals', currency);
      if (kind === 'WITHDRAW_SETTLE') {
        await tx.insert(ledgerEntries).values([
          { transactionId: ledgerId, accountId: held, amount: -amount, balanceAfter: null },
          {
            transactionId: ledgerId,
            accountId: systemAccount('payments', currency),
            amount,
            balanceAfter: null,
          },
        ]);
        return { transactionId: ledgerId, balance: await balanceOf(tx, userId, currency), replayed: false };
      }
      const after = await applyDelta(tx, userId, currency, amount, at);
      if (!after) throw new Error('Player account missing for a held withdrawal');
      await tx.insert(ledgerEntries).values([
        { transactionId: ledgerId, accountId: held, amount: -amount, balanceAfter: null },
        { transactionId: ledgerId, accountId: after.accountId, amount, balanceAfter: after.balance },
      ]);
      await recordMovement(tx, {
        kind,
        userId,
        currency,
        amount,
        balance: after.balance,
        ledgerTransactionId: ledgerId,
        at,
      });
      return { transactionId: ledgerId, balance: after.balance, replayed: false };
    });
  }

  async function bonusCredit(input: PlayerMovementInput, tx?: DbOrTx) {
    checkAmount(input.amount);
    return postPlayer(
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

  /** A manual correction; `amount` is signed (negative takes money away, never below zero). */
  async function adjust(input: PlayerMovementInput & { reason: string }, tx?: DbOrTx) {
    if (!Number.isSafeInteger(input.amount) || input.amount === 0) {
      throw new WalletError('INVALID_AMOUNT', { field: 'amount' });
    }
    return postPlayer(
      {
        ...input,
        kind: 'ADJUSTMENT',
        reference: `adjustment:${input.key}`,
        delta: input.amount,
        counterparty: 'adjustments',
        metadata: { ...input.metadata, reason: input.reason },
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
    withdrawSettle: (input: { holdKey: string }, tx?: DbOrTx) =>
      finishHold(input.holdKey, 'WITHDRAW_SETTLE', tx),
    withdrawRelease: (input: { holdKey: string }, tx?: DbOrTx) =>
      finishHold(input.holdKey, 'WITHDRAW_RELEASE', tx),
    bonusCredit,
    adjust,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
