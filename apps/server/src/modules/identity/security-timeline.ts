import type { RemovableFactor } from '@paws/contracts/staff-factors';
import type { StaffTimelineEntry, StaffTimelineWindow } from '@paws/contracts/staff-timeline';
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { createAccountDirectory } from './directory.ts';
import { factorRemovalRequests } from './factor-removal-schema.ts';
import { playerPasskeys } from './passkeys-schema.ts';

const factorNames: Record<RemovableFactor, string> = { totp: 'Two-step sign-in (authenticator app)' };

/**
 * The player's sign-in security on the timeline: four-eyes factor removals (each request when asked, and
 * its decision when taken, with who and why) and passkeys added and blocked as copies. Each moment is its
 * own stream, read newest first below `before` (`limit` rows each), so the merge's paging stays exact. A
 * removed passkey leaves no row, so it is not here.
 */
export function createSecurityTimeline(db: DbOrTx) {
  const directory = createAccountDirectory(db);

  return async function securityTimeline({
    userId,
    before,
    limit,
  }: StaffTimelineWindow): Promise<StaffTimelineEntry[]> {
    const requests = factorRemovalRequests;
    const [asked, decided, added, blocked] = await Promise.all([
      db
        .select()
        .from(requests)
        .where(and(eq(requests.userId, userId), lt(requests.requestedAt, before)))
        .orderBy(desc(requests.requestedAt))
        .limit(limit),
      db
        .select()
        .from(requests)
        .where(
          and(eq(requests.userId, userId), isNotNull(requests.decidedAt), lt(requests.decidedAt, before)),
        )
        .orderBy(desc(requests.decidedAt))
        .limit(limit),
      db
        .select({ id: playerPasskeys.id, name: playerPasskeys.name, at: playerPasskeys.createdAt })
        .from(playerPasskeys)
        .where(and(eq(playerPasskeys.userId, userId), lt(playerPasskeys.createdAt, before)))
        .orderBy(desc(playerPasskeys.createdAt))
        .limit(limit),
      db
        .select({ id: playerPasskeys.id, name: playerPasskeys.name, at: playerPasskeys.blockedAt })
        .from(playerPasskeys)
        .where(
          and(
            eq(playerPasskeys.userId, userId),
            isNotNull(playerPasskeys.blockedAt),
            lt(playerPasskeys.blockedAt, before),
          ),
        )
        .orderBy(desc(playerPasskeys.blockedAt))
        .limit(limit),
    ]);
    const emails = await directory.emailsOf([
      ...asked.map((row) => row.requestedBy),
      ...decided.flatMap((row) => [row.requestedBy, row.decidedBy ?? row.requestedBy]),
    ]);
    const who = (id: string | null) => (id ? (emails.get(id) ?? id) : 'someone');
    const link = `/players/${userId}?tab=security`;
    return [
      ...asked.map((row) => ({
        id: `security:removal-asked:${row.id}`,
        at: row.requestedAt.toISOString(),
        kind: 'security' as const,
        title: `${factorNames[row.factor]} removal requested by ${who(row.requestedBy)}`,
        detail: row.reason,
        link,
      })),
      ...decided.map((row) => ({
        id: `security:removal-decided:${row.id}`,
        at: row.decidedAt!.toISOString(),
        kind: 'security' as const,
        title: `${factorNames[row.factor]} removal ${row.status === 'APPROVED' ? 'approved' : 'rejected'} by ${who(row.decidedBy)} (requested by ${who(row.requestedBy)})`,
        detail: row.decisionReason,
        link,
      })),
      ...added.map((row) => ({
        id: `security:passkey-added:${row.id}`,
        at: row.at.toISOString(),
        kind: 'security' as const,
        title: `Passkey added: ${row.name}`,
        detail: null,
        link: null,
      })),
      ...blocked.map((row) => ({
        id: `security:passkey-blocked:${row.id}`,
        at: row.at!.toISOString(),
        kind: 'security' as const,
        title: `Passkey blocked as a possible copy: ${row.name}`,
        detail: 'Its signature counter did not go up; it signs nobody in until the player removes it',
        link: null,
      })),
    ];
  };
}
