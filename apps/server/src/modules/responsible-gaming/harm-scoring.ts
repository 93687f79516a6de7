import { HARM_FLAG_SCORE } from '@paws/contracts/staff-responsible-gaming';
import { and, eq, gt, inArray, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { FACTS_DAYS, type PlayerFacts, scorePlayer } from './harm-markers.ts';
import { rgActivityHours, rgDeposits, rgHarmScores, rgLimitChanges } from './schema.ts';

const DAY = 86_400_000;
/** Players active in the last 30 days are scored; activity older than 35 days is dropped. */
const ACTIVE_DAYS = 30;
const KEEP_DAYS = 35;
const CHUNK = 200;

const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY);

/**
 * The daily scoring of the markers of harm: every player with real-money activity in the last 30 days, a
 * chunk of players at a time, from this module's own facts of the last weeks (activity hours, deposits,
 * limit changes). A day's scores replace that day's earlier run. Cost: the recent window, never the history.
 */
export function createHarmScoring({ db, now }: { db: Db; now: () => Date }) {
  async function factsOf(userIds: string[], at: Date) {
    const [deposits, hours, changes] = await Promise.all([
      db
        .select({ userId: rgDeposits.userId, at: rgDeposits.at, amount: rgDeposits.amount })
        .from(rgDeposits)
        .where(
          and(
            inArray(rgDeposits.userId, userIds),
            gt(rgDeposits.at, daysBefore(at, FACTS_DAYS.deposits)),
            lte(rgDeposits.at, at),
          ),
        ),
      db
        .select()
        .from(rgActivityHours)
        .where(
          and(
            inArray(rgActivityHours.userId, userIds),
            gt(rgActivityHours.hour, daysBefore(at, FACTS_DAYS.hours)),
            lte(rgActivityHours.hour, at),
          ),
        ),
      db
        .select()
        .from(rgLimitChanges)
        .where(
          and(
            inArray(rgLimitChanges.userId, userIds),
            gt(rgLimitChanges.requestedAt, daysBefore(at, FACTS_DAYS.limitChanges)),
          ),
        ),
    ]);
    const facts = new Map<string, PlayerFacts>(
      userIds.map((id) => [id, { deposits: [], hours: [], limitChanges: [] }]),
    );
    for (const d of deposits) facts.get(d.userId)?.deposits.push(d);
    for (const h of hours) facts.get(h.userId)?.hours.push(h);
    for (const c of changes)
      facts.get(c.userId)?.limitChanges.push({
        from: c.fromAmount,
        to: c.toAmount,
        requestedAt: c.requestedAt,
        requestedBy: c.requestedBy,
      });
    return facts;
  }

  /** Scores today's (UTC) day; `{ day, scored, flagged }`. */
  async function scoreDay() {
    const at = now();
    const day = at.toISOString().slice(0, 10);
    const active = await db
      .selectDistinct({ userId: rgActivityHours.userId })
      .from(rgActivityHours)
      .where(and(gt(rgActivityHours.hour, daysBefore(at, ACTIVE_DAYS)), lte(rgActivityHours.hour, at)));
    let flagged = 0;
    for (let i = 0; i < active.length; i += CHUNK) {
      const ids = active.slice(i, i + CHUNK).map((row) => row.userId);
      const facts = await factsOf(ids, at);
      const rows = [...facts].flatMap(([userId, f]) => {
        const { score, reasons } = scorePlayer(f, at);
        return score > 0 ? [{ day, userId, score, reasons, createdAt: at }] : [];
      });
      flagged += rows.filter((row) => row.score >= HARM_FLAG_SCORE).length;
      await db.transaction(async (tx) => {
        await tx
          .delete(rgHarmScores)
          .where(and(eq(rgHarmScores.day, day), inArray(rgHarmScores.userId, ids)));
        if (rows.length > 0) await tx.insert(rgHarmScores).values(rows);
      });
    }
    await db.delete(rgActivityHours).where(lt(rgActivityHours.hour, daysBefore(at, KEEP_DAYS)));
    return { day, scored: active.length, flagged };
  }

  return { scoreDay };
}
