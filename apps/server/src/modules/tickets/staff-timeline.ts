import type { StaffTimelineEntry, StaffTimelineWindow } from '@paws/contracts/staff-timeline';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tickets } from './schema.ts';

/** The tickets' part of the player page's timeline: each ticket the player opened, with its status now. */
export function createTicketsTimeline(db: DbOrTx) {
  return {
    async timeline({ userId, before, limit }: StaffTimelineWindow): Promise<StaffTimelineEntry[]> {
      const rows = await db
        .select({
          id: tickets.id,
          createdAt: tickets.createdAt,
          subject: tickets.subject,
          status: tickets.status,
          category: tickets.category,
          messageCount: tickets.messageCount,
        })
        .from(tickets)
        .where(and(eq(tickets.userId, userId), lt(tickets.createdAt, before)))
        .orderBy(desc(tickets.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        id: `ticket:${row.id}`,
        at: row.createdAt.toISOString(),
        kind: 'ticket' as const,
        title: `Ticket opened · ${row.status}`,
        detail: `${row.category} · ${row.subject}`,
        link: `/tickets/${row.id}`,
      }));
    },
  };
}
