import { type BalanceItem, type CurrencyCode, currencyCodes, fromMinor } from '@paws/contracts/wallet';
import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql, sum } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { createdBetween, paged, pageOf } from '../../db/paging.ts';
import { runNamed } from '../../db/statements.ts';
import { groupedReads } from '../../lib/grouped-reads.ts';
import { balanceOf, type SystemAccountCode } from './accounts.ts';
import { gameSessions, gameTransactions, ledgerEntries, walletAccounts, walletProviders } from './schema.ts';
import { sessionReference } from './session-reference.ts';

export interface PageQuery {
  dateFrom?: Date;
  dateTo?: Date;
  page?: number;
  limit?: number;
}

interface BalanceRow {
  currency_code: CurrencyCode;
  /** bigint: node-postgres reads it as a string, PGlite as a number. */
  balance: string | number | null;
}
const BALANCES_OF = {
  name: 'wallet_balances_of',
  text: 'select user_id, currency_code, balance from wallet_accounts where user_id = any($1::uuid[])',
};
/** Balance statements in flight at once (of the pool's connections), and players per statement. */
const BALANCE_READS_IN_FLIGHT = 4;
const BALANCE_READS_PER_STATEMENT = 200;

/** Reads for the history lists, the bonus rules and reconciliation. */
export function createWalletQueries({ db, ready }: { db: Db; ready: () => Promise<void> }) {
  // Read on every page of a signed-in player (the user data), so by concurrent requests at once under load:
  // grouped into one statement per free slot (lib/grouped-reads.ts), never cached.
  const balanceRows = groupedReads<string, BalanceRow[]>({
    concurrency: BALANCE_READS_IN_FLIGHT,
    maxBatch: BALANCE_READS_PER_STATEMENT,
    async read(userIds) {
      const rows = await runNamed<BalanceRow & { user_id: string }>(db, BALANCES_OF, [[...new Set(userIds)]]);
      const byUser = new Map<string, BalanceRow[]>();
      for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
      return userIds.map((userId) => byUser.get(userId) ?? []);
    },
  });
  async function balances(userId: string): Promise<BalanceItem[]> {
    const rows = await balanceRows(userId);
    const byCode = new Map(rows.map((r) => [r.currency_code, Number(r.balance ?? 0)]));
    return currencyCodes.map((currencyCode) => {
      const minor = byCode.get(currencyCode) ?? 0;
      return { currencyCode, amount: fromMinor(minor, currencyCode), minor };
    });
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
      createdBetween(gameTransactions.createdAt, query),
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
    const rows = items.map((i) => ({
      ...i,
      amount: i.amount ?? 0,
      // Only a rollback's tombstone has no currency, and it is never a standing bet.
      currencyCode: i.currencyCode!,
    }));
    return { ...paged({ rows, count: totals?.count }, offset), usdStakes: totals?.usd ?? 0 };
  }

  /**
   * The player's real-money (USD) play for the bonus rules: standing bets since the week's and the month's
   * start, wins since the week's start, the UTC days with a bet since `runStart`, and whether any bet exists;
   * only calls made before `until` when given (the bonuses' one-time back-fill of its counters).
   */
  async function playTotals(
    userId: string,
    periods: { weekStart: Date; monthStart: Date; runStart: Date; until?: Date },
  ) {
    const { weekStart, monthStart, runStart, until } = periods;
    const since = new Date(Math.min(weekStart.getTime(), monthStart.getTime(), runStart.getTime()));
    const standing = and(
      eq(gameTransactions.userId, userId),
      eq(gameTransactions.status, 'OK'),
      until ? lt(gameTransactions.createdAt, until) : undefined,
    );
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

  /**
   * The player's played game sessions (at least one bet accepted: a game page only opened is no history),
   * newest first. Each is shown by a reference derived from its token, never the token itself: the token is
   * what a provider presents to the wallet for the player.
   */
  async function gameSessionHistory(userId: string, query: PageQuery = {}) {
    const { limit, offset } = pageOf(query);
    const where = and(
      eq(gameSessions.userId, userId),
      isNotNull(gameSessions.playedAt),
      createdBetween(gameSessions.createdAt, query),
    );
    const rows = await db
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
    const shown = rows.map(({ token, ...row }) => ({ ...row, token: sessionReference(token) }));
    return paged({ rows: shown, count: totals?.count }, offset);
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
      currency: r.currencyCode,
      balance: r.balance ?? 0,
    }));
  }

  /** What each player staked in each round (bets not rolled back), one statement for many: `provider|round|user`. */
  async function roundStakes(
    rounds: { providerCode: string; roundId: string; userId: string }[],
    q: DbOrTx = db,
  ) {
    const stakes = new Map<string, number>();
    if (rounds.length === 0) return stakes;
    const rows = await q
      .select({
        providerCode: gameTransactions.providerCode,
        roundId: gameTransactions.roundId,
        userId: gameTransactions.userId,
        staked: sum(gameTransactions.amount).mapWith(Number),
      })
      .from(gameTransactions)
      .where(
        and(
          inArray(gameTransactions.providerCode, [...new Set(rounds.map((r) => r.providerCode))]),
          inArray(gameTransactions.roundId, [...new Set(rounds.map((r) => r.roundId))]),
          eq(gameTransactions.kind, 'BET'),
          eq(gameTransactions.status, 'OK'),
        ),
      )
      .groupBy(gameTransactions.providerCode, gameTransactions.roundId, gameTransactions.userId);
    for (const row of rows) stakes.set(`${row.providerCode}|${row.roundId}|${row.userId}`, row.staked ?? 0);
    return stakes;
  }

  /**
   * What each of the player's rounds paid back: its standing wins by currency (a free spin stakes FREE_SPINS
   * and wins USD), keyed `provider|round`, in minor units; a round without a win is absent. One page of
   * rounds at a time, through the (provider, round) index.
   */
  async function roundWins(userId: string, rounds: { providerCode: string; roundId: string }[]) {
    const wins = new Map<string, { amount: number; currencyCode: CurrencyCode }>();
    if (rounds.length === 0) return wins;
    const rows = await db
      .select({
        providerCode: gameTransactions.providerCode,
        roundId: gameTransactions.roundId,
        currencyCode: gameTransactions.currencyCode,
        won: sum(gameTransactions.amount).mapWith(Number),
      })
      .from(gameTransactions)
      .where(
        and(
          eq(gameTransactions.userId, userId),
          inArray(gameTransactions.providerCode, [...new Set(rounds.map((r) => r.providerCode))]),
          inArray(gameTransactions.roundId, [...new Set(rounds.map((r) => r.roundId))]),
          eq(gameTransactions.kind, 'WIN'),
          eq(gameTransactions.status, 'OK'),
          isNotNull(gameTransactions.currencyCode),
        ),
      )
      .groupBy(gameTransactions.providerCode, gameTransactions.roundId, gameTransactions.currencyCode);
    for (const row of rows) {
      if (!row.currencyCode || !row.won) continue;
      wins.set(`${row.providerCode}|${row.roundId}`, { amount: row.won, currencyCode: row.currencyCode });
    }
    return wins;
  }

  async function getProvider(code: string) {
    const [row] = await db.select().from(walletProviders).where(eq(walletProviders.code, code));
    return row;
  }

  return {
    balances,
    balanceOf: (userId: string, currency: CurrencyCode) => balanceOf(db, userId, currency),
    bets,
    playTotals,
    gameSessionHistory,
    systemBalances,
    roundStakes,
    roundWins,
    getProvider,
  };
}
