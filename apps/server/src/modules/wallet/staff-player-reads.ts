import type { PlayerLedgerEntry } from '@paws/contracts/staff-players';
import { type CurrencyCode, fromMinor } from '@paws/contracts/wallet';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  gameTransactions,
  ledgerEntries,
  ledgerTransactions,
  walletAccounts,
  walletProviders,
} from './schema.ts';

/** A page of a player's list for the back office, with an optional created-at range (Dates, both edges in). */
export interface WalletPlayerPageQuery {
  page: number;
  limit: number;
  order: 'asc' | 'desc';
  from?: Date;
  to?: Date;
}

/** A round the player played with any provider, as the wallet saw it: its stakes and wins in one currency. */
export interface WalletPlayerRound {
  providerCode: string;
  providerName: string;
  roundId: string;
  gameCode: string | null;
  currencyCode: CurrencyCode;
  /** Decimal amounts of the round's currency: standing stakes (rolled-back ones left out) and wins. */
  stake: number;
  win: number;
  rolledBack: boolean;
  createdAt: Date;
}

const between = (column: SQL | typeof ledgerTransactions.createdAt, { from, to }: WalletPlayerPageQuery) =>
  and(
    from ? sql`${column} >= ${from.toISOString()}::timestamptz` : undefined,
    to ? sql`${column} <= ${to.toISOString()}::timestamptz` : undefined,
  );

/** The back office's player page: the player's ledger entries and rounds (any provider), paged. */
export function createWalletPlayerReads(db: DbOrTx) {
  return {
    /** The player's ledger entries (each the player's side of a ledger transaction), newest first by default. */
    async playerLedger(
      userId: string,
      query: WalletPlayerPageQuery & { currency?: CurrencyCode },
    ): Promise<{ items: PlayerLedgerEntry[]; total: number }> {
      const where = and(
        eq(walletAccounts.userId, userId),
        query.currency ? eq(walletAccounts.currencyCode, query.currency) : undefined,
        between(ledgerTransactions.createdAt, query),
      );
      const direction = query.order === 'asc' ? asc : desc;
      const from = () =>
        db
          .select({
            transactionId: ledgerTransactions.id,
            kind: ledgerTransactions.kind,
            reference: ledgerTransactions.reference,
            metadata: ledgerTransactions.metadata,
            createdAt: ledgerTransactions.createdAt,
            currencyCode: walletAccounts.currencyCode,
            amount: ledgerEntries.amount,
            balanceAfter: ledgerEntries.balanceAfter,
          })
          .from(ledgerEntries)
          .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId));
      const [rows, [total]] = await Promise.all([
        from()
          .where(where)
          .orderBy(direction(ledgerTransactions.createdAt), direction(ledgerTransactions.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({ count: count() })
          .from(ledgerEntries)
          .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(where),
      ]);
      const items = rows.map((row) => ({
        ...row,
        amount: fromMinor(row.amount, row.currencyCode),
        balanceAfter: row.balanceAfter === null ? null : fromMinor(row.balanceAfter, row.currencyCode),
        createdAt: row.createdAt.toISOString(),
      }));
      return { items, total: total?.count ?? 0 };
    },

    /** The global search: one ledger transaction by its id, with the players whose accounts it moved. */
    async ledgerTransactionById(id: string) {
      const rows = await db
        .select({
          transactionId: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          reference: ledgerTransactions.reference,
          createdAt: ledgerTransactions.createdAt,
          userId: walletAccounts.userId,
          currencyCode: walletAccounts.currencyCode,
          amount: ledgerEntries.amount,
        })
        .from(ledgerTransactions)
        .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
        .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
        .where(eq(ledgerTransactions.id, id));
      const player = rows.find((row) => row.userId !== null);
      if (!player?.userId) return null;
      return {
        id: player.transactionId,
        userId: player.userId,
        kind: player.kind,
        reference: player.reference,
        amount: fromMinor(player.amount, player.currencyCode),
        currencyCode: player.currencyCode,
        createdAt: player.createdAt.toISOString(),
      };
    },

    /**
     * The player's rounds with every provider, from the seamless-wallet calls: one row per round with its
     * standing stakes and its wins, by the time of its first call, newest first by default.
     */
    async playerRounds(
      userId: string,
      query: WalletPlayerPageQuery,
    ): Promise<{ items: WalletPlayerRound[]; total: number }> {
      const firstAt = sql<Date>`min(${gameTransactions.createdAt})`;
      const where = and(eq(gameTransactions.userId, userId), sql`${gameTransactions.kind} <> 'ROLLBACK'`);
      const having = between(firstAt, query);
      const direction = query.order === 'asc' ? asc : desc;
      const sumOf = (kind: 'BET' | 'WIN') =>
        sql<number>`coalesce(sum(${gameTransactions.amount}) filter (where ${gameTransactions.kind} = ${kind} and ${gameTransactions.status} = 'OK'), 0)`.mapWith(
          Number,
        );
      const rounds = () =>
        db
          .select({
            providerCode: gameTransactions.providerCode,
            roundId: gameTransactions.roundId,
            providerName: sql<string>`min(${walletProviders.name})`,
            gameCode: sql<string | null>`min(${gameTransactions.gameCode})`,
            currencyCode: sql<CurrencyCode>`${gameTransactions.currencyCode}`,
            stake: sumOf('BET'),
            win: sumOf('WIN'),
            rolledBack: sql<boolean>`bool_or(${gameTransactions.status} = 'ROLLED_BACK')`,
            createdAt: firstAt.mapWith(gameTransactions.createdAt),
          })
          .from(gameTransactions)
          .innerJoin(walletProviders, eq(walletProviders.code, gameTransactions.providerCode))
          .where(where)
          // A free spin stakes FREE_SPINS and wins USD: a row per currency of the round.
          .groupBy(gameTransactions.providerCode, gameTransactions.roundId, gameTransactions.currencyCode)
          .having(having);
      const [rows, [total]] = await Promise.all([
        rounds()
          .orderBy(direction(firstAt), direction(gameTransactions.roundId))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ count: count() }).from(rounds().as('rounds')),
      ]);
      const items = rows.map((row) => ({
        ...row,
        stake: fromMinor(row.stake, row.currencyCode),
        win: fromMinor(row.win, row.currencyCode),
      }));
      return { items, total: total?.count ?? 0 };
    },
  };
}
export type WalletPlayerReads = ReturnType<typeof createWalletPlayerReads>;
