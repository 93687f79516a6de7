import type { StaffTimelineEntry, StaffTimelineKind } from '@paws/contracts/staff-timeline';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, ChoiceField, ErrorView, formatDateTime, Loading } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { usePlayerTimeline } from '../api/get-timeline';
import './timeline-section.css';

/** What a support agent filters the story by: a few kinds each. */
const shows = {
  all: { label: 'Everything', kinds: null },
  money: { label: 'Money: deposits, withdrawals, bonuses', kinds: ['deposit', 'withdrawal', 'bonus'] },
  play: { label: 'Play: bets by day', kinds: ['bets'] },
  access: {
    label: 'Access: sign-ins, bans and breaks, sign-in security',
    kinds: ['sign-in', 'ban', 'security'],
  },
  support: { label: 'Support: tickets, notes, staff actions', kinds: ['ticket', 'note', 'staff-action'] },
} as const satisfies Record<string, { label: string; kinds: readonly StaffTimelineKind[] | null }>;
type Show = keyof typeof shows;

const kindLabels: Record<
  StaffTimelineKind,
  { text: string; tone: 'neutral' | 'good' | 'warn' | 'bad' | 'info' }
> = {
  'sign-in': { text: 'Sign-in', tone: 'neutral' },
  deposit: { text: 'Deposit', tone: 'good' },
  withdrawal: { text: 'Withdrawal', tone: 'info' },
  bets: { text: 'Bets', tone: 'neutral' },
  bonus: { text: 'Bonus', tone: 'good' },
  ticket: { text: 'Ticket', tone: 'info' },
  ban: { text: 'Ban or break', tone: 'bad' },
  note: { text: 'Note', tone: 'warn' },
  security: { text: 'Sign-in security', tone: 'bad' },
  'staff-action': { text: 'Staff action', tone: 'warn' },
};

/** The player's story from every module, newest first; older entries a page at a time. */
export function TimelineSection({ playerId }: { playerId: string }) {
  const [show, setShow] = useState<Show>('all');
  const timeline = usePlayerTimeline(playerId, shows[show].kinds);
  const entries = timeline.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="timeline" aria-label="Timeline">
      <div className="timeline-filters">
        <ChoiceField
          label="Show"
          value={show}
          choices={
            Object.fromEntries(Object.entries(shows).map(([key, { label }]) => [key, label])) as Record<
              Show,
              string
            >
          }
          onChange={setShow}
        />
      </div>
      {timeline.isPending ? <Loading /> : null}
      {timeline.isError ? (
        <ErrorView message={errorOf(timeline.error).message} onRetry={() => timeline.refetch()} />
      ) : null}
      {timeline.isSuccess && entries.length === 0 ? <p className="timeline-empty">Nothing here yet</p> : null}
      {entries.length > 0 ? (
        <ol className="timeline-list" aria-label="Timeline entries, newest first">
          {entries.map((entry) => (
            <TimelineItem key={entry.id} entry={entry} />
          ))}
        </ol>
      ) : null}
      {timeline.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => timeline.fetchNextPage()}
          busy={timeline.isFetchingNextPage}
        >
          Show older
        </Button>
      ) : null}
    </section>
  );
}

function TimelineItem({ entry }: { entry: StaffTimelineEntry }) {
  const kind = kindLabels[entry.kind];
  // A day's bets stand at the day's end: its date says it all.
  const when = entry.kind === 'bets' ? `${entry.at.slice(0, 10)} (UTC day)` : formatDateTime(entry.at);
  return (
    <li className="timeline-item">
      <time dateTime={entry.at} className="timeline-time">
        {when}
      </time>
      <div className="timeline-body">
        <Badge tone={kind.tone}>{kind.text}</Badge>{' '}
        {entry.link ? <Link to={entry.link}>{entry.title}</Link> : <span>{entry.title}</span>}
        {entry.detail ? <p className="timeline-detail">{entry.detail}</p> : null}
      </div>
    </li>
  );
}
