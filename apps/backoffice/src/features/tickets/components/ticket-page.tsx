import type { StaffTicketDetail } from '@paws/contracts/staff-tickets';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge, Button, Card, ErrorView, formatDateTime, Loading, Select } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useMe } from '../../../lib/session';
import { useShortcuts } from '../../../lib/shortcuts';
import { useAgents } from '../api/get-agents';
import { useTicket } from '../api/get-ticket';
import { useTicketAction } from '../api/ticket-actions';
import { useDeskSocket, useQueueUpdates, useTicketChannel } from '../realtime/use-desk';
import { Composer, type ComposerHandle } from './composer';
import { categoryLabel, isFinished, statusLabel, statusTone } from './labels';
import { LiveStatus } from './live-status';
import { PlayerContext } from './player-context';
import { ShortcutsHelp } from './shortcuts-help';
import { Timeline } from './timeline';
import { TimerBadge } from './timer-badge';
import { firstResponseTimer, nextResponseTimer, useElapsed, useNow } from './timers';
import './tickets.css';

type Pane = 'chat' | 'context';

/**
 * One ticket: the live chat with internal notes and the composer on one side, the ticket and the player
 * behind it on the other (on a phone, two tabs). Take, assign and propose resolve at the top.
 */
export default function TicketPage() {
  const { id = '' } = useParams();
  const ticket = useTicket(id);
  const desk = useDeskSocket();
  useQueueUpdates(desk.socket);
  const channel = useTicketChannel(desk.socket, id);
  const [pane, setPane] = useState<Pane>('chat');
  const composer = useRef<ComposerHandle>(null);
  const navigate = useNavigate();
  const write = (mode: 'reply' | 'note') => {
    setPane('chat');
    composer.current?.start(mode);
  };
  useShortcuts({ r: () => write('reply'), n: () => write('note'), u: () => navigate('/tickets') });

  if (ticket.isPending) return <Loading />;
  if (ticket.isError)
    return <ErrorView message={errorOf(ticket.error).message} onRetry={() => ticket.refetch()} />;
  const t = ticket.data;

  return (
    <div className="ticket-screen">
      <header className="ticket-head">
        <p className="ticket-crumbs">
          <Link to="/tickets">Tickets</Link> ·{' '}
          <LiveStatus status={desk.status} error={desk.error} onRetry={desk.retry} /> · <ShortcutsHelp />
        </p>
        <h1>{t.subject || 'Ticket'}</h1>
        <p className="ticket-badges">
          <Badge tone={statusTone[t.status]}>{statusLabel(t.status)}</Badge>
          <Badge>{categoryLabel(t.category)}</Badge>
          <span className="field-hint">
            from {t.requester.name}
            {t.requester.guest ? ' (visitor)' : ''} · opened {formatDateTime(t.createdAt)}
          </span>
        </p>
        <TicketActions ticket={t} />
      </header>
      <div className="ticket-panes" role="tablist" aria-label="Ticket panes">
        <button type="button" role="tab" aria-selected={pane === 'chat'} onClick={() => setPane('chat')}>
          Chat
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={pane === 'context'}
          onClick={() => setPane('context')}
        >
          Player and ticket
        </button>
      </div>
      <div className="ticket-body">
        <section className={`ticket-chat${pane === 'chat' ? ' shown' : ''}`} aria-label="Chat">
          <Timeline ticket={t} playerTyping={channel.playerTyping} />
          <Composer
            key={t.id}
            ticketId={t.id}
            requesterName={t.requester.name}
            canReply={!isFinished(t.status)}
            onTyping={channel.setTyping}
            handle={composer}
          />
        </section>
        <aside className={`ticket-side${pane === 'context' ? ' shown' : ''}`} aria-label="Player and ticket">
          <TicketFacts ticket={t} />
          {t.requester.guest ? <GuestLinks ticket={t} /> : null}
          <PlayerContext requester={t.requester} />
        </aside>
      </div>
    </div>
  );
}

