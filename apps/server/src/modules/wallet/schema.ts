import type { CurrencyCode } from '@paws/contracts/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from '../../db/columns.ts';

const money = () => bigint({ mode: 'number' });

export const walletCurrencies = pgTable('wallet_currencies', {
  code: text().primaryKey(),
  name: text().notNull(),
  minorUnit: smallint().notNull(),
  symbol: text(),
  isReal: boolean().notNull(),
});

export const walletAccountKind = pgEnum('wallet_account_kind', ['player', 'system']);

/**
 * One account per (player, currency) and per (system role, currency). Player balances are kept on the row
 * and never go below zero. System accounts are the other side of every movement; their balance is the sum
 * of their entries (see decisions: a stored balance would make one row every bet has to lock).
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: id(),
    kind: walletAccountKind().notNull(),
    // No foreign key to identity's users: the wallet stays deployable on its own.
    userId: uuid(),
    systemCode: text(),
    currencyCode: text()
      .$type<CurrencyCode>()
      .notNull()
      .references(() => walletCurrencies.code),
    balance: money(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('wallet_accounts_user_currency_unique').on(t.userId, t.currencyCode),
    uniqueIndex('wallet_accounts_system_currency_unique').on(t.systemCode, t.currencyCode),
    check(
      'wallet_accounts_kind_shape',
      sql`(${t.kind} = 'player' and ${t.userId} is not null and ${t.systemCode} is null and ${t.balance} is not null)
        or (${t.kind} = 'system' and ${t.userId} is null and ${t.systemCode} is not null and ${t.balance} is null)`,
    ),
    check('wallet_accounts_player_balance_not_negative', sql`${t.balance} >= 0`),
  ],
);

export const ledgerKind = pgEnum('ledger_kind', [
  'BET',
  'WIN',
  'ROLLBACK',
  'DEPOSIT',
  'WITHDRAW',
  'WITHDRAW_SETTLE',
  'WITHDRAW_RELEASE',
  'BONUS',
  'ADJUSTMENT',
]);

/** A double-entry ledger transaction; `reference` is unique, so one external call posts at most once. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid().primaryKey(),
    kind: ledgerKind().notNull(),
    reference: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  // created_at: the reports' rollups read the ledger a day at a time.
  (t) => [uniqueIndex('ledger_transactions_reference_unique').on(t.reference), index().on(t.createdAt)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    transactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid()
      .notNull()
      .references(() => walletAccounts.id),
    amount: money().notNull(),
    /** The account's balance after this entry; null for system accounts. */
    balanceAfter: money(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.accountId] }), index().on(t.accountId)],
);

/** Game providers allowed to call the seamless wallet. A null secret means: derived from the server SECRET. */
export const walletProviders = pgTable('wallet_providers', {
  code: text().primaryKey(),
  name: text().notNull(),
  secret: text(),
  enabled: boolean().notNull().default(true),
  createdAt: createdAt(),
});

/** The token a provider uses for one player in one game and currency. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    token: text().primaryKey(),
    userId: uuid().notNull(),
    gameCode: text().notNull(),
    providerCode: text()
      .notNull()
      .references(() => walletProviders.code),
    currencyCode: text()
      .$type<CurrencyCode>()
      .notNull()
      .references(() => walletCurrencies.code),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** The first accepted bet's time: a session only opened (no round played) stays out of the history. */
    playedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

export const gameTransactionKind = pgEnum('game_transaction_kind', ['BET', 'WIN', 'ROLLBACK']);
export const gameTransactionStatus = pgEnum('game_transaction_status', ['OK', 'ROLLED_BACK']);

/**
 * Every seamless-wallet call that was accepted, keyed by (provider, transaction id): the idempotency record,
 * the rollback tombstone (a BET row with no user, already ROLLED_BACK) and the player's bet history.
 */
export const gameTransactions = pgTable(
  'game_transactions',
  {
    id: uuid().primaryKey(),
    providerCode: text()
      .notNull()
      .references(() => walletProviders.code),
    externalId: text().notNull(),
    kind: gameTransactionKind().notNull(),
    status: gameTransactionStatus().notNull(),
    userId: uuid(),
    currencyCode: text()
      .$type<CurrencyCode>()
      .references(() => walletCurrencies.code),
    amount: money(),
    roundId: text().notNull(),
    gameCode: text(),
    referenceExternalId: text(),
    ledgerTransactionId: uuid(),
    balanceAfter: money(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('game_transactions_provider_external_unique').on(t.providerCode, t.externalId),
    index().on(t.userId, t.createdAt),
    // A round's stake (big-win notices) without reading the player's whole history. The round leads: with
    // the provider first, the planner could take this index for a call's (provider, external id) probe
    // (statistics of a young table make the two look alike) and scan every call of the provider.
    index().on(t.roundId, t.providerCode),
    foreignKey({ columns: [t.ledgerTransactionId], foreignColumns: [ledgerTransactions.id] }),
  ],
);
