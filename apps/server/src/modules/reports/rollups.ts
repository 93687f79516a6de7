import { ROLLUP_MAX_DAYS, type RollupRun, staffReportsMessages } from '@paws/contracts/staff-reports';
import { and, gte, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { LedgerGameDay, LedgerPlayerDay, RollupReads } from '../wallet/index.ts';
import { addDays, dayOf, daysBetween, startOf } from './days.ts';
import { reportGameDays, reportPlayerDays, reportRollupDays } from './schema.ts';

/** A scheduled run also fills any of these last days that was never computed (a new deployment). */
export const FILL_DAYS = 31;
const BATCH = 500;
// Any constant: one rollup writes at a time, whichever process runs it.
const ROLLUP_LOCK = 7_281_014;

export interface RollupDeps {
  db: Db;
  ledger: RollupReads;
  log: FastifyBaseLogger;
  now?: () => Date;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The daily rollups: per player and per game, each day's figures from the wallet ledger, written with an
 * upsert that touches a row only when its figures differ, and rows the ledger no longer backs removed. So
 * a run is idempotent: run again over the same ledger, it changes nothing.
 */
export function createRollups({ db, ledger, log, now = () => new Date() }: RollupDeps) {
  async function upsertPlayers(tx: DbOrTx, rows: LedgerPlayerDay[], at: Date) {
    let changed = 0;
    for (let i = 0; i < rows.length; i += BATCH) {
      const written = await tx
        .insert(reportPlayerDays)
        .values(
          rows.slice(i, i + BATCH).map((r) => ({
            day: r.day,
            userId: r.userId,
            currencyCode: r.currency,
            stakes: r.stakes,
            wins: r.wins,
            deposits: r.deposits,
            withdrawals: r.withdrawals,
            adjustments: r.adjustments,
            bonusCosts: r.bonusCredits,
            bets: r.bets,
            updatedAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: [reportPlayerDays.day, reportPlayerDays.userId, reportPlayerDays.currencyCode],
          set: {
            stakes: sql`excluded.stakes`,
            wins: sql`excluded.wins`,
            deposits: sql`excluded.deposits`,
            withdrawals: sql`excluded.withdrawals`,
            adjustments: sql`excluded.adjustments`,
            bonusCosts: sql`excluded.bonus_costs`,
            bets: sql`excluded.bets`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: sql`(report_player_days.stakes, report_player_days.wins, report_player_days.deposits,
            report_player_days.withdrawals, report_player_days.adjustments, report_player_days.bonus_costs,
            report_player_days.bets) is distinct from (excluded.stakes, excluded.wins, excluded.deposits,
            excluded.withdrawals, excluded.adjustments, excluded.bonus_costs, excluded.bets)`,
        })
        .returning({ day: reportPlayerDays.day });
      changed += written.length;
    }
    return changed;
  }

  async function upsertGames(tx: DbOrTx, rows: LedgerGameDay[], at: Date) {
    let changed = 0;
    for (let i = 0; i < rows.length; i += BATCH) {
      const written = await tx
        .insert(reportGameDays)
        .values(
          rows.slice(i, i + BATCH).map((r) => ({
            day: r.day,
            providerCode: r.providerCode,
            gameCode: r.gameCode,
            currencyCode: r.currency,
            stakes: r.stakes,
            wins: r.wins,
            bets: r.bets,
            updatedAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: [
            reportGameDays.day,
            reportGameDays.providerCode,
            reportGameDays.gameCode,
            reportGameDays.currencyCode,
          ],
          set: {
            stakes: sql`excluded.stakes`,
            wins: sql`excluded.wins`,
            bets: sql`excluded.bets`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: sql`(report_game_days.stakes, report_game_days.wins, report_game_days.bets)
            is distinct from (excluded.stakes, excluded.wins, excluded.bets)`,
        })
        .returning({ day: reportGameDays.day });
      changed += written.length;
    }
    return changed;
  }

  /** Rows of the range the ledger no longer backs (only a repaired ledger loses rows). */
  async function removeStale(
    tx: DbOrTx,
    from: string,
    to: string,
    players: LedgerPlayerDay[],
    games: LedgerGameDay[],
  ) {
    const playerKeys = JSON.stringify(
      players.map((r) => ({ day: r.day, user_id: r.userId, currency: r.currency })),
    );
    const gameKeys = JSON.stringify(
      games.map((r) => ({ day: r.day, provider: r.providerCode, game: r.gameCode, currency: r.currency })),
    );
    const removedPlayers = await tx.execute(sql`
      delete from report_player_days d where d.day >= ${from} and d.day <= ${to}
        and not exists (
          select 1 from jsonb_to_recordset(${playerKeys}::jsonb) as k(day date, user_id uuid, currency text)
          where k.day = d.day and k.user_id = d.user_id and k.currency = d.currency_code)
      returning d.day`);
    const removedGames = await tx.execute(sql`
      delete from report_game_days d where d.day >= ${from} and d.day <= ${to}
        and not exists (
          select 1 from jsonb_to_recordset(${gameKeys}::jsonb) as k(day date, provider text, game text, currency text)
          where k.day = d.day and k.provider = d.provider_code and k.game = d.game_code
            and k.currency = d.currency_code)
      returning d.day`);
    return rowsOf(removedPlayers).length + rowsOf(removedGames).length;
  }

  /** Recomputes the days from `dateFrom` to `dateTo` (both included; default yesterday and today). */
  async function run(range: { dateFrom?: string; dateTo?: string } = {}): Promise<RollupRun> {
    const started = now();
    const today = dayOf(started);
    let dateTo = range.dateTo ?? today;
    const dateFrom = range.dateFrom ?? addDays(dateTo, -1);
    if (dateFrom > dateTo) dateTo = dateFrom;
    if (daysBetween(dateFrom, dateTo).length > ROLLUP_MAX_DAYS) {
      throw range.dateTo
        ? badRequest(staffReportsMessages.rangeTooLong, 'dateTo')
        : badRequest(staffReportsMessages.rangeTooLongFrom, 'dateFrom');
    }
    const from = startOf(dateFrom);
    const to = startOf(addDays(dateTo, 1));
    const computedAt = now();
    const { changedRows, players, games } = await db.transaction(async (tx) => {
      // One run at a time, and its reads after the lock: a run that read an older ledger cannot write
      // over a newer run's figures.
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
      const players = await ledger.playerDays(from, to, tx);
      const games = await ledger.gameDays(from, to, tx);
      const changed =
        (await upsertPlayers(tx, players, computedAt)) +
        (await upsertGames(tx, games, computedAt)) +
        (await removeStale(tx, dateFrom, dateTo, players, games));
      await tx
        .insert(reportRollupDays)
        .values(daysBetween(dateFrom, dateTo).map((day) => ({ day, computedAt })))
        .onConflictDoUpdate({ target: reportRollupDays.day, set: { computedAt } });
      return { changedRows: changed, players, games };
    });
    log.info(
      { dateFrom, dateTo, changedRows, ms: now().getTime() - started.getTime() },
      'report rollups computed',
    );
    return {
      dateFrom,
      dateTo,
      changedRows,
      playerRows: players.length,
      gameRows: games.length,
      computedAt: computedAt.toISOString(),
    };
  }

  /**
   * The scheduled run: yesterday and today, reaching back to the oldest of the last FILL_DAYS days never
   * computed, so a new deployment's dashboard shows its month after the first tick.
   */
  async function scheduledRun() {
    const today = dayOf(now());
    const first = addDays(today, -(FILL_DAYS - 1));
    const done = await db
      .select({ day: reportRollupDays.day })
      .from(reportRollupDays)
      .where(and(gte(reportRollupDays.day, first), lte(reportRollupDays.day, today)));
    const computed = new Set(done.map((d) => d.day));
    const missing = daysBetween(first, addDays(today, -2)).find((day) => !computed.has(day));
    return run({ dateFrom: missing ?? addDays(today, -1), dateTo: today });
  }

  return { run, scheduledRun };
}

export type Rollups = ReturnType<typeof createRollups>;
