import {
  LIMIT_RAISE_DELAY_HOURS,
  type LimitKind,
  type LimitPeriod,
  type LimitsOverview,
  limitKinds,
  limitPeriodHours,
  limitPeriods,
} from '@paws/contracts/responsible-gaming';
import { fromMinor } from '@paws/contracts/wallet';
import { and, eq, lte, sql } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { depositsWithin } from './deposits.ts';
import { stateAt } from './limit-state.ts';
import { playWindowsText } from './play-statements.ts';
import { rgAccounts, rgLimitChanges, rgLimits } from './schema.ts';

const HOUR = 3_600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LimitChange {
  kind: LimitKind;
  period: LimitPeriod;
  /** Minor units (USD); null removes the limit. */
  amount: number | null;
}

/** A staff change's guard: how it is refused when not stricter, and its audit row in the change's transaction. */
export interface StaffLimitGuard {
  refuse(): never;
  audit(tx: DbOrTx, change: { from: number | null; to: number | null }): Promise<unknown>;
}

/** The player's play in each window (minor units): stakes and wins, counted as the bet statement counts them. */
async function playWindows(q: DbOrTx, userId: string, at: Date) {
  // The statement's own text with literals: a checked uuid and an ISO time, nothing a player typed.
  if (!UUID.test(userId)) throw new Error(`Not a uuid: ${userId}`);
  const text = playWindowsText(`'${userId}'::uuid`, `'${at.toISOString()}'::timestamptz`);
  const result = await q.execute(sql.raw(`with ${text} select * from rg_w`));
  const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    DAY: { stakes: n('s_day'), wins: n('w_day') },
    WEEK: { stakes: n('s_week'), wins: n('w_week') },
    MONTH: { stakes: n('s_month'), wins: n('w_month') },
  } satisfies Record<LimitPeriod, { stakes: number; wins: number }>;
}

/**
 * The player's limits: set or lowered at once, raised or removed after 24 hours (pending until then), each
 * change kept in the history and told as a domain event.
 */
export function createLimits({ db, now }: { db: Db; now: () => Date }) {
  async function rowsOf(q: DbOrTx, userId: string) {
    return q.select().from(rgLimits).where(eq(rgLimits.userId, userId));
  }

  async function overview(userId: string): Promise<LimitsOverview> {
    const at = now();
    const [rows, play] = await Promise.all([rowsOf(db, userId), playWindows(db, userId, at)]);
    const limits = [];
    for (const kind of limitKinds) {
      for (const period of limitPeriods) {
        const row = rows.find((r) => r.kind === kind && r.period === period);
        const state = row ? stateAt(row, at) : { amount: null, pending: null };
        const window = play[period];
        const used =
          kind === 'DEPOSIT'
            ? await depositsWithin(db, userId, at, limitPeriodHours[period])
            : kind === 'WAGER'
              ? window.stakes
              : window.stakes - window.wins;
        limits.push({
          kind,
          period,
          amount: state.amount === null ? null : fromMinor(state.amount, 'USD'),
          pending: state.pending
            ? {
                amount: state.pending.amount === null ? null : fromMinor(state.pending.amount, 'USD'),
                effectiveAt: state.pending.effectiveAt.toISOString(),
              }
            : null,
          used: fromMinor(used, 'USD'),
          left: state.amount === null ? null : fromMinor(Math.max(0, state.amount - used), 'USD'),
        });
      }
    }
    return { limits };
  }

  /**
   * Sets, lowers, raises or removes one limit. `by`: 'player' or 'staff:<id>'. `staff`: a change on the
   * player's behalf, refused unless it is a new or strictly lower limit, audited in its transaction.
   */
  async function change(
    userId: string,
    { kind, period, amount }: LimitChange,
    by = 'player',
    staff?: StaffLimitGuard,
  ) {
    const at = now();
    await db.transaction(async (tx) => {
      await tx.insert(rgAccounts).values({ userId }).onConflictDoNothing();
      await tx.execute(sql`select 1 from rg_accounts where user_id = ${userId} for update`);
      const [row] = await tx
        .select()
        .from(rgLimits)
        .where(and(eq(rgLimits.userId, userId), eq(rgLimits.kind, kind), eq(rgLimits.period, period)));
      const state = row ? stateAt(row, at) : null;
      const current = state?.amount ?? null;
      if (staff && (amount === null || (current !== null && amount >= current))) staff.refuse();
      // Asking again for what is in force, or for the change already waiting, changes nothing (nor its clock).
      if (amount === current && !state?.pending) return;
      if (state?.pending && state.pending.amount === amount) return;
      // Stricter (a new limit, a lower one) applies now and drops any pending raise; looser waits.
      const stricter = amount !== null && (current === null || amount <= current);
      const effectiveAt = stricter ? at : new Date(at.getTime() + LIMIT_RAISE_DELAY_HOURS * HOUR);
      const values = stricter
        ? { amount, nextAmount: null, nextFrom: null, updatedAt: at }
        : { amount: current, nextAmount: amount, nextFrom: effectiveAt, updatedAt: at };
      await tx
        .insert(rgLimits)
        .values({ userId, kind, period, ...values })
        .onConflictDoUpdate({ target: [rgLimits.userId, rgLimits.kind, rgLimits.period], set: values });
      await tx.insert(rgLimitChanges).values({
        userId,
        kind,
        period,
        fromAmount: current,
        toAmount: amount,
        requestedAt: at,
        effectiveAt,
        requestedBy: by,
      });
      await staff?.audit(tx, { from: current, to: amount });
      await recordEvent(tx, 'responsible-gaming.limit_changed', {
        userId,
        kind,
        period,
        from: current,
        to: amount,
        effectiveAt: effectiveAt.toISOString(),
      });
    });
    return overview(userId);
  }

  /** The job's tidy-up: pending changes whose time has come become the limit (reads apply them already). */
  async function applyDue() {
    const at = now();
    const applied = await db
      .update(rgLimits)
      .set({ amount: sql`${rgLimits.nextAmount}`, nextAmount: null, nextFrom: null, updatedAt: at })
      .where(lte(rgLimits.nextFrom, at))
      .returning({ userId: rgLimits.userId });
    return applied.length;
  }

  /** The history of a player's limit changes, newest first (the back office's). */
  async function history(userId: string) {
    return db
      .select()
      .from(rgLimitChanges)
      .where(eq(rgLimitChanges.userId, userId))
      .orderBy(sql`${rgLimitChanges.requestedAt} desc`)
      .limit(200);
  }

  return { overview, change, applyDue, history, rowsOf };
}

export type Limits = ReturnType<typeof createLimits>;
