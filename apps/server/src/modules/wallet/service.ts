import { randomBytes } from 'node:crypto';
import {
  type BalanceItem,
  type CurrencyCode,
  currencies,
  currencyCodes,
  fromMinor,
} from '@paws/contracts/wallet';
import { and, count, desc, eq, gte, isNotNull, lte, sql, sum } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { WalletError } from './errors.ts';
import {
  gameSessions,
  gameTransactions,
  ledgerEntries,
  ledgerTransactions,
  walletAccounts,
  walletCurrencies,
  walletProviders,
} from './schema.ts';

export const systemAccountCodes = ['house', 'payments', 'withdrawals', 'bonus_pool', 'adjustments'] as const;
/**
 * house: the other side of every bet, win and rollback; payments: money entering and leaving through
 * payment providers; withdrawals: withdrawals held but not yet settled; bonus_pool: bonus credits;
 * adjustments: manual corrections.
 */
export type SystemAccountCode = (typeof systemAccountCodes)[number];

export type LedgerKind = (typeof ledgerTransactions.kind.enumValues)[number];

export const DEFAULT_SESSION_TTL_MS = 4 * 60 * 60 * 1000;

export interface WalletServiceOptions {
  db: Db;
  now?: () => Date;
  sessionTtlMs?: number;
}

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

export interface GameSessionInput {
  userId: string;
  gameCode: string;
  providerCode: string;
  currency: CurrencyCode;
  ttlMs?: number;
}

export interface BetInput {
  providerCode: string;
  transactionId: string;
  roundId: string;
  sessionToken: string;
  userId: string;
  currency: CurrencyCode;
  /** Minor units. */
  amount: number;
  gameCode: string;
}

export interface WinInput extends BetInput {
  referenceTransactionId?: string;
}

export interface RollbackInput {
  providerCode: string;
  transactionId: string;
  /** The provider's id of the bet to refund. */
  referenceTransactionId: string;
  roundId: string;
  userId?: string;
  currency?: CurrencyCode;
}

