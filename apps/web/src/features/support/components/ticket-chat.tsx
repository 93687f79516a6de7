import { TICKET_MESSAGE_MAX, type TicketMessage } from '@paws/contracts/tickets';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Lightbox } from '@/components/ui/lightbox';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import type { useTicketChat } from '../realtime/use-ticket-chat';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_MB,
  checkAttachment,
  formatFileSize,
  isImageMessage,
} from '../utils/attachment';
import styles from './chat.module.css';

export type TicketChatState = ReturnType<typeof useTicketChat>;

const PaperclipIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <path
      d="m21 11-8.6 8.6a5 5 0 0 1-7-7L14 4a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4L15.6 7"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

function Attachment({
  message,
  onOpenImage,
}: {
  message: TicketMessage;
  onOpenImage: (src: string, alt: string) => void;
}) {
  const { t } = useTranslation();
  if (!message.linkFull) return null;
  const name = message.fileName ?? t('supportTickets.attachment');
  if (isImageMessage(message.fileType, message.linkFull)) {
    return (
      <button
        type="button"
        className={styles.imageButton}
        aria-label={t('supportTickets.chat.openImage', { name })}
        onClick={() => onOpenImage(message.linkFull as string, name)}
      >
        <img src={message.linkFull} alt="" className={styles.image} loading="lazy" />
      </button>
    );
  }
  return (
    <a
      href={message.linkFull}
      className={styles.file}
      download={name}
      target="_blank"
      rel="noopener noreferrer"
    >
      <PaperclipIcon />
      <span className={styles.fileName}>{name}</span>
      {message.fileSize !== null ? (
        <span className={styles.fileSize}>{formatFileSize(message.fileSize)}</span>
      ) : null}
    </a>
  );
}

/** Which of the player's messages the manager has read: all up to the one the read event names. */
function lastReadOwnId(messages: TicketMessage[], readId: string | undefined): string | undefined {
  if (!readId) return undefined;
  const upTo = messages.findIndex((message) => message.id === readId);
  if (upTo < 0) return undefined;
  for (let index = upTo; index >= 0; index -= 1) {
    const message = messages[index];
    if (message && !message.byManager && !message.changeStatus) return message.id;
  }
  return undefined;
}

export interface TicketChatProps {
  chat: TicketChatState;
  /** A finished ticket (Closed, Auto Closed) takes no more messages. */
  finished: boolean;
}

/**
 * Spec 001 §2/§5 live chat: messages from 'Manager' or 'You', status changes as 'Request status has changed
 * to: {label}', 'No messages yet'; send is enabled with text or a file, Enter without Shift sends; the
 * accepted attachments and their size limit are said beside the button; images open in the lightbox.
 * Ours: the manager's typing indicator and read state.
 */
