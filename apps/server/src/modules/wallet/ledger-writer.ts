import { type DomainEventPayload, domainEventSchemas } from '@paws/contracts/events';
import type { CurrencyCode } from '@paws/contracts/wallet';
import type { DbOrTx } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { runNamed } from '../../db/statements.ts';
import { uuidv7 } from '../../lib/ids.ts';
import {
  type BatchShape,
  batchStatement,
  betWith,
  limitedBetStatement,
  type PostingShape,
  type PostingValues,
  postingStatements,
  type StatementCompanion,
} from './posting-statements.ts';
import type { ledgerTransactions } from './schema.ts';

/*
 * The ledger's only writer: every ledger transaction, its entries and its wallet.moved event are written by
 * writePosting, one statement (posting-statements.ts) on the database or in the caller's transaction.
 */

export type LedgerKind = (typeof ledgerTransactions.kind.enumValues)[number];

/** The wallet.moved event's payload: a committed change of a player's balance. */
export type WalletMovement = DomainEventPayload<'wallet.moved'>;

interface PostingHeader {
  ledgerTransactionId: string;
  kind: LedgerKind;
  /** Unique: a reference is posted at most once. */
  reference: string;
  metadata?: Record<string, unknown> | null;
  at: Date;
  /** Signed change of the moving account, minor units; the counterparty takes the opposite. */
  amount: number;
  counterpartyAccountId: string;
}

/** A change of a player's balance, never below zero, with its wallet.moved event. */
export interface PlayerPosting extends PostingHeader {
  userId: string;
  currency: CurrencyCode;
  /** The round it belongs to, carried by the event. */
  game?: WalletMovement['game'];
  /** A rollback's refunded bet's time, carried by the event. */
  refundedBetAt?: Date;
  /** Told to the player with the movement (an adjustment's note). */
  reason?: string;
}

/** A posting between two system accounts: no player's balance moves, so no event. */
export interface SystemPosting extends PostingHeader {
  accountId: string;
}

/**
 * A provider's bet or win (the posting's kind): the posting also checks the game session and writes the
 * call's record.
 */
export interface GameCallRecord {
  recordId: string;
  sessionToken: string;
  providerCode: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  /** The bet a win pays, when the provider names it. */
  referenceTransactionId?: string;
  /** When bans and the player's limits are read (identity's clock). */
  banAt?: Date;
  /** A bet of a player with limits: checked against them and counted (its caller holds their lock). */
  limited?: boolean;
}

/** A companion of a bet's statement (posting-statements.ts) and the values it binds. */
export interface BoundCompanion {
  statement: StatementCompanion;
  values: Record<string, unknown>;
}

/** Why nothing moved, read by the same statement. */
export interface PostingDiagnosis {
  /** The player's balance; null when they have no account in the currency (or for a system posting). */
  current_balance: number | string | null;
  session_user: string | null;
  session_currency: string | null;
  session_provider: string | null;
  session_expires: string | null;
  /** The named bet's state: OK, ROLLED_BACK, MISMATCH, or null when unknown. */
  reference_state: string | null;
  /** Whether the player has a live ban (a bet only). */
  banned: boolean | null;
  /** A bet of a player with limits (responsible gaming), refused on the one-statement path. */
  limited?: boolean | null;
  /** On the limited path, the loss or wager limit the bet would pass. */
  over_limit?: { kind: 'LOSS' | 'WAGER'; period: 'DAY' | 'WEEK' | 'MONTH' } | null;
  /** On the limited path, the daily play-time limit (minutes) the player has played out. */
  played_out?: number | null;
}

/**
 * When moved, `balance` is the player's balance after (null for a system posting). `companionReady`: whether
 * the companion's condition held (true without one).
 */
export type PostingOutcome = { companionReady: boolean } & (
  | { moved: true; balance: number | null }
  | { moved: false; diagnosis: PostingDiagnosis }
);

// The balance is the one field the statement fills in (the bigint it just wrote); the rest is checked here.
const movementBeforeBalance = domainEventSchemas['wallet.moved'].omit({ balance: true });

/** Writes one ledger transaction; nothing is written when the guards refuse it (see the diagnosis). */
export async function writePosting(
  q: DbOrTx,
  posting: PlayerPosting | SystemPosting,
  call?: GameCallRecord,
  companion?: BoundCompanion,
): Promise<PostingOutcome> {
  const shape = shapeOf(posting, call);
  if (companion && shape !== 'bet') throw new Error('Only a bet takes a companion');
  const limited = shape === 'bet' && call?.limited === true;
  const statement = companion
    ? betWith(companion.statement, limited)
    : limited
      ? limitedBetStatement
      : postingStatements[shape];
  const values = bindValues(posting, call);
  const [row] = (await runNamed(
    q,
    statement,
    statement.order.map((name) => {
      const value = name.startsWith('companion.')
        ? companion?.values[name.slice('companion.'.length)]
        : values[name as keyof PostingValues];
      if (value === undefined) throw new Error(`Posting statement ${statement.name} needs ${name}`);
      return value;
    }),
  )) as AnswerRow[];
  return outcomeOf(row);
}

