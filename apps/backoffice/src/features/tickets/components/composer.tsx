import { Button as MantineButton } from '@mantine/core';
import { NOTE_TEXT_MAX } from '@paws/contracts/staff-tickets';
import {
  TICKET_FILE_EXTENSIONS,
  TICKET_FILE_MAX_BYTES,
  TICKET_MESSAGE_MAX,
  ticketMessages,
} from '@paws/contracts/tickets';
import {
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type Ref,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { Button } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useAddNote } from '../api/add-note';
import { useSendMessage } from '../api/send-message';
import { CannedPicker, fillCanned } from './canned-picker';
import { PaperclipIcon } from './icons';

const accept = TICKET_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
const fileHint = `PNG, JPEG, TXT, PDF, DOC or DOCX, up to ${TICKET_FILE_MAX_BYTES / 1024 / 1024} MB`;

/** The client-side check of an attachment (the server checks again, by content). */
export function checkFile(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(TICKET_FILE_EXTENSIONS as readonly string[]).includes(extension)) return ticketMessages.fileType;
  if (file.size > TICKET_FILE_MAX_BYTES) return ticketMessages.fileSize;
  return null;
}

export type ComposerMode = 'reply' | 'note';
type Mode = ComposerMode;

/** What the ticket page's shortcuts ask of the composer: write a reply or a note now. */
export interface ComposerHandle {
  start(mode: ComposerMode): void;
}

/** On a touch screen Enter makes a new line (the keyboard has no Shift to hold); the Send button sends. */
const enterSends = () => !window.matchMedia?.('(pointer: coarse)').matches;

/**
 * Write to the player (text and/or one file, canned responses to insert) or add an internal note. Enter
 * sends, Shift+Enter starts a new line (on a touch screen Enter is a new line); a pasted or dropped file is attached.
 */
export function Composer({
  ticketId,
  requesterName,
  canReply,
  onTyping,
  handle,
}: {
  ticketId: string;
  requesterName: string;
  /** False on a finished ticket: only notes. */
  canReply: boolean;
  onTyping: (typing: boolean) => void;
  handle?: Ref<ComposerHandle>;
}) {
  const [mode, setMode] = useState<Mode>(canReply ? 'reply' : 'note');
  const current: Mode = canReply ? mode : 'note';
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useSendMessage(ticketId);
  const note = useAddNote(ticketId);
  const busy = send.isPending || note.isPending;
  const id = useId();
  const max = current === 'reply' ? TICKET_MESSAGE_MAX : NOTE_TEXT_MAX;
  useImperativeHandle(
    handle,
    () => ({
      start(next) {
        setMode(next);
        requestAnimationFrame(() => textArea.current?.focus());
      },
    }),
    [],
  );
  const ready = current === 'reply' ? text.trim().length > 0 || file !== null : text.trim().length > 0;

  const attach = (picked: File | null | undefined) => {
    if (!picked) return;
    const problem = checkFile(picked);
    setError(problem);
    setFile(problem ? null : picked);
  };

  const submit = async () => {
    if (!ready || busy) return;
    if (text.trim().length > max) {
      setError(
        current === 'reply' ? ticketMessages.message : `text must be 1 to ${NOTE_TEXT_MAX} characters`,
      );
      return;
    }
    setError(null);
    try {
      if (current === 'reply') {
        onTyping(false);
        await send.mutateAsync({ message: text.trim(), file });
      } else {
        await note.mutateAsync(text.trim());
      }
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (failure) {
      setError(errorOf(failure).message);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && enterSends()) {
      event.preventDefault();
      void submit();
    }
  };

  const insert = (snippet: string) => {
    const area = textArea.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${snippet}${text.slice(end)}`;
    setText(next);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = event.clipboardData.files[0];
    if (current === 'reply' && pasted) {
      event.preventDefault();
      attach(pasted);
    }
  };
  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    if (current !== 'reply' || !event.dataTransfer.files[0]) return;
    event.preventDefault();
    attach(event.dataTransfer.files[0]);
  };

  return (
    <form
      className={`composer composer-${current}`}
      aria-label={current === 'reply' ? 'Reply to the player' : 'Internal note'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onDragOver={(event) => current === 'reply' && event.preventDefault()}
      onDrop={onDrop}
    >
      <fieldset className="composer-modes">
        <legend className="visually-hidden">Write</legend>
        <button
          type="button"
          aria-pressed={current === 'reply'}
          disabled={!canReply}
          onClick={() => setMode('reply')}
        >
          Reply
        </button>
        <button type="button" aria-pressed={current === 'note'} onClick={() => setMode('note')}>
          Internal note
        </button>
      </fieldset>
      {!canReply ? (
        <p className="field-hint">This ticket is closed: no more replies, internal notes only.</p>
      ) : null}
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {current === 'reply' ? 'Reply' : 'Internal note'}
      </label>
      <textarea
        id={`${id}-text`}
        ref={textArea}
        className="input composer-text"
        rows={3}
        placeholder={current === 'reply' ? `Write to ${requesterName}…` : 'Only staff see this note'}
        value={text}
        maxLength={max}
        onChange={(event) => {
          setText(event.target.value);
          if (current === 'reply') onTyping(event.target.value.length > 0);
        }}
        onBlur={() => onTyping(false)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        aria-describedby={`${id}-hint`}
      />
      {file ? (
        <p className="composer-file">
          <PaperclipIcon /> {file.name}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setFile(null);
              if (fileInput.current) fileInput.current.value = '';
            }}
          >
            Remove
          </button>
        </p>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="composer-bar">
        {current === 'reply' ? (
          <>
            <CannedPicker onPick={(canned) => insert(fillCanned(canned.text, requesterName))} />
            <MantineButton component="label" variant="default" className="attach">
              Attach
              <input
                ref={fileInput}
                type="file"
                accept={accept}
                className="visually-hidden"
                onChange={(event) => attach(event.target.files?.[0])}
              />
            </MantineButton>
          </>
        ) : null}
        <span id={`${id}-hint`} className="field-hint composer-hint">
          {current === 'reply' ? `${fileHint}. ` : ''}
          {enterSends() ? 'Enter sends, Shift+Enter for a new line.' : ''}
        </span>
        <Button type="submit" busy={busy} disabled={!ready}>
          {current === 'reply' ? 'Send' : 'Add note'}
        </Button>
      </div>
    </form>
  );
}