export function TicketChat({ chat, finished }: TicketChatProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [image, setImage] = useState<{ src: string; alt: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const { messages, connection, managerTyping, managerReadId, markRead } = chat;
  const live = connection === 'live';
  const canSend = live && !finished && !sending && (text.trim() !== '' || file !== null);

  // Newest at the bottom, in view: on each new message and when the typing line appears.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the messages and the typing line are the triggers.
  useEffect(() => {
    const list = listRef.current;
    if (list && (messages?.length ?? 0) > 0) list.scrollTop = list.scrollHeight;
  }, [messages, managerTyping]);

  // Read state: what is on screen while the page is visible has been read.
  const newestFromManager = messages?.findLast((message) => message.byManager)?.id;
  useEffect(() => {
    if (!live || !newestFromManager) return;
    const readNow = () => {
      if (document.visibilityState === 'visible') markRead(newestFromManager);
    };
    readNow();
    document.addEventListener('visibilitychange', readNow);
    return () => document.removeEventListener('visibilitychange', readNow);
  }, [live, newestFromManager, markRead]);

  const pickFile = (picked: File | undefined) => {
    setProblem(undefined);
    if (!picked) return;
    const wrong = checkAttachment(picked);
    if (wrong) {
      setProblem(t(`supportTickets.chat.${wrong}`, { size: ATTACHMENT_MAX_MB }));
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFile(picked);
  };
  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setProblem(undefined);
    const result = await chat.send(text.trim(), file);
    setSending(false);
    if (result.ok) {
      setText('');
      clearFile();
    } else if (result.statusCode === 400 && /file/i.test(result.message)) {
      setProblem(
        t(`supportTickets.chat.${/MB/.test(result.message) ? 'fileSize' : 'fileType'}`, {
          size: ATTACHMENT_MAX_MB,
        }),
      );
    } else if (result.statusCode === 409) {
      setProblem(t('supportTickets.chat.closed'));
    } else {
      setProblem(t('supportTickets.chat.sendFailed'));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const readOwnId = messages ? lastReadOwnId(messages, managerReadId) : undefined;
  let body = null;
  if (messages === undefined) {
    body = connection === 'error' ? null : <Spinner label={t('supportTickets.chat.connecting')} />;
  } else if (messages.length === 0) {
    body = <p className={styles.empty}>{t('supportTickets.chat.noMessages')}</p>;
  } else {
    body = (
      <ol ref={listRef} className={styles.messages} aria-label={t('supportTickets.chat.label')}>
        {messages.map((message) =>
          message.changeStatus ? (
            <li key={message.id} className={styles.statusChange}>
              {t('supportTickets.chat.statusChanged', {
                label: t(`supportTickets.statuses.${message.changeStatus}`),
              })}
            </li>
          ) : (
            <li
              key={message.id}
              className={`${styles.message} ${message.byManager ? styles.theirs : styles.mine}`}
            >
              <span className={styles.meta}>
                <span className={styles.author}>
                  {message.byManager ? t('supportTickets.manager') : t('supportTickets.you')}
                </span>
                <time dateTime={message.createdAt}>
                  {formatDateTime(message.createdAt, { locale: i18n.language })}
                </time>
              </span>
              {message.message ? <p className={styles.text}>{message.message}</p> : null}
              <Attachment message={message} onOpenImage={(src, alt) => setImage({ src, alt })} />
              {message.id === readOwnId ? (
                <span className={styles.read}>{t('supportTickets.chat.read')}</span>
              ) : null}
            </li>
          ),
        )}
      </ol>
    );
  }

  return (
    <section className={styles.chat} aria-label={t('supportTickets.chat.label')}>
      {body}
      <p className={styles.typing} aria-live="polite">
        {managerTyping ? t('supportTickets.chat.typing') : ''}
      </p>
      {connection === 'error' ? (
        <div className={styles.connection} role="alert">
          <span>{t('supportTickets.chat.connectionError')}</span>
          <Button size="sm" variant="secondary" onClick={chat.reconnect}>
            {t('supportTickets.chat.reconnect')}
          </Button>
        </div>
      ) : null}
      {finished ? (
        <p className={styles.closed}>{t('supportTickets.chat.closed')}</p>
      ) : (
        <form className={styles.composer} onSubmit={submit}>
          {file ? (
            <div className={styles.picked}>
              <PaperclipIcon />
              <span className={styles.fileName}>{file.name}</span>
              <span className={styles.fileSize}>{formatFileSize(file.size)}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={t('supportTickets.chat.removeFile', { name: file.name })}
                onClick={clearFile}
              >
                ×
              </button>
            </div>
          ) : null}
          <div className={styles.row}>
            <label className={styles.attach} title={t('supportTickets.chat.attach')}>
              <PaperclipIcon />
              <span className="visually-hidden">{t('supportTickets.chat.attach')}</span>
              <input
                ref={fileInput}
                type="file"
                accept={ATTACHMENT_ACCEPT}
                className="visually-hidden"
                aria-describedby={`${id}-hint`}
                onChange={(event) => pickFile(event.target.files?.[0])}
              />
            </label>
            <label htmlFor={`${id}-text`} className="visually-hidden">
              {t('supportTickets.chat.messageLabel')}
            </label>
            <textarea
              id={`${id}-text`}
              className={styles.input}
              placeholder={t('supportTickets.chat.placeholder')}
              rows={1}
              maxLength={TICKET_MESSAGE_MAX}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                chat.typing();
              }}
              onKeyDown={onKeyDown}
            />
            <Button type="submit" disabled={!canSend}>
              {t('supportTickets.chat.send')}
            </Button>
          </div>
          <p id={`${id}-hint`} className={styles.hint}>
            {t('supportTickets.chat.attachHint', { size: ATTACHMENT_MAX_MB })}
          </p>
          {problem ? (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          ) : null}
        </form>
      )}
      <Lightbox
        src={image?.src ?? ''}
        alt={image?.alt ?? ''}
        open={image !== null}
        onClose={() => setImage(null)}
      />
    </section>
  );
}
