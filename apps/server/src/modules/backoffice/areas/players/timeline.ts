import {
  type StaffTimelineEntry,
  type StaffTimelineKind,
  type StaffTimelinePage,
  type StaffTimelineQuery,
  staffTimelineKinds,
} from '@paws/contracts/staff-timeline';
import type { Db } from '../../../../db/client.ts';
import { createAuditTimeline } from '../../../audit/index.ts';
import { createBonusesPlayerReads } from '../../../bonuses/index.ts';
import { createIdentityTimeline } from '../../../identity/index.ts';
import { createPaymentsPlayerReads } from '../../../payments/index.ts';
import { createReportsTimeline } from '../../../reports/index.ts';
import { createTicketsTimeline } from '../../../tickets/index.ts';
import type { BackOfficeDeps } from '../../deps.ts';
import { peopleOf } from '../../people.ts';

const DAY_MS = 86_400_000;
/** How many entries of one instant a page may hold when the instant alone is longer than a page. */
const SAME_INSTANT_MAX = 500;

type Source = (window: { userId: string; before: Date; limit: number }) => Promise<StaffTimelineEntry[]>;

/**
 * The player page's timeline: each module that keeps a part of the player's story is asked for its newest
 * `limit` entries before `before`; the merge keeps the newest `limit` of them all. A page is a bounded number
 * of indexed reads, whatever the length of the history. `before` is strict, so no entry shows twice.
 */
export function createPlayerTimeline({ db, identity }: Pick<BackOfficeDeps, 'identity'> & { db: Db }) {
  const identityPart = createIdentityTimeline(db);
  const payments = createPaymentsPlayerReads(db);
  const bonuses = createBonusesPlayerReads(db);
  const tickets = createTicketsTimeline(db);
  const reports = createReportsTimeline(db);
  const audit = createAuditTimeline(db);

  const staffActions: Source = async (window) => {
    const rows = await audit.timeline(window);
    const people = await peopleOf(
      identity,
      rows.map((row) => row.actorId),
    );
    return audit.entries(rows, (actorId) =>
      actorId ? (people.actor(actorId)?.email ?? actorId) : 'the system',
    );
  };

  const sources: Array<{ kinds: StaffTimelineKind[]; read: Source }> = [
    { kinds: ['sign-in', 'ban', 'note', 'security'], read: identityPart.timeline },
    { kinds: ['deposit', 'withdrawal'], read: payments.timeline },
    { kinds: ['bets'], read: reports.timeline },
    { kinds: ['bonus'], read: bonuses.timeline },
    { kinds: ['ticket'], read: tickets.timeline },
    { kinds: ['staff-action'], read: staffActions },
  ];

  /** The newest `limit` entries of the wanted kinds before `before`, from every source that has them. */
  async function newest(userId: string, wanted: Set<StaffTimelineKind>, before: Date, limit: number) {
    const window = { userId, before, limit };
    const parts = await Promise.all(
      sources.filter((s) => s.kinds.some((k) => wanted.has(k))).map((s) => s.read(window)),
    );
    return parts
      .flat()
      .filter((entry) => wanted.has(entry.kind))
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id.localeCompare(b.id)));
  }

  return async function timeline(userId: string, query: StaffTimelineQuery): Promise<StaffTimelinePage> {
    const wanted = new Set<StaffTimelineKind>(query.kinds ?? staffTimelineKinds);
    // The first page starts tomorrow: today's bets stand at today's last moment.
    const before = query.before ? new Date(query.before) : new Date(Date.now() + DAY_MS);
    // One more than a page from each: any source with more than a page makes the merge longer than one.
    const merged = await newest(userId, wanted, before, query.limit + 1);
    const page = merged.slice(0, query.limit);
    const next = merged[query.limit];
    if (!next) return { items: page, nextBefore: null };
    // A page never splits an instant (a transaction's entries share one), since `before` is strict: the page
    // ends before the instant of its first left-out entry, and the next starts just after that instant.
    const afterInstant = new Date(Date.parse(next.at) + 1).toISOString();
    const whole = page.filter((entry) => entry.at !== next.at);
    if (whole.length > 0) return { items: whole, nextBefore: afterInstant };
    // A whole page at one instant: that instant's entries, all of them (up to a bound no real one reaches).
    const instant = (await newest(userId, wanted, new Date(afterInstant), SAME_INSTANT_MAX)).filter(
      (entry) => entry.at === next.at,
    );
    return { items: instant, nextBefore: next.at };
  };
}
