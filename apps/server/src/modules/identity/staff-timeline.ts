import type { StaffTimelineEntry, StaffTimelineWindow } from '@paws/contracts/staff-timeline';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bans, signIns, staffPlayerNotes } from './schema.ts';
import { createSecurityTimeline } from './security-timeline.ts';
import { deviceInWords, utcMinute } from './session-list.ts';

const NOTE_SHOWN = 200;

function deviceLine(userAgent: string | null, ip: string | null): string | null {
  const { browser, system } = deviceInWords(userAgent);
  const parts = [browser && system ? `${browser} on ${system}` : (browser ?? system), ip].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * Identity's part of the player page's timeline: sign-ins (and refused ones), bans and breaks, staff notes,
 * and sign-in security (factor removals, passkeys: security-timeline.ts).
 */
export function createIdentityTimeline(db: DbOrTx) {
  const securityTimeline = createSecurityTimeline(db);
  return {
    async timeline(window: StaffTimelineWindow): Promise<StaffTimelineEntry[]> {
      const { userId, before, limit } = window;
      const [signInRows, banRows, noteRows, securityEntries] = await Promise.all([
        db
          .select()
          .from(signIns)
          .where(and(eq(signIns.userId, userId), lt(signIns.at, before)))
          .orderBy(desc(signIns.at))
          .limit(limit),
        db
          .select()
          .from(bans)
          .where(and(eq(bans.userId, userId), lt(bans.createdAt, before)))
          .orderBy(desc(bans.createdAt))
          .limit(limit),
        db
          .select()
          .from(staffPlayerNotes)
          .where(and(eq(staffPlayerNotes.userId, userId), lt(staffPlayerNotes.createdAt, before)))
          .orderBy(desc(staffPlayerNotes.createdAt))
          .limit(limit),
        securityTimeline(window),
      ]);
      const signInEntries = signInRows.map((row) => ({
        id: `sign-in:${row.id}`,
        at: row.at.toISOString(),
        kind: 'sign-in' as const,
        title: row.success
          ? `Signed in${row.newDevice ? ' on a new device' : ''}`
          : `Sign-in refused (${(row.failure ?? 'refused').replace(/_/g, ' ')})`,
        detail: deviceLine(row.userAgent, row.ip),
        link: `/players/${userId}?tab=sign-ins`,
      }));
      const banEntries = banRows.map((row) => {
        const what = { STAFF: 'Banned', TIME_OUT: 'Took a time-out', SELF_EXCLUSION: 'Self-excluded' }[
          row.kind
        ];
        const until = row.endsAt ? `until ${utcMinute(row.endsAt)}` : 'with no end';
        const lifted = row.liftedAt ? ` · lifted ${utcMinute(row.liftedAt)}` : '';
        return {
          id: `ban:${row.id}`,
          at: row.createdAt.toISOString(),
          kind: 'ban' as const,
          title: `${what ?? 'Banned'} ${until}${lifted}`,
          detail: row.reason,
          link: null,
        };
      });
      const noteEntries = noteRows.map((row) => ({
        id: `note:${row.id}`,
        at: row.createdAt.toISOString(),
        kind: 'note' as const,
        title: 'Staff note',
        detail: row.body.length > NOTE_SHOWN ? `${row.body.slice(0, NOTE_SHOWN)}…` : row.body,
        link: `/players/${userId}?tab=notes`,
      }));
      return [...signInEntries, ...banEntries, ...noteEntries, ...securityEntries];
    },
  };
}
