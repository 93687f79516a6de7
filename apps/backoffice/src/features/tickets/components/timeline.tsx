import type { StaffTicketDetail, StaffTicketNote } from '@paws/contracts/staff-tickets';
import type { TicketMessage } from '@paws/contracts/tickets';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDateTime, Modal } from '../../../components/ui';
import { config } from '../../../lib/config';
import { LockIcon, PaperclipIcon } from './icons';
import { statusLabel } from './labels';

type Entry =
  | { kind: 'message'; at: string; message: TicketMessage }
  | { kind: 'note'; at: string; note: StaffTicketNote };

/** The attachment as staff open it (the staff file route). */
export const staffFileUrl = (messageId: string) => `${config().staffApiUrl}/tickets/files/${messageId}`;

const isImage = (type: string | null) => type === 'image/png' || type === 'image/jpeg';

function formatSize(bytes: number | null) {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The conversation as one timeline: the player's and staff's messages, status changes, and the internal
 * notes (marked, on their own colour: the player never sees them). Under our latest message, whether the
 * player has read it.
 */
export function Timeline({ ticket, playerTyping }: { ticket: StaffTicketDetail; playerTyping: boolean }) {
  const entries: Entry[] = [
    ...ticket.messages.map((message) => ({ kind: 'message' as const, at: message.createdAt, message })),
    ...ticket.notes.map((note) => ({ kind: 'note' as const, at: note.createdAt, note })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const [preview, setPreview] = useState<TicketMessage | null>(null);

  // Read state: the player has read up to this message; our last message at or before it is 'Seen'.
  const readIndex = ticket.playerReadMessageId
    ? ticket.messages.findIndex((m) => m.id === ticket.playerReadMessageId)
    : -1;
  const ours = ticket.messages.filter((m) => m.byManager && !m.changeStatus);
  const lastOurs = ours.at(-1);
  const lastOursSeen = lastOurs ? ticket.messages.indexOf(lastOurs) <= readIndex : false;

  // The newest entry stays in view while the reader is at the bottom (scrolling up to read stops that).
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const toBottom = useCallback(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, []);
  const count = entries.length;
  const last = entries.at(-1);
  const oursLast = last?.kind === 'note' || (last?.kind === 'message' && last.message.byManager);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when an entry arrives or typing shows.
  useEffect(() => {
    // What we just wrote always comes into view.
    if (oursLast) pinned.current = true;
    toBottom();
  }, [count, playerTyping]);

  return (
    <div
      ref={box}
      className="timeline"
      role="log"
      aria-label="Conversation"
      aria-live="polite"
      onScroll={(event) => {
        const el = event.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      {entries.length === 0 ? <p className="empty">No messages yet</p> : null}
      {entries.map((entry) => {
        if (entry.kind === 'note') {
          const { note } = entry;
          return (
            <article key={`note-${note.id}`} className="bubble note" aria-label="Internal note">
              <header>
                <span className="note-tag">
                  <LockIcon /> Internal note · the player never sees this
                </span>
                <span className="field-hint">
                  {note.authorEmail} · {formatDateTime(note.createdAt)}
                </span>
              </header>
              <p className="bubble-text">{note.text}</p>
            </article>
          );
        }
        const { message } = entry;
        if (message.changeStatus) {
          return (
            <p key={message.id} className="status-change">
              Request status has changed to: {statusLabel(message.changeStatus)}
              <span className="field-hint"> · {formatDateTime(message.createdAt)}</span>
            </p>
          );
        }
        const who = message.byManager
          ? (message.username ?? 'Staff')
          : (message.username ?? ticket.requester.name);
        return (
          <article
            key={message.id}
            className={`bubble ${message.byManager ? 'staff' : 'player'}`}
            aria-label={`${message.byManager ? 'Staff' : 'Player'} message`}
          >
            <header>
              <strong>{who}</strong>
              <span className="field-hint">{formatDateTime(message.createdAt)}</span>
            </header>
            {message.message ? <p className="bubble-text">{message.message}</p> : null}
            {message.fileName || message.linkFull ? (
              <Attachment message={message} onPreview={() => setPreview(message)} onLoad={toBottom} />
            ) : null}
            {message === lastOurs ? <p className="read-state">{lastOursSeen ? 'Seen' : 'Sent'}</p> : null}
          </article>
        );
      })}
      {playerTyping ? (
        <p className="typing" role="status">
          {ticket.requester.name} is typing…
        </p>
      ) : null}
      <Modal title={preview?.fileName ?? 'Picture'} open={preview !== null} onClose={() => setPreview(null)}>
        {preview ? (
          <figure className="preview">
            <img src={staffFileUrl(preview.id)} alt={preview.fileName ?? 'Attachment'} />
            <figcaption>
              <a href={staffFileUrl(preview.id)} target="_blank" rel="noopener noreferrer">
                Open the original
              </a>
            </figcaption>
          </figure>
        ) : null}
      </Modal>
    </div>
  );
}

function Attachment({
  message,
  onPreview,
  onLoad,
}: {
  message: TicketMessage;
  onPreview: () => void;
  onLoad: () => void;
}) {
  const url = staffFileUrl(message.id);
  const name = message.fileName ?? 'attachment';
  if (isImage(message.fileType)) {
    return (
      <button type="button" className="attachment-image" onClick={onPreview} aria-label={`View ${name}`}>
        <img src={url} alt={name} onLoad={onLoad} />
      </button>
    );
  }
  return (
    <a className="attachment-file" href={url} target="_blank" rel="noopener noreferrer" download={name}>
      <PaperclipIcon /> {name} <span className="field-hint">{formatSize(message.fileSize)}</span>
    </a>
  );
}
