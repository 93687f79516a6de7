import {
  type TicketCategory,
  type TicketStatus,
  ticketCategories,
  ticketStatuses,
} from '@paws/contracts/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { type FilterValues, SavedFilters } from '../../../components/saved-filters';
import { ButtonLink, ChoiceField, Field, Input, PageHeader } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useMe } from '../../../lib/session';
import { focusAmong, useShortcuts } from '../../../lib/shortcuts';
import { agentsQueryOptions, type TicketAgent, useAgents } from '../api/get-agents';
import { ticketKeys, ticketsPath } from '../api/keys';
import { runTicketAction } from '../api/ticket-actions';
import { useDeskSocket, useQueueUpdates } from '../realtime/use-desk';
import { categoryLabel, statusLabel } from './labels';
import { LiveStatus } from './live-status';
import { QueueContext, type QueueState, queueColumns } from './queue-columns';
import { ShortcutsHelp } from './shortcuts-help';
import { useNow } from './timers';
import './tickets.css';

type StatusFilter = 'open' | 'all' | TicketStatus;
const statusChoices = {
  open: 'Open',
  ...Object.fromEntries(ticketStatuses.map((s) => [s, statusLabel(s)])),
  all: 'All',
} as Record<StatusFilter, string>;

type CategoryFilter = '' | TicketCategory;
const categoryChoices = {
  '': 'All',
  ...Object.fromEntries(ticketCategories.map((c) => [c, categoryLabel(c)])),
} as Record<CategoryFilter, string>;

/** A saved value still among the choices, or the default (a category or status may have gone since). */
const choiceOf = <T extends string>(choices: Record<T, string>, value: string | undefined, fallback: T) =>
  value !== undefined && value in choices ? (value as T) : fallback;

/**
 * The queue: open tickets, the longest-waiting first, with each one's first- and next-response timers
 * (red when overdue); who holds how many; take one or open it. It refreshes live.
 */
export default function TicketsPage() {
  const me = useMe();
  const [status, setStatus] = useState<StatusFilter>('open');
  const [category, setCategory] = useState<CategoryFilter>('');
  const [assignee, setAssignee] = useState('');
  const [search, setSearch] = useState('');
  const searched = useDeferredValue(search.trim());
  const now = useNow();
  const desk = useDeskSocket();
  useQueueUpdates(desk.socket);
  const agents = useAgents();
  const client = useQueryClient();
  const take = useMutation({
    mutationFn: (id: string) => runTicketAction(id, { kind: 'take' }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [ticketKeys.queue] }),
        client.invalidateQueries({ queryKey: agentsQueryOptions().queryKey }),
      ]),
  });

  const assigneeChoices: Record<string, string> = {
    '': 'Anyone',
    me: 'Me',
    none: 'Nobody (unassigned)',
    ...Object.fromEntries((agents.data ?? []).map((a) => [a.id, a.email])),
  };
  const current: FilterValues = { status, category, assignee, search };
  const applySaved = (saved: FilterValues) => {
    setStatus(choiceOf(statusChoices, saved.status, 'open'));
    setCategory(choiceOf(categoryChoices, saved.category, ''));
    // An agent's id is kept as it is: the list shows their tickets even before the agents' list loads.
    setAssignee(saved.assignee ?? '');
    setSearch(saved.search ?? '');
  };
  const rowLinks = () => [
    ...document.querySelectorAll<HTMLElement>('.tickets-queue tbody tr td:first-child a'),
  ];
  useShortcuts({ j: () => focusAmong(rowLinks(), 1), k: () => focusAmong(rowLinks(), -1) });
  const queue: QueueState = {
    now,
    meId: me.data?.userId,
    take: take.mutate,
    takingId: take.isPending ? take.variables : undefined,
  };

  return (
    <>
      <PageHeader
        title="Tickets"
        actions={
          <>
            <LiveStatus status={desk.status} error={desk.error} onRetry={desk.retry} />
            <ShortcutsHelp />
            <ButtonLink to="/tickets/canned">Canned responses</ButtonLink>
          </>
        }
      >
        <p className="field-hint">
          Players&apos; and visitors&apos; requests, the longest waiting first. First answer within 1 hour,
          every next one within 4 hours of the player&apos;s message.
        </p>
      </PageHeader>
      <AgentCounts agents={agents.data} selected={assignee} onSelect={setAssignee} />
      {take.isError ? (
        <p className="field-error" role="alert">
          {errorOf(take.error).message}
        </p>
      ) : null}
      <SavedFilters queue="tickets" current={current} onApply={applySaved} />
      <div className="filters tickets-filters">
        <ChoiceField label="Status" value={status} choices={statusChoices} onChange={setStatus} />
        <ChoiceField label="Category" value={category} choices={categoryChoices} onChange={setCategory} />
        <ChoiceField label="Assignee" value={assignee} choices={assigneeChoices} onChange={setAssignee} />
        <Field label="Search">
          {(props) => (
            <Input
              {...props}
              type="search"
              placeholder="Name, e-mail or words"
              value={search}
              maxLength={100}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Field>
      </div>
      <QueueContext.Provider value={queue}>
        <div className="tickets-queue">
          <DataTable
            label="Tickets"
            path={ticketsPath}
            queryKey={ticketKeys.queue}
            columns={queueColumns}
            filters={{ status: status === 'all' ? '' : status, category, assignee, search: searched }}
            defaultSort={{ id: 'waitingSince', desc: false }}
            rowHref={(t) => `/tickets/${t.id}`}
            rowKey={(t) => t.id}
            emptyText="No tickets here"
          />
        </div>
      </QueueContext.Provider>
    </>
  );
}

/** Who holds how many open tickets; picking one filters the queue to theirs. */
function AgentCounts({
  agents,
  selected,
  onSelect,
}: {
  agents: TicketAgent[] | undefined;
  selected: string;
  onSelect: (id: string) => void;
}) {
  if (!agents?.length) return null;
  return (
    <section className="agent-counts" aria-label="Open tickets per agent">
      {agents.map((agent) => (
        <button
          key={agent.id}
          type="button"
          className="agent-count"
          aria-pressed={selected === agent.id}
          onClick={() => onSelect(selected === agent.id ? '' : agent.id)}
        >
          <span className="agent-email">{agent.email}</span>
          <strong>{agent.open}</strong>
          <span className="field-hint">open</span>
        </button>
      ))}
    </section>
  );
}