function TicketActions({ ticket }: { ticket: StaffTicketDetail }) {
  const me = useMe();
  const agents = useAgents();
  const action = useTicketAction(ticket.id);
  const [confirmResolve, setConfirmResolve] = useState(false);
  const assignId = useId();
  const finished = isFinished(ticket.status);
  const mine = ticket.assignee?.id === me.data?.userId;
  useShortcuts(finished || mine ? {} : { t: () => action.mutate({ kind: 'take' }) });
  if (finished) return null;

  return (
    <div className="ticket-actions">
      {!mine ? (
        <Button
          busy={action.isPending && action.variables?.kind === 'take'}
          onClick={() => action.mutate({ kind: 'take' })}
        >
          {ticket.assignee ? 'Take over' : 'Take'}
        </Button>
      ) : null}
      <span className="assign">
        <label htmlFor={assignId}>Assignee</label>
        <Select
          id={assignId}
          className="input assign-select"
          value={ticket.assignee?.id ?? ''}
          disabled={action.isPending}
          onChange={(event) => action.mutate({ kind: 'assign', staffId: event.target.value || null })}
        >
          <option value="">Nobody</option>
          {ticket.assignee && !agents.data?.some((a) => a.id === ticket.assignee?.id) ? (
            <option value={ticket.assignee.id}>{ticket.assignee.email}</option>
          ) : null}
          {(agents.data ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.email} ({agent.open} open)
            </option>
          ))}
        </Select>
      </span>
      {ticket.status !== 'RESOLVE_REQUEST' ? (
        confirmResolve ? (
          <span className="confirm-resolve">
            <span>Ask the player to confirm it is solved?</span>
            <Button
              busy={action.isPending && action.variables?.kind === 'resolve-request'}
              onClick={() =>
                action.mutate({ kind: 'resolve-request' }, { onSettled: () => setConfirmResolve(false) })
              }
            >
              Yes, propose resolve
            </Button>
            <Button variant="ghost" onClick={() => setConfirmResolve(false)}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button variant="secondary" onClick={() => setConfirmResolve(true)}>
            Propose resolve
          </Button>
        )
      ) : (
        <span className="field-hint">Waiting for the player to accept or return it.</span>
      )}
      {action.isError ? (
        <p className="field-error" role="alert">
          {errorOf(action.error).message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A visitor's ticket: they follow it through private links sent by e-mail. Revoking them (after a link
 * leaked, or the mailbox is not theirs any more) stops every link sent so far; the next reply e-mails a new one.
 */
function GuestLinks({ ticket }: { ticket: StaffTicketDetail }) {
  const action = useTicketAction(ticket.id);
  const [confirm, setConfirm] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <Card title="Visitor's link">
      <p className="field-hint">
        The visitor follows this ticket through private links sent to {ticket.requester.email}. A link stops
        working 30 days after the ticket's last activity.
      </p>
      {confirm ? (
        <span className="confirm-resolve">
          <span>
            Revoke every link sent so far? The visitor's open page stops at once; your next reply e-mails them
            a new link.
          </span>
          <Button
            variant="danger"
            busy={action.isPending}
            onClick={() =>
              action.mutate(
                { kind: 'revoke-guest-links' },
                {
                  onSuccess: () => setDone(true),
                  onSettled: () => setConfirm(false),
                },
              )
            }
          >
            Yes, revoke links
          </Button>
          <Button variant="ghost" onClick={() => setConfirm(false)}>
            Cancel
          </Button>
        </span>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setDone(false);
            setConfirm(true);
          }}
        >
          Revoke links
        </Button>
      )}
      {done ? (
        <p className="field-hint" role="status">
          Links revoked. Your next reply e-mails the visitor a new link.
        </p>
      ) : null}
      {action.isError ? (
        <p className="field-error" role="alert">
          {errorOf(action.error).message}
        </p>
      ) : null}
    </Card>
  );
}

function TicketFacts({ ticket }: { ticket: StaffTicketDetail }) {
  const now = useNow();
  const age = useElapsed(ticket.createdAt);
  const next = nextResponseTimer(ticket, now);
  return (
    <Card title="Ticket">
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <Badge tone={statusTone[ticket.status]}>{statusLabel(ticket.status)}</Badge>
        </dd>
        <dt>Category</dt>
        <dd>{categoryLabel(ticket.category)}</dd>
        <dt>Requester</dt>
        <dd>
          {ticket.requester.name} · {ticket.requester.email}
          {ticket.requester.banned ? <Badge tone="bad">banned</Badge> : null}
        </dd>
        <dt>Assignee</dt>
        <dd>{ticket.assignee?.email ?? 'nobody'}</dd>
        <dt>Age</dt>
        <dd>{age}</dd>
        <dt>First response</dt>
        <dd>
          <TimerBadge label="First response" timer={firstResponseTimer(ticket, now)} />
        </dd>
        <dt>Next response</dt>
        <dd>
          <TimerBadge label="Next response" timer={next} />
          {ticket.waitingSince && next.state !== 'none' ? (
            <span className="field-hint"> waiting since {formatDateTime(ticket.waitingSince)}</span>
          ) : null}
        </dd>
        <dt>Messages</dt>
        <dd>{ticket.messageCount}</dd>
        {ticket.rating !== null ? (
          <>
            <dt>Rating</dt>
            <dd>
              <span aria-hidden="true">
                {'★'.repeat(ticket.rating)}
                {'☆'.repeat(5 - ticket.rating)}
              </span>
              <span className="visually-hidden">{ticket.rating} of 5</span>
              {ticket.ratingText ? <q className="rating-text">{ticket.ratingText}</q> : null}
            </dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}
