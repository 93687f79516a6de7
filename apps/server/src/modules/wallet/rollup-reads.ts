import type { CurrencyCode } from '@paws/contracts/wallet';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';

/**
 * What the ledger says players did on each UTC day, per currency, in minor units: the reports' daily
 * rollups are computed from these. Amounts are the players' side of each ledger transaction.
 */
export interface LedgerPlayerDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  userId: string;
  currency: CurrencyCode;
  /** BET debits minus ROLLBACK refunds posted that day. */
  stakes: number;
  /** WIN credits. */
  wins: number;
  /** DEPOSIT credits. */
  deposits: number;
  /** WITHDRAW holds minus WITHDRAW_RELEASE returns (a settle moves no player money). */
  withdrawals: number;
  /** ADJUSTMENT entries, signed. */
  adjustments: number;
  /** BONUS credits. */
  bonusCredits: number;
  /** BET transactions (rolled back later or not). */
  bets: number;
}

/** What the ledger says each game took and paid on each UTC day, per currency, in minor units. */
export interface LedgerGameDay {
  day: string;
  providerCode: string;
  gameCode: string;
  currency: CurrencyCode;
  stakes: number;
  wins: number;
  bets: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (value: unknown) => Number(value ?? 0);

/**
 * Daily sums over the ledger for [from, to) (UTC instants), for the reports module (in the caller's
 * transaction when given). A game call's ledger
 * transaction carries its provider in its reference (`game:<provider>:<id>`) and its game in its metadata;
 * a rollback's game is the refunded bet's.
 */
export function createRollupReads(db: Db) {
  async function playerDays(from: Date, to: Date, q: DbOrTx = db): Promise<LedgerPlayerDay[]> {
    const result = await q.execute(sql`
      select to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, a.user_id as "userId",
        a.currency_code as currency,
        coalesce(-sum(e.amount) filter (where t.kind in ('BET', 'ROLLBACK')), 0)::bigint as stakes,
        coalesce(sum(e.amount) filter (where t.kind = 'WIN'), 0)::bigint as wins,
        coalesce(sum(e.amount) filter (where t.kind = 'DEPOSIT'), 0)::bigint as deposits,
        coalesce(-sum(e.amount) filter (where t.kind in ('WITHDRAW', 'WITHDRAW_RELEASE')), 0)::bigint as withdrawals,
        coalesce(sum(e.amount) filter (where t.kind = 'ADJUSTMENT'), 0)::bigint as adjustments,
        coalesce(sum(e.amount) filter (where t.kind = 'BONUS'), 0)::bigint as "bonusCredits",
        count(*) filter (where t.kind = 'BET')::int as bets
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join wallet_accounts a on a.id = e.account_id and a.kind = 'player'
      where t.created_at >= ${from} and t.created_at < ${to}
      group by 1, 2, 3`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      day: String(r.day),
      userId: String(r.userId),
      currency: r.currency as CurrencyCode,
      stakes: num(r.stakes),
      wins: num(r.wins),
      deposits: num(r.deposits),
      withdrawals: num(r.withdrawals),
      adjustments: num(r.adjustments),
      bonusCredits: num(r.bonusCredits),
      bets: num(r.bets),
    }));
  }

  async function gameDays(from: Date, to: Date, q: DbOrTx = db): Promise<LedgerGameDay[]> {
    const result = await q.execute(sql`
      with calls as (
        select t.created_at, t.kind, split_part(t.reference, ':', 2) as provider_code,
          coalesce(t.metadata ->> 'gameCode', (
            select b.game_code from game_transactions b
            where b.provider_code = split_part(t.reference, ':', 2)
              and b.external_id = t.metadata ->> 'referenceTransactionId')) as game_code,
          t.id
        from ledger_transactions t
        where t.kind in ('BET', 'WIN', 'ROLLBACK') and t.created_at >= ${from} and t.created_at < ${to}
      )
      select to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, c.provider_code as "providerCode",
        coalesce(c.game_code, '') as "gameCode", a.currency_code as currency,
        coalesce(-sum(e.amount) filter (where c.kind in ('BET', 'ROLLBACK')), 0)::bigint as stakes,
        coalesce(sum(e.amount) filter (where c.kind = 'WIN'), 0)::bigint as wins,
        count(*) filter (where c.kind = 'BET')::int as bets
      from calls c
      join ledger_entries e on e.transaction_id = c.id
      join wallet_accounts a on a.id = e.account_id and a.kind = 'player'
      group by 1, 2, 3, 4`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      day: String(r.day),
      providerCode: String(r.providerCode),
      gameCode: String(r.gameCode),
      currency: r.currency as CurrencyCode,
      stakes: num(r.stakes),
      wins: num(r.wins),
      bets: num(r.bets),
    }));
  }

  return { playerDays, gameDays };
}

export type RollupReads = ReturnType<typeof createRollupReads>;