export interface GameResult {
  /** Our id of the call's record. */
  id: string;
  /** The provider's transaction id. */
  transactionId: string;
  userId: string | null;
  currency: CurrencyCode | null;
  /** Minor units; null only for a rollback of an unseen bet that named no player. */
  balance: number | null;
  replayed: boolean;
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

export interface PageQuery {
  dateFrom?: Date;
  dateTo?: Date;
  page?: number;
  limit?: number;
}

type GameTransactionRow = typeof gameTransactions.$inferSelect;

const UNIQUE_VIOLATION = '23505';
const DUPLICATE_RETRIES = 3;

export function createWalletService({
  db,
  now = () => new Date(),
  sessionTtlMs = DEFAULT_SESSION_TTL_MS,
}: WalletServiceOptions) {
  const driver = driverOf(db);
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

  async function balanceOf(q: DbOrTx, userId: string, currency: CurrencyCode) {
    const [row] = await q
      .select({ balance: walletAccounts.balance })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.userId, userId), eq(walletAccounts.currencyCode, currency)));
    return row?.balance ?? 0;
  }

  async function balances(userId: string): Promise<BalanceItem[]> {
    const rows = await db
      .select({ currencyCode: walletAccounts.currencyCode, balance: walletAccounts.balance })
      .from(walletAccounts)
      .where(eq(walletAccounts.userId, userId));
    const byCode = new Map(rows.map((r) => [r.currencyCode, r.balance ?? 0]));
    return currencyCodes.map((currencyCode) => {
      const minor = byCode.get(currencyCode) ?? 0;
      return { currencyCode, amount: fromMinor(minor, currencyCode), minor };
    });
  }

  function checkAmount(amount: number, positive = true) {
    if (!Number.isSafeInteger(amount) || amount < 0 || (positive && amount === 0)) {
      throw new WalletError('INVALID_AMOUNT', { field: 'amount' });
    }
  }

  /** The movement's event, in the transaction that made it: delivered only if it commits. */
  function recordMovement(tx: DbOrTx, movement: WalletMovement) {
    return recordEvent(tx, 'wallet.moved', { ...movement, at: movement.at.toISOString() });
  }

  /**
   * Moves `delta` (signed, minor units) between a player and a system account as one ledger transaction,
   * once per reference. Runs in its own transaction, or in a savepoint of the caller's.
   */
  async function postPlayer(
    input: {
      kind: LedgerKind;
      reference: string;
      userId: string;
      currency: CurrencyCode;
      delta: number;
      counterparty: SystemAccountCode;
      metadata?: Record<string, unknown>;
    },
    outer?: DbOrTx,
  ): Promise<MovementResult> {
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

  /** The guarded update: never takes a player below zero (the CHECK constraint backs it up). */
  async function applyDelta(q: DbOrTx, userId: string, currency: CurrencyCode, delta: number, at: Date) {
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

  async function replayPlayerPosting(
    q: DbOrTx,
    input: { kind: LedgerKind; reference: string; userId: string; currency: CurrencyCode; delta: number },
  ): Promise<MovementResult> {
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

  /* Credit and debit primitives for the other modules (payments, bonuses, back office). */

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
      const [hold] = await tx
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
          and(
            eq(ledgerTransactions.reference, `withdraw:${holdKey}`),
            eq(ledgerTransactions.kind, 'WITHDRAW'),
          ),
        );
      if (!hold?.userId) throw new WalletError('HOLD_NOT_FOUND');
      const userId = hold.userId;
      const currency = hold.currency as CurrencyCode;
      const amount = -hold.amount;
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

  /* Game sessions and the seamless-wallet contract. */

  async function createGameSession(input: GameSessionInput) {
    await ensureAccounts(input.userId);
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + (input.ttlMs ?? sessionTtlMs));
    const token = randomBytes(24).toString('base64url');
    await db.insert(gameSessions).values({
      token,
      userId: input.userId,
      gameCode: input.gameCode,
      providerCode: input.providerCode,
      currencyCode: input.currency,
      createdAt,
      expiresAt,
    });
    return { token, expiresAt };
  }

  async function findSession(providerCode: string, token: string) {
    const [session] = await db.select().from(gameSessions).where(eq(gameSessions.token, token));
    if (!session || session.providerCode !== providerCode) throw new WalletError('INVALID_SESSION');
    return session;
  }

  /** The launch handshake: who is playing, in which currency, with what balance. Refused once expired. */
  async function authenticate(input: { providerCode: string; sessionToken: string }) {
    const session = await findSession(input.providerCode, input.sessionToken);
    if (session.expiresAt <= now()) throw new WalletError('SESSION_EXPIRED');
    const currency = session.currencyCode as CurrencyCode;
    return {
      userId: session.userId,
      currency,
      gameCode: session.gameCode,
      balance: await balanceOf(db, session.userId, currency),
    };
  }

  async function balance(input: {
    providerCode: string;
    sessionToken: string;
    userId: string;
    currency: CurrencyCode;
  }) {
    const session = await findSession(input.providerCode, input.sessionToken);
    if (session.userId !== input.userId || session.currencyCode !== input.currency) {
      throw new WalletError('INVALID_SESSION');
    }
    return {
      userId: input.userId,
      currency: input.currency,
      balance: await balanceOf(db, input.userId, input.currency),
    };
  }

  async function findGameTransaction(providerCode: string, externalId: string, q: DbOrTx = db) {
    const [row] = await q
      .select()
      .from(gameTransactions)
      .where(
        and(eq(gameTransactions.providerCode, providerCode), eq(gameTransactions.externalId, externalId)),
      );
    return row;
  }

  const gameResult = (row: GameTransactionRow, replayed: boolean): GameResult => ({
    id: row.id,
    transactionId: row.externalId,
    userId: row.userId,
    currency: row.currencyCode as CurrencyCode | null,
    balance: row.balanceAfter,
    replayed,
  });

  /** A repeated id: the first result when the data is the same, else a refusal. Nothing moves. */
  function replayGameCall(prior: GameTransactionRow, kind: 'BET' | 'WIN', input: WinInput): GameResult {
    if (prior.kind === 'BET' && prior.userId === null) {
      // A tombstone: the bet was rolled back before it ever arrived.
      if (kind === 'BET') throw new WalletError('TRANSACTION_ROLLED_BACK');
      throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
    }
    if (
      prior.kind !== kind ||
      prior.userId !== input.userId ||
      prior.currencyCode !== input.currency ||
      prior.amount !== input.amount ||
      prior.roundId !== input.roundId ||
      (kind === 'WIN' && (prior.referenceExternalId ?? undefined) !== input.referenceTransactionId)
    ) {
      throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
    }
    if (prior.status === 'ROLLED_BACK') throw new WalletError('TRANSACTION_ROLLED_BACK');
    return gameResult(prior, true);
  }

  /** Why nothing moved: built by the statement only when nothing did, so a success returns one value. */
  interface GameCallDiagnosis {
    session_user: string | null;
    session_currency: string | null;
    session_provider: string | null;
    session_expires: string | null;
    current_balance: number | null;
    reference_state: string | null;
  }

  /**
   * Bet and win in one statement (one round trip, its own transaction): the player's row is updated with
   * the guard, and the ledger transaction, its two entries and the call's record are inserted only if it
   * was. A concurrent duplicate hits the unique (provider, transaction id) index and the whole statement
   * is undone; the retry then sees the first call's record.
   */
  async function gameCall(kind: 'BET' | 'WIN', input: WinInput): Promise<GameResult> {
    checkAmount(input.amount, false);
    await ready();
    for (let attempt = 1; ; attempt++) {
      try {
        return await gameCallOnce(kind, input);
      } catch (err) {
        if (attempt >= DUPLICATE_RETRIES || pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
      }
    }
  }

  async function gameCallOnce(kind: 'BET' | 'WIN', input: WinInput): Promise<GameResult> {
    const at = now();
    const opId = uuidv7();
    const ledgerId = uuidv7();
    const ref = kind === 'WIN' ? input.referenceTransactionId : undefined;
    const statement = kind === 'BET' ? GAME_CALL.bet : ref ? GAME_CALL.winWithReference : GAME_CALL.win;
    const values = [
      input.sessionToken,
      input.providerCode,
      input.transactionId,
      input.userId,
      input.currency,
      String(input.amount),
      at.toISOString(),
      ledgerId,
      `game:${input.providerCode}:${input.transactionId}`,
      JSON.stringify({ roundId: input.roundId, gameCode: input.gameCode }),
      systemAccount('house', input.currency),
      opId,
      input.roundId,
      input.gameCode,
      uuidv7(),
      JSON.stringify({
        kind,
        userId: input.userId,
        currency: input.currency,
        amount: kind === 'BET' ? -input.amount : input.amount,
        ledgerTransactionId: ledgerId,
        at: at.toISOString(),
        game: { providerCode: input.providerCode, gameCode: input.gameCode, roundId: input.roundId },
      }),
      ...(ref ? [ref] : []),
    ];
    const [row] = await driver.query<{
      balance: string | number | null;
      diagnosis: GameCallDiagnosis | string | null;
    }>(statement.name, statement.text, values);
    if (!row) throw new Error('Wallet statement returned no row');

    if (row.balance !== null) {
      const balanceAfter = Number(row.balance);
      return {
        id: opId,
        transactionId: input.transactionId,
        userId: input.userId,
        currency: input.currency,
        balance: balanceAfter,
        replayed: false,
      };
    }
    // Looked up afresh: a duplicate that committed while this statement waited for the player's row made
    // the guard fail here without reaching the unique index.
    const prior = await findGameTransaction(input.providerCode, input.transactionId);
    if (prior) return replayGameCall(prior, kind, input);
    const why: GameCallDiagnosis | null =
      typeof row.diagnosis === 'string' ? JSON.parse(row.diagnosis) : row.diagnosis;
    if (!why) throw new Error('Wallet statement returned no diagnosis');
    if (
      why.session_user === null ||
      why.session_user !== input.userId ||
      why.session_currency !== input.currency ||
      why.session_provider !== input.providerCode
    ) {
      throw new WalletError('INVALID_SESSION');
    }
    if (kind === 'BET' && new Date(why.session_expires as string) <= at)
      throw new WalletError('SESSION_EXPIRED');
    if (ref) {
      if (why.reference_state === null) throw new WalletError('TRANSACTION_NOT_FOUND');
      if (why.reference_state === 'ROLLED_BACK') throw new WalletError('TRANSACTION_ROLLED_BACK');
      if (why.reference_state === 'MISMATCH') throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
    }
    throw new WalletError('INSUFFICIENT_FUNDS', {
      balance: why.current_balance === null ? 0 : Number(why.current_balance),
      currency: input.currency,
    });
  }

  const bet = (input: BetInput) => gameCall('BET', input);
  const win = (input: WinInput) => gameCall('WIN', input);

  /**
   * Refunds a bet. Unknown bet: a tombstone takes its (provider, id) slot so the bet is refused if it
   * arrives later. Already rolled back: succeeds and moves nothing.
   */
  async function rollback(input: RollbackInput): Promise<GameResult> {
    if (input.transactionId === input.referenceTransactionId) {
      throw new WalletError('VALIDATION_ERROR', {
        field: 'referenceTransactionId',
        message: 'A rollback needs its own transaction id',
      });
    }
    await ready();
    for (let attempt = 1; ; attempt++) {
      try {
        return await rollbackOnce(input);
      } catch (err) {
        if (attempt >= DUPLICATE_RETRIES || pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
      }
    }
  }

  async function rollbackOnce(input: RollbackInput): Promise<GameResult> {
    const at = now();
    const opId = uuidv7();
    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(gameTransactions)
        .values({
          id: opId,
          providerCode: input.providerCode,
          externalId: input.transactionId,
          kind: 'ROLLBACK',
          status: 'OK',
          userId: input.userId ?? null,
          currencyCode: input.currency ?? null,
          amount: 0,
          roundId: input.roundId,
          referenceExternalId: input.referenceTransactionId,
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: gameTransactions.id });
      if (inserted.length === 0) {
        const prior = await findGameTransaction(input.providerCode, input.transactionId, tx);
        if (
          prior?.kind !== 'ROLLBACK' ||
          prior.referenceExternalId !== input.referenceTransactionId ||
          prior.roundId !== input.roundId
        ) {
          throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
        }
        return gameResult(prior, true);
      }

      const lockBet = async () => {
        const [row] = await tx
          .select()
          .from(gameTransactions)
          .where(
            and(
              eq(gameTransactions.providerCode, input.providerCode),
              eq(gameTransactions.externalId, input.referenceTransactionId),
            ),
          )
          .for('update');
        return row;
      };
      let betRow = await lockBet();
      if (!betRow) {
        const tombstone = await tx
          .insert(gameTransactions)
          .values({
            id: uuidv7(),
            providerCode: input.providerCode,
            externalId: input.referenceTransactionId,
            kind: 'BET',
            status: 'ROLLED_BACK',
            roundId: input.roundId,
            createdAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: gameTransactions.id });
        // Lost the race to the bet itself: it is committed now, so refund it like any other.
        if (tombstone.length === 0) betRow = await lockBet();
      }

      let userId = input.userId ?? null;
      let currency = input.currency ?? null;
      let refunded = 0;
      let ledgerId: string | null = null;
      let balanceAfter: number | null = null;
      if (betRow) {
        if (betRow.kind !== 'BET') throw new WalletError('ROLLBACK_NOT_ALLOWED');
        if (betRow.userId !== null) {
          if ((userId && userId !== betRow.userId) || (currency && currency !== betRow.currencyCode)) {
            throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
          }
          userId = betRow.userId;
          currency = betRow.currencyCode as CurrencyCode;
        }
        if (betRow.status === 'OK' && userId && currency) {
          refunded = betRow.amount ?? 0;
          ledgerId = uuidv7();
          await tx
            .update(gameTransactions)
            .set({ status: 'ROLLED_BACK' })
            .where(eq(gameTransactions.id, betRow.id));
          const after = await applyDelta(tx, userId, currency, refunded, at);
          if (!after) throw new Error('Player account missing for a placed bet');
          balanceAfter = after.balance;
          await tx.insert(ledgerTransactions).values({
            id: ledgerId,
            kind: 'ROLLBACK',
            reference: `game:${input.providerCode}:${input.transactionId}`,
            metadata: { roundId: input.roundId, referenceTransactionId: input.referenceTransactionId },
            createdAt: at,
          });
          await tx.insert(ledgerEntries).values([
            { transactionId: ledgerId, accountId: after.accountId, amount: refunded, balanceAfter },
            {
              transactionId: ledgerId,
              accountId: systemAccount('house', currency),
              amount: -refunded,
              balanceAfter: null,
            },
          ]);
          await recordMovement(tx, {
            kind: 'ROLLBACK',
            userId,
            currency,
            amount: refunded,
            balance: balanceAfter,
            ledgerTransactionId: ledgerId,
            at,
            game: { providerCode: input.providerCode, gameCode: betRow.gameCode, roundId: input.roundId },
          });
        }
      }
      if (balanceAfter === null && userId && currency) balanceAfter = await balanceOf(tx, userId, currency);
      const [row] = await tx
        .update(gameTransactions)
        .set({
          userId,
          currencyCode: currency,
          amount: refunded,
          ledgerTransactionId: ledgerId,
          balanceAfter,
        })
        .where(eq(gameTransactions.id, opId))
        .returning();
      return gameResult(row!, false);
    });
  }

  /* Reads for the history lists and for reconciliation. */

  function pageOf(query: PageQuery) {
    const limit = Math.min(Math.max(query.limit ?? 10, 1), 100);
    const page = Math.max(query.page ?? 1, 1);
    return { limit, offset: (page - 1) * limit };
  }

  function dateRange(
    column: typeof gameTransactions.createdAt | typeof gameSessions.createdAt,
    query: PageQuery,
  ) {
    return [
      query.dateFrom ? gte(column, query.dateFrom) : undefined,
      query.dateTo ? lte(column, query.dateTo) : undefined,
    ];
  }

  /**
   * The player's standing bets (rolled-back ones are not bets any more), newest first, with the count and
   * the sum of the USD stakes of every bet the filter matches. Amounts in minor units of each row's currency.
   */
  async function bets(userId: string, query: PageQuery = {}) {
    const { limit, offset } = pageOf(query);
    const where = and(
      eq(gameTransactions.userId, userId),
      eq(gameTransactions.kind, 'BET'),
      eq(gameTransactions.status, 'OK'),
      ...dateRange(gameTransactions.createdAt, query),
    );
    const [items, [totals]] = await Promise.all([
      db
        .select({
          id: gameTransactions.id,
          amount: gameTransactions.amount,
          currencyCode: gameTransactions.currencyCode,
          createdAt: gameTransactions.createdAt,
          providerName: walletProviders.name,
          providerCode: gameTransactions.providerCode,
          gameCode: gameTransactions.gameCode,
          roundId: gameTransactions.roundId,
        })
        .from(gameTransactions)
        .innerJoin(walletProviders, eq(walletProviders.code, gameTransactions.providerCode))
        .where(where)
        .orderBy(desc(gameTransactions.createdAt), desc(gameTransactions.id))
        .limit(limit)
        .offset(offset),
      db
        .select({
          count: count(),
          usd: sql<number>`coalesce(sum(case when ${gameTransactions.currencyCode} = 'USD' then ${gameTransactions.amount} else 0 end), 0)`.mapWith(
            Number,
          ),
        })
        .from(gameTransactions)
        .where(where),
    ]);
    const total = totals?.count ?? 0;
    return {
      items: items.map((i) => ({
        ...i,
        amount: i.amount ?? 0,
        currencyCode: i.currencyCode as CurrencyCode,
      })),
      count: total,
      usdStakes: totals?.usd ?? 0,
      hasMore: offset + items.length < total,
    };
  }

  /**
   * The player's real-money (USD) play for the bonus rules: standing bets since the week's and the month's
   * start, wins since the week's start, the UTC days with a bet since `runStart`, and whether any bet exists.
   */
  async function playTotals(userId: string, periods: { weekStart: Date; monthStart: Date; runStart: Date }) {
    const { weekStart, monthStart, runStart } = periods;
    const since = new Date(Math.min(weekStart.getTime(), monthStart.getTime(), runStart.getTime()));
    const standing = and(eq(gameTransactions.userId, userId), eq(gameTransactions.status, 'OK'));
    const realMoney = and(standing, eq(gameTransactions.currencyCode, 'USD'));
    const [[sums], days, [anyBet]] = await Promise.all([
      db
        .select({
          weekBets:
            sql<number>`coalesce(sum(${gameTransactions.amount}) filter (where ${gameTransactions.kind} = 'BET' and ${gameTransactions.createdAt} >= ${weekStart}), 0)`.mapWith(
              Number,
            ),
          monthBets:
            sql<number>`coalesce(sum(${gameTransactions.amount}) filter (where ${gameTransactions.kind} = 'BET' and ${gameTransactions.createdAt} >= ${monthStart}), 0)`.mapWith(
              Number,
            ),
          weekWins:
            sql<number>`coalesce(sum(${gameTransactions.amount}) filter (where ${gameTransactions.kind} = 'WIN' and ${gameTransactions.createdAt} >= ${weekStart}), 0)`.mapWith(
              Number,
            ),
        })
        .from(gameTransactions)
        .where(and(realMoney, gte(gameTransactions.createdAt, since))),
      db
        .selectDistinct({
          day: sql<string>`to_char(${gameTransactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        })
        .from(gameTransactions)
        .where(and(realMoney, eq(gameTransactions.kind, 'BET'), gte(gameTransactions.createdAt, runStart))),
      db
        .select({ id: gameTransactions.id })
        .from(gameTransactions)
        .where(and(standing, eq(gameTransactions.kind, 'BET')))
        .limit(1),
    ]);
    return {
      weekBets: sums?.weekBets ?? 0,
      monthBets: sums?.monthBets ?? 0,
      weekWins: sums?.weekWins ?? 0,
      betDates: days.map((d) => d.day).sort(),
      hasBet: anyBet !== undefined,
    };
  }

  /** The player's game sessions (launch tokens), newest first. */
  async function gameSessionHistory(userId: string, query: PageQuery = {}) {
    const { limit, offset } = pageOf(query);
    const where = and(eq(gameSessions.userId, userId), ...dateRange(gameSessions.createdAt, query));
    const items = await db
      .select({
        token: gameSessions.token,
        gameCode: gameSessions.gameCode,
        providerCode: gameSessions.providerCode,
        providerName: walletProviders.name,
        currencyCode: gameSessions.currencyCode,
        createdAt: gameSessions.createdAt,
        expiresAt: gameSessions.expiresAt,
      })
      .from(gameSessions)
      .innerJoin(walletProviders, eq(walletProviders.code, gameSessions.providerCode))
      .where(where)
      .orderBy(desc(gameSessions.createdAt), desc(gameSessions.token))
      .limit(limit)
      .offset(offset);
    const [totals] = await db.select({ count: count() }).from(gameSessions).where(where);
    const total = totals?.count ?? 0;
    return { items, count: total, hasMore: offset + items.length < total };
  }

  /** System accounts' balances: the sum of their entries (they keep no stored balance). */
  async function systemBalances() {
    await ready();
    const rows = await db
      .select({
        systemCode: walletAccounts.systemCode,
        currencyCode: walletAccounts.currencyCode,
        balance: sum(ledgerEntries.amount).mapWith(Number),
      })
      .from(walletAccounts)
      .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, walletAccounts.id))
      .where(isNotNull(walletAccounts.systemCode))
      .groupBy(walletAccounts.systemCode, walletAccounts.currencyCode);
    return rows.map((r) => ({
      systemCode: r.systemCode as SystemAccountCode,
      currency: r.currencyCode as CurrencyCode,
      balance: r.balance ?? 0,
    }));
  }

  /** What the player staked in a round (its bets not rolled back), minor units: for big-win notices. */
  async function roundStake(
    input: { providerCode: string; roundId: string; userId: string },
    q: DbOrTx = db,
  ) {
    const [row] = await q
      .select({ staked: sum(gameTransactions.amount).mapWith(Number) })
      .from(gameTransactions)
      .where(
        and(
          eq(gameTransactions.providerCode, input.providerCode),
          eq(gameTransactions.roundId, input.roundId),
          eq(gameTransactions.userId, input.userId),
          eq(gameTransactions.kind, 'BET'),
          eq(gameTransactions.status, 'OK'),
        ),
      );
    return row?.staked ?? 0;
  }

  async function getProvider(code: string) {
    const [row] = await db.select().from(walletProviders).where(eq(walletProviders.code, code));
    return row;
  }

  return {
    ready,
    ensureAccounts: (userId: string) => ensureAccounts(userId),
    balances,
    balanceOf: (userId: string, currency: CurrencyCode) => balanceOf(db, userId, currency),
    deposit,
    withdrawHold,
    withdrawSettle: (input: { holdKey: string }, tx?: DbOrTx) =>
      finishHold(input.holdKey, 'WITHDRAW_SETTLE', tx),
    withdrawRelease: (input: { holdKey: string }, tx?: DbOrTx) =>
      finishHold(input.holdKey, 'WITHDRAW_RELEASE', tx),
    bonusCredit,
    adjust,
    createGameSession,
    authenticate,
    balance,
    bet,
    win,
    rollback,
    bets,
    playTotals,
    gameSessionHistory,
    systemBalances,
    roundStake,
    getProvider,
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

/** The SQLSTATE of a database error, looking through the driver's and Drizzle's wrappers. */
export function pgErrorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The bet and win statements. Parameters: $1 session token, $2 provider, $3 provider's transaction id,
 * $4 user, $5 currency, $6 amount (minor), $7 time, $8 ledger transaction id, $9 ledger reference,
 * $10 metadata, $11 house account, $12 record id, $13 round, $14 game, $15 event id, $16 event payload
 * without the balance (the statement adds it), $17 referenced bet (win only).
 */
function gameCallText(kind: 'BET' | 'WIN', withReference: boolean) {
  const toPlayer = kind === 'BET' ? '-' : '';
  const toHouse = kind === 'BET' ? '' : '-';
  // A bet needs a live session and the funds; a win is owed to the player whatever became of the session.
  const betChecks = kind === 'BET' ? 'and balance >= $6::bigint' : '';
  const sessionCheck = kind === 'BET' ? 'and s.expires_at > $7::timestamptz' : '';
  // A win that names its bet waits for any rollback of that bet (FOR SHARE) and is refused if it happened.
  const refCte = withReference
    ? `, ref as (
        select status, kind, user_id from game_transactions
        where provider_code = $2 and external_id = $17 for share)`
    : '';
  const refCheck = withReference
    ? `and exists (select 1 from ref where ref.kind = 'BET' and ref.status = 'OK' and ref.user_id = $4::uuid)`
    : '';
  const refState = withReference
    ? `(select case when ref.kind <> 'BET' then 'MISMATCH'
          when ref.user_id is null or ref.status = 'ROLLED_BACK' then 'ROLLED_BACK'
          when ref.user_id <> $4::uuid then 'MISMATCH' else 'OK' end from ref)`
    : 'null';
  return `
    with s as (
      select user_id, currency_code, provider_code, expires_at from game_sessions where token = $1
    ), prior as (
      select id from game_transactions where provider_code = $2 and external_id = $3
    )${refCte}, moved as (
      update wallet_accounts set balance = balance + ${toPlayer}$6::bigint, updated_at = $7::timestamptz
      where user_id = $4::uuid and currency_code = $5 ${betChecks}
        and not exists (select 1 from prior)
        and exists (
          select 1 from s
          where s.user_id = $4::uuid and s.currency_code = $5 and s.provider_code = $2 ${sessionCheck})
        ${refCheck}
      returning id, balance
    ), lt as (
      insert into ledger_transactions (id, kind, reference, metadata, created_at)
      select $8::uuid, '${kind}'::ledger_kind, $9, $10::jsonb, $7::timestamptz from moved
    ), le as (
      insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select $8::uuid, id, ${toPlayer}$6::bigint, balance from moved
      union all
      select $8::uuid, $11::uuid, ${toHouse}$6::bigint, null from moved
    ), gt as (
      insert into game_transactions (id, provider_code, external_id, kind, status, user_id, currency_code, amount,
        round_id, game_code, reference_external_id, ledger_transaction_id, balance_after, created_at)
      select $12::uuid, $2, $3, '${kind}'::game_transaction_kind, 'OK'::game_transaction_status, $4::uuid, $5,
        $6::bigint, $13, $14, ${withReference ? '$17' : 'null'}, $8::uuid, balance, $7::timestamptz from moved
    ), ev as (
      insert into domain_events (id, name, payload, created_at)
      select $15::uuid, 'wallet.moved', $16::jsonb || jsonb_build_object('balance', balance), $7::timestamptz
      from moved
    )
    select m.balance, case when m.balance is null then json_build_object(
        'session_user', s.user_id, 'session_currency', s.currency_code, 'session_provider', s.provider_code,
        'session_expires', s.expires_at,
        'current_balance', (select balance from wallet_accounts where user_id = $4::uuid and currency_code = $5),
        'reference_state', ${refState}) end as diagnosis
    from (select 1) one left join s on true left join moved m on true`;
}

const GAME_CALL = {
  bet: { name: 'wallet_bet', text: gameCallText('BET', false) },
  win: { name: 'wallet_win', text: gameCallText('WIN', false) },
  winWithReference: { name: 'wallet_win_ref', text: gameCallText('WIN', true) },
};

type DriverClient =
  | {
      totalCount: number;
      query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
    }
  | { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * The driver under Drizzle (node-postgres pool or PGlite). The hot statements go straight to it so that
 * node-postgres prepares them once per connection instead of parsing and planning each call.
 */
function driverOf(db: Db) {
  const client = (db as unknown as { $client: DriverClient }).$client;
  return {
    async query<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
      if ('totalCount' in client) return (await client.query({ name, text, values })).rows as T[];
      return (await client.query(text, values)).rows as T[];
    },
  };
}