interface AnswerRow {
  moved: boolean;
  balance: string | number | null;
  companion_ready: boolean;
  diagnosis: PostingDiagnosis | string | null;
}

/**
 * Writes several game calls of one shape, each of a different player, in one statement (one round trip, one
 * commit): each posting keeps its own guards and gets its own outcome, in the order given. Bets may carry a
 * companion, the same statement for all. Any error (a concurrent duplicate's unique index, a deadlock) undoes
 * them all; the caller then posts them one by one.
 */
export async function writePostings(
  q: DbOrTx,
  shape: BatchShape,
  postings: Array<{ posting: PlayerPosting; call: GameCallRecord; companion?: BoundCompanion }>,
): Promise<PostingOutcome[]> {
  const companion = postings[0]?.companion?.statement;
  if (postings.some((item) => item.companion?.statement !== companion))
    throw new Error('A batch holds one companion');
  const statement = batchStatement(shape, companion);
  const values = postings.map(({ posting, call }) => {
    if (shapeOf(posting, call) !== shape || call.limited)
      throw new Error(`A ${shape} batch holds only its shape`);
    return bindValues(posting, call);
  });
  const rows = (await runNamed(
    q,
    statement,
    statement.order.map((key) =>
      postings.map((posting, item) => {
        const value = key.startsWith('companion.')
          ? posting.companion?.values[key.slice('companion.'.length)]
          : values[item]?.[key as keyof PostingValues];
        if (value === undefined) throw new Error(`Posting statement ${statement.name} needs ${item}.${key}`);
        return value;
      }),
    ),
  )) as Array<AnswerRow & { i: number }>;
  const byItem = new Map(rows.map((row) => [Number(row.i), row]));
  return postings.map((_, item) => outcomeOf(byItem.get(item)));
}

function outcomeOf(row: AnswerRow | undefined): PostingOutcome {
  if (!row) throw new Error('Posting statement returned no row');
  const companionReady = row.companion_ready;
  if (row.moved)
    return { companionReady, moved: true, balance: row.balance === null ? null : Number(row.balance) };
  const diagnosis = typeof row.diagnosis === 'string' ? JSON.parse(row.diagnosis) : row.diagnosis;
  if (!diagnosis) throw new Error('Posting statement returned no diagnosis');
  return { companionReady, moved: false, diagnosis };
}

function shapeOf(posting: PlayerPosting | SystemPosting, call?: GameCallRecord): PostingShape {
  if ('accountId' in posting) return 'system';
  if (!call) return 'player';
  if (posting.kind === 'BET') return 'bet';
  if (posting.kind !== 'WIN') throw new Error(`A game call posts a bet or a win, not ${posting.kind}`);
  return call.referenceTransactionId ? 'winWithReference' : 'win';
}

function bindValues(posting: PlayerPosting | SystemPosting, call?: GameCallRecord): Partial<PostingValues> {
  const values: Partial<PostingValues> = {
    ledgerId: posting.ledgerTransactionId,
    kind: posting.kind,
    reference: posting.reference,
    metadata: posting.metadata ? JSON.stringify(posting.metadata) : null,
    at: posting.at.toISOString(),
    amount: String(posting.amount),
    counterparty: posting.counterpartyAccountId,
  };
  if ('accountId' in posting) {
    values.account = posting.accountId;
    return values;
  }
  values.userId = posting.userId;
  values.currency = posting.currency;
  values.eventId = uuidv7();
  values.event = JSON.stringify(
    movementBeforeBalance.parse({
      kind: posting.kind,
      userId: posting.userId,
      currency: posting.currency,
      amount: posting.amount,
      ledgerTransactionId: posting.ledgerTransactionId,
      at: values.at,
      refundedBetAt: posting.refundedBetAt?.toISOString(),
      game: posting.game,
      reason: posting.reason,
    }),
  );
  if (call) {
    values.sessionToken = call.sessionToken;
    values.provider = call.providerCode;
    values.externalId = call.transactionId;
    values.recordId = call.recordId;
    values.roundId = call.roundId;
    values.gameCode = call.gameCode;
    if (call.referenceTransactionId) values.referenceExternalId = call.referenceTransactionId;
    values.banAt = (call.banAt ?? posting.at).toISOString();
  }
  return values;
}

const DUPLICATE_RETRIES = 3;

/** A concurrent duplicate undoes the whole posting; run again, it meets the first one's rows. */
export async function retryingDuplicates<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (attempt >= DUPLICATE_RETRIES || pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
    }
  }
}
