import type { CurrencyCode } from '@paws/contracts/wallet';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createdBetween, type PagedQuery, paged, pageOf } from '../../db/paging.ts';
import type { LedgerKind } from './ledger-writer.ts';
import { ledgerEntries, ledgerTransactions, walletAccounts } from './schema.ts';

/** One posting on one of the player's accounts: what their balance in that currency did, and why. */
export interface StatementLine {
  ledgerTransactionId: string;
  kind: LedgerKind;
  /** Signed change of the player's balance, minor units. */
  amount: number;
  currencyCode: CurrencyCode;
  /** The posting's unique reference (`deposit:<payment id>`, `adjustment:<id>`, …). */
  reference: string;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
}

/**
 * The player's account statement: every posting on their accounts, newest first. Read from the ledger's
 * own entries, so the lines of a currency always add up to its balance (the entries are the balance).
 */
export function createStatement(db: Db) {
  return async function statement(userId: string, query: PagedQuery = {}) {
    const { limit, offset } = pageOf(query);
    const where = and(
      eq(walletAccounts.userId, userId),
      eq(walletAccounts.kind, 'player'),
      createdBetween(ledgerTransactions.createdAt, query),
    );
    const from = () =>
      db
        .select({
          ledgerTransactionId: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          amount: ledgerEntries.amount,
          currencyCode: walletAccounts.currencyCode,
          reference: ledgerTransactions.reference,
          metadata: ledgerTransactions.metadata,
          createdAt: ledgerTransactions.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId));
    const [rows, [totals]] = await Promise.all([
      from()
        .where(where)
        .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
        .limit(limit)
        .offset(offset),
      db
        .select({ count: count() })
        .from(ledgerEntries)
        .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(where),
    ]);
    return paged<StatementLine>({ rows, count: totals?.count }, offset);
  };
}
