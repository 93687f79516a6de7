import type { StaffTicketListItem } from '@paws/contracts/staff-tickets';
import { type CellContext, createColumnHelper } from '@tanstack/react-table';
import { createContext, useContext } from 'react';
import { Badge, Button, formatDateTime } from '../../../components/ui';
import { categoryLabel, isFinished, statusLabel, statusTone } from './labels';
import { TimerBadge } from './timer-badge';
import { firstResponseTimer, nextResponseTimer, useElapsed } from './timers';

/** What the queue's cells read that changes while the rows stay: the clock, who I am, taking a ticket. */
export interface QueueState {
  now: number;
  meId: string | undefined;
  take: (id: string) => void;
  takingId: string | undefined;
}
export const QueueContext = createContext<QueueState>({
  now: 0,
  meId: undefined,
  take: () => {},
  takingId: undefined,
});

export const requesterName = (t: StaffTicketListItem) => t.requester.name || t.requester.email;

type Cell = CellContext<StaffTicketListItem, unknown>;

// Cells are components declared once, so a re-render (the clock ticking, a refetch) never remounts them.
function TicketCell({ row }: Cell) {
  const t = row.original;
  return (
    <span className="ticket-cell">
      <strong>{t.subject || '(attachment)'}</strong>
      <span className="field-hint">
        {requesterName(t)}
        {t.requester.guest ? ' · visitor' : ''}
        {t.requester.banned ? ' · banned' : ''}
      </span>
    </span>
  );
}

/** A cell's column name, shown only where the queue turns into cards (phones). */
const PhoneLabel = ({ children }: { children: string }) => <span className="phone-label">{children}</span>;

function AgeCell({ row }: Cell) {
  const createdAt = row.original.createdAt;
  return (
    <>
      <PhoneLabel>Age</PhoneLabel>
      <span title={formatDateTime(createdAt)}>{useElapsed(createdAt)}</span>
    </>
  );
}

function FirstResponseCell({ row }: Cell) {
  const { now } = useContext(QueueContext);
  return (
    <>
      <PhoneLabel>First response</PhoneLabel>
      <TimerBadge label="First response" timer={firstResponseTimer(row.original, now)} />
    </>
  );
}

function NextResponseCell({ row }: Cell) {
  const { now } = useContext(QueueContext);
  return (
    <>
      <PhoneLabel>Next response</PhoneLabel>
      <TimerBadge label="Next response" timer={nextResponseTimer(row.original, now)} />
    </>
  );
}

function LastMessageCell({ row }: Cell) {
  const t = row.original;
  return (
    <span className="ticket-cell">
      <span className="field-hint">
        {t.lastMessageByManager ? 'Staff' : 'Player'} · {formatDateTime(t.lastMessageAt)}
      </span>
      <span className="ticket-last">{t.lastMessage || (t.lastMessage === '' ? '(attachment)' : '—')}</span>
    </span>
  );
}

function AssigneeCell({ row }: Cell) {
  const { meId, take, takingId } = useContext(QueueContext);
  const t = row.original;
  if (t.assignee)
    return (
      <>
        <PhoneLabel>Assignee</PhoneLabel>
        {t.assignee.id === meId ? <strong>Me</strong> : <span>{t.assignee.email}</span>}
      </>
    );
  if (isFinished(t.status))
    return (
      <>
        <PhoneLabel>Assignee</PhoneLabel>
        <span className="field-hint">nobody</span>
      </>
    );
  return (
    <Button
      variant="secondary"
      busy={takingId === t.id}
      onClick={() => take(t.id)}
      aria-label={`Take ticket from ${requesterName(t)}`}
    >
      Take
    </Button>
  );
}

const column = createColumnHelper<StaffTicketListItem>();

/** The queue's columns; the sortable ones are the server's sort fields. */
export const queueColumns = [
  column.accessor('subject', { header: 'Ticket', enableSorting: false, cell: TicketCell }),
  column.accessor('status', {
    header: 'Status',
    enableSorting: false,
    cell: (c) => <Badge tone={statusTone[c.getValue()]}>{statusLabel(c.getValue())}</Badge>,
  }),
  column.accessor('category', {
    header: 'Category',
    enableSorting: false,
    cell: (c) => categoryLabel(c.getValue()),
  }),
  column.accessor('createdAt', { header: 'Age', enableSorting: true, cell: AgeCell }),
  column.display({ id: 'firstResponse', header: 'First response', cell: FirstResponseCell }),
  column.accessor('waitingSince', { header: 'Next response', enableSorting: true, cell: NextResponseCell }),
  column.accessor('lastMessageAt', { header: 'Last message', enableSorting: true, cell: LastMessageCell }),
  column.accessor((t) => t.assignee?.email ?? '', {
    id: 'assignee',
    header: 'Assignee',
    enableSorting: false,
    cell: AssigneeCell,
  }),
];
