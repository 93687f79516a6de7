import type { CurrencyCode } from '@paws/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { WalletError } from './errors.ts';
import { applyDelta, balanceOf, checkAmount, type Ledger, recordMovement } from './ledger.ts';
import { gameTransactions, ledgerEntries, ledgerTransactions } from './schema.ts';

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

type GameTransactionRow = typeof gameTransactions.$inferSelect;

/** Why nothing moved: built by the statement only when nothing did, so a success returns one value. */
interface GameCallDiagnosis {
  session_user: string | null;
  session_currency: string | null;
  session_provider: string | null;
  session_expires: string | null;
  current_balance: number | null;
  reference_state: string | null;
}

const DUPLICATE_RETRIES = 3;

/** A concurrent duplicate undoes the whole call; run again, it meets the first call's record. */
async function retryingDuplicates<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (attempt >= DUPLICATE_RETRIES || pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
    }
  }
}

async function findGameTransaction(q: DbOrTx, providerCode: string, externalId: string) {
  const [row] = await q
    .select()
    .from(gameTransactions)
    .where(and(eq(gameTransactions.providerCode, providerCode), eq(gameTransactions.externalId, externalId)));
  return row;
}

const gameResult = (row: GameTransactionRow, replayed: boolean): GameResult => ({
  id: row.id,
  transactionId: row.externalId,
  userId: row.userId,
  currency: row.currencyCode,
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

/** The refusal a bet or win that moved nothing (and repeated no id) earns, from the statement's diagnosis. */
function refusal(why: GameCallDiagnosis, kind: 'BET' | 'WIN', input: WinInput, at: Date): WalletError {
  if (
    why.session_user === null ||
    why.session_user !== input.userId ||
    why.session_currency !== input.currency ||
    why.session_provider !== input.providerCode
  ) {
    return new WalletError('INVALID_SESSION');
  }
  if (kind === 'BET' && new Date(why.session_expires as string) <= at)
    return new WalletError('SESSION_EXPIRED');
  if (kind === 'WIN' && input.referenceTransactionId) {
    if (why.reference_state === null) return new WalletError('TRANSACTION_NOT_FOUND');
    if (why.reference_state === 'ROLLED_BACK') return new WalletError('TRANSACTION_ROLLED_BACK');
    if (why.reference_state === 'MISMATCH') return new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
  }
  return new WalletError('INSUFFICIENT_FUNDS', {
    balance: why.current_balance === null ? 0 : Number(why.current_balance),
    currency: input.currency,
  });
}

/** The rollback's own record, or the first one's result when its id was seen (a mismatch is refused). */
async function claimRollback(tx: DbOrTx, input: RollbackInput, opId: string, at: Date) {
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
  if (inserted.length > 0) return null;
  const prior = await findGameTransaction(tx, input.providerCode, input.transactionId);
  if (
    prior?.kind !== 'ROLLBACK' ||
    prior.referenceExternalId !== input.referenceTransactionId ||
    prior.roundId !== input.roundId
  ) {
    throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
  }
  return gameResult(prior, true);
}

/** The bet to refund, locked; an unknown one leaves a tombstone in its (provider, id) slot instead. */
async function lockOrTombstoneBet(tx: DbOrTx, input: RollbackInput, at: Date) {
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
  const betRow = await lockBet();
  if (betRow) return betRow;
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
  return tombstone.length === 0 ? lockBet() : undefined;
}

/** The seamless-wallet calls of game providers: bet, win and rollback, each idempotent on its id. */
export function createGameCalls({
  db,
  now,
  ledger,
}: {
  db: Db;
  now: () => Date;
  ledger: Pick<Ledger, 'ready' | 'systemAccount'>;
}) {
  const driver = driverOf(db);

  /**
   * Bet and win in one statement (one round trip, its own transaction): the player's row is updated with
   * the guard, and the ledger transaction, its two entries and the call's record are inserted only if it
   * was. A concurrent duplicate hits the unique (provider, transaction id) index and the whole statement
   * is undone; the retry then sees the first call's record.
   */
  async function gameCall(kind: 'BET' | 'WIN', input: WinInput): Promise<GameResult> {
    checkAmount(input.amount, false);
    await ledger.ready();
    return retryingDuplicates(() => gameCallOnce(kind, input));
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
      ledger.systemAccount('house', input.currency),
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
    const prior = await findGameTransaction(db, input.providerCode, input.transactionId);
    if (prior) return replayGameCall(prior, kind, input);
    const why: GameCallDiagnosis | null =
      typeof row.diagnosis === 'string' ? JSON.parse(row.diagnosis) : row.diagnosis;
    if (!why) throw new Error('Wallet statement returned no diagnosis');
    throw refusal(why, kind, input, at);
  }

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
    await ledger.ready();
    return retryingDuplicates(() => rollbackOnce(input));
  }

  async function rollbackOnce(input: RollbackInput): Promise<GameResult> {
    const at = now();
    const opId = uuidv7();
    return db.transaction(async (tx) => {
      const replayed = await claimRollback(tx, input, opId, at);
      if (replayed) return replayed;
      const betRow = await lockOrTombstoneBet(tx, input, at);

      let userId = input.userId ?? null;
      let currency = input.currency ?? null;
      let refund: Awaited<ReturnType<typeof refundBet>> | null = null;
      if (betRow) {
        if (betRow.kind !== 'BET') throw new WalletError('ROLLBACK_NOT_ALLOWED');
        if (betRow.userId !== null) {
          if ((userId && userId !== betRow.userId) || (currency && currency !== betRow.currencyCode)) {
            throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
          }
          userId = betRow.userId;
          currency = betRow.currencyCode;
        }
        if (betRow.status === 'OK' && userId && currency) {
          refund = await refundBet(tx, input, betRow, userId, currency, at);
        }
      }
      let balanceAfter = refund?.balance ?? null;
      if (balanceAfter === null && userId && currency) balanceAfter = await balanceOf(tx, userId, currency);
      const [row] = await tx
        .update(gameTransactions)
        .set({
          userId,
          currencyCode: currency,
          amount: refund?.amount ?? 0,
          ledgerTransactionId: refund?.ledgerId ?? null,
          balanceAfter,
        })
        .where(eq(gameTransactions.id, opId))
        .returning();
      return gameResult(row!, false);
    });
  }

  /** Marks the bet rolled back and posts its stake back to the player, with the movement's event. */
  async function refundBet(
    tx: DbOrTx,
    input: RollbackInput,
    betRow: GameTransactionRow,
    userId: string,
    currency: CurrencyCode,
    at: Date,
  ) {
    const amount = betRow.amount ?? 0;
    const ledgerId = uuidv7();
    await tx
      .update(gameTransactions)
      .set({ status: 'ROLLED_BACK' })
      .where(eq(gameTransactions.id, betRow.id));
    const after = await applyDelta(tx, userId, currency, amount, at);
    if (!after) throw new Error('Player account missing for a placed bet');
    await tx.insert(ledgerTransactions).values({
      id: ledgerId,
      kind: 'ROLLBACK',
      reference: `game:${input.providerCode}:${input.transactionId}`,
      metadata: { roundId: input.roundId, referenceTransactionId: input.referenceTransactionId },
      createdAt: at,
    });
    await tx.insert(ledgerEntries).values([
      { transactionId: ledgerId, accountId: after.accountId, amount, balanceAfter: after.balance },
      {
        transactionId: ledgerId,
        accountId: ledger.systemAccount('house', currency),
        amount: -amount,
        balanceAfter: null,
      },
    ]);
    await recordMovement(tx, {
      kind: 'ROLLBACK',
      userId,
      currency,
      amount,
      balance: after.balance,
      ledgerTransactionId: ledgerId,
      at,
      game: { providerCode: input.providerCode, gameCode: betRow.gameCode, roundId: input.roundId },
    });
    return { amount, ledgerId, balance: after.balance };
  }

  return {
    bet: (input: BetInput) => gameCall('BET', input),
    win: (input: WinInput) => gameCall('WIN', input),
    rollback,
  };
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
  // The session's first accepted bet marks it played: only played sessions are the player's game history.
  const playedCte =
    kind === 'BET'
      ? `, played as (
        update game_sessions set played_at = $7::timestamptz
        where token = $1 and played_at is null and exists (select 1 from moved))`
      : '';
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
    )${playedCte}, ev as (
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
