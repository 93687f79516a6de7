import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** What the ledger promises, checked in SQL; each list names the rows that break a promise. */
export interface LedgerFindings {
  /** Transactions whose entries do not sum to zero in a currency. */
  unbalanced: { transactionId: string; currency: string; total: string }[];
  /** Transactions with fewer than two entries. */
  thin: { transactionId: string }[];
  /** Player accounts whose stored balance differs from the sum of their entries. */
  drift: { accountId: string; balance: string; entries: string }[];
  /** Player accounts below zero. */
  negative: { accountId: string }[];
}

/** A provider's bet that neither a win nor a rollback answered (the round may still be open). */
export interface OpenBet {
  externalId: string;
  roundId: string;
  userId: string;
  currency: string;
  /** Minor units. */
  amount: number;
  createdAt: Date;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The ledger's own checks and the bets still open, for the reconciliation job. */
export function createAuditChecks(db: Db) {
  async function ledgerFindings(): Promise<LedgerFindings> {
    const [unbalanced, thin, drift, negative] = await Promise.all([
      db.execute(sql`select e.transaction_id as "transactionId", a.currency_code as currency, sum(e.amount)::text as total
        from ledger_entries e join wallet_accounts a on a.id = e.account_id
        group by e.transaction_id, a.currency_code having sum(e.amount) <> 0`),
      db.execute(sql`select t.id as "transactionId" from ledger_transactions t
        left join ledger_entries e on e.transaction_id = t.id group by t.id having count(e.transaction_id) < 2`),
      db.execute(sql`select a.id as "accountId", a.balance::text as balance, coalesce(sum(e.amount), 0)::text as entries
        from wallet_accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind = 'player' group by a.id having a.balance <> coalesce(sum(e.amount), 0)`),
      db.execute(sql`select id as "accountId" from wallet_accounts where kind = 'player' and balance < 0`),
    ]);
    return {
      unbalanced: rowsOf(unbalanced),
      thin: rowsOf(thin),
      drift: rowsOf(drift),
      negative: rowsOf(negative),
    };
  }

  /** `provider`'s accepted bets made between `since` and `before` with no win paying them and no rollback. */
  async function openBets(provider: string, before: Date, since: Date): Promise<OpenBet[]> {
    const result = await db.execute(sql`
      select b.external_id as "externalId", b.round_id as "roundId", b.user_id as "userId",
             b.currency_code as currency, b.amount::int as amount, b.created_at as "createdAt"
      from game_transactions b
      where b.provider_code = ${provider} and b.kind = 'BET' and b.status = 'OK' and b.user_id is not null
        and b.created_at < ${before} and b.created_at >= ${since}
        and not exists (
          select 1 from game_transactions w
          where w.provider_code = b.provider_code and w.kind = 'WIN' and w.round_id = b.round_id
            and w.user_id = b.user_id)
      order by b.created_at
      limit 1000`);
    return rowsOf<OpenBet>(result).map((bet) => ({ ...bet, createdAt: new Date(bet.createdAt) }));
  }

  return { ledgerFindings, openBets };
}
