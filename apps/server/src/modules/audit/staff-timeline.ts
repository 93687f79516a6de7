import type { StaffTimelineEntry, StaffTimelineWindow } from '@paws/contracts/staff-timeline';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type AuditRow, auditLog } from './schema.ts';

/**
 * The audit log's part of the player page's timeline: every staff (or system) action whose target is the
 * player. `actorName` turns an actor's id into words (the caller knows the people).
 */
export function createAuditTimeline(db: DbOrTx) {
  return {
    async timeline({ userId, before, limit }: StaffTimelineWindow): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId), lt(auditLog.at, before)))
        .orderBy(desc(auditLog.at))
        .limit(limit);
    },

    entries(rows: AuditRow[], actorName: (actorId: string | null) => string): StaffTimelineEntry[] {
      return rows.map((row) => ({
        id: `staff-action:${row.id}`,
        at: row.at.toISOString(),
        kind: 'staff-action' as const,
        title: `${row.action} by ${actorName(row.actorId)}`,
        detail:
          row.after && typeof row.after === 'object' ? summary(row.after as Record<string, unknown>) : null,
        link: null,
      }));
    },
  };
}

/** The action's 'after' in one line: 'reason: cheating · endsAt: null', at most 200 characters. */
function summary(after: Record<string, unknown>): string | null {
  const line = Object.entries(after)
    .filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
  if (!line) return null;
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
