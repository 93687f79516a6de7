import type { TicketMessage, TicketRequestAck, TicketStatus } from '@paws/contracts/tickets';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getRuntimeConfig } from '@/config/runtime-config';
import { api } from '@/lib/api-client';
import { openTicketChannel, type TicketChannel } from './ticket-channel';

export type ChatConnection = 'connecting' | 'live' | 'error';

/** Ours: the other side's typing indicator clears by itself if its "stopped" never arrives. */
export const TYPING_VISIBLE_MS = 6_000;
/** Ours: our own "typing" is sent at most this often, and "stopped" this long after the last key. */
export const TYPING_IDLE_MS = 3_000;

/** Appends without duplicates (our own message comes back on the channel) and keeps the order of sending. */
export function mergeMessages(current: TicketMessage[], incoming: TicketMessage[]): TicketMessage[] {
  const known = new Set(current.map((message) => message.id));
  const added = incoming.filter((message) => !known.has(message.id));
  if (added.length === 0) return current;
  return [...current, ...added].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

export interface TicketChatOptions {
  ticketId: string | undefined;
  guestToken?: string;
  /** Told when the server pushes a status (the caller refetches its ticket data). */
  onStatus?: (status: TicketStatus) => void;
}

/**
 * The live chat of one ticket over the tickets channel: the messages, the pushed status, the manager's
 * typing and read state, whether a visitor's link stopped opening it (gone), and send/typing/read. socket.io-client is loaded only when a chat opens.
 */
export function useTicketChat({ ticketId, guestToken, onStatus }: TicketChatOptions) {
  const [messages, setMessages] = useState<TicketMessage[] | undefined>(undefined);
  const [status, setStatus] = useState<TicketStatus | undefined>(undefined);
  const [connection, setConnection] = useState<ChatConnection>('connecting');
  const [managerTyping, setManagerTyping] = useState(false);
  const [managerReadId, setManagerReadId] = useState<string | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  /** A visitor's link stopped opening the ticket while the chat was open (410: lapsed or revoked). */
  const [gone, setGone] = useState(false);
  const channel = useRef<TicketChannel | undefined>(undefined);
  const onStatusRef = useRef(onStatus);
  onStatusRef.current = onStatus;
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ownTyping = useRef<{ sentAt: number; stop?: ReturnType<typeof setTimeout> }>({ sentAt: 0 });
  /** The newest manager message the player was last said to have read (once each, per connection). */
  const lastRead = useRef<string | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (reconnect) opens a new channel.
  useEffect(() => {
    if (!ticketId) return;
    let cancelled = false;
    let open: TicketChannel | undefined;
    setConnection('connecting');
    lastRead.current = undefined;
    // Another ticket (or a fresh connection) starts from its own getMessages.
    setMessages(undefined);
    setManagerReadId(undefined);
    setGone(false);
    const clearTyping = () => {
      clearTimeout(typingTimer.current);
      setManagerTyping(false);
    };
    import('socket.io-client').then(
      ({ io }) => {
        if (cancelled) return;
        open = openTicketChannel({
          ticketId,
          ...(guestToken ? { guestToken } : {}),
          socketUrl: getRuntimeConfig().socketUrl,
          connect: (url, options) => io(url, options),
          refreshTokens: () => api.refreshTokens(),
          onMessages: (list) => setMessages(mergeMessages([], list)),
          onMessage: (message) => {
            setMessages((current) => mergeMessages(current ?? [], [message]));
            if (message.byManager) clearTyping();
          },
          onStatus: (next) => {
            setStatus(next);
            onStatusRef.current?.(next);
          },
          onTyping: ({ byManager, typing }) => {
            if (!byManager) return;
            clearTimeout(typingTimer.current);
            setManagerTyping(typing);
            if (typing) typingTimer.current = setTimeout(() => setManagerTyping(false), TYPING_VISIBLE_MS);
          },
          onRead: ({ byManager, messageId }) => {
            if (byManager) setManagerReadId(messageId);
          },
          onLiveChange: (live) => {
            if (live) setConnection('live');
          },
          onError: () => setConnection('error'),
          onGone: () => setGone(true),
        });
        channel.current = open;
      },
      (error: unknown) => {
        // Spec 001 §8: a ticket socket that cannot be created is logged and sets the connection-error flag.
        console.error('Ticket channel not loaded', error);
        if (!cancelled) setConnection('error');
      },
    );
    return () => {
      cancelled = true;
      open?.close();
      channel.current = undefined;
      clearTyping();
      clearTimeout(ownTyping.current.stop);
    };
  }, [ticketId, guestToken, attempt]);

  const send = useCallback(async (text: string, file: File | null): Promise<TicketRequestAck> => {
    const open = channel.current;
    if (!open) return { ok: false, statusCode: 0, message: 'offline' };
    clearTimeout(ownTyping.current.stop);
    if (ownTyping.current.sentAt !== 0) open.typing(false);
    ownTyping.current.sentAt = 0;
    const request = file
      ? {
          message: text,
          file: { buffer: await file.arrayBuffer(), mimetype: file.type, originalname: file.name },
        }
      : { message: text };
    return open.send(request);
  }, []);

  /** Called on every keystroke: "typing" at most every few seconds, "stopped" after a quiet spell. */
  const typing = useCallback(() => {
    const open = channel.current;
    if (!open) return;
    const now = Date.now();
    if (now - ownTyping.current.sentAt > TYPING_IDLE_MS) {
      ownTyping.current.sentAt = now;
      open.typing(true);
    }
    clearTimeout(ownTyping.current.stop);
    ownTyping.current.stop = setTimeout(() => {
      ownTyping.current.sentAt = 0;
      channel.current?.typing(false);
    }, TYPING_IDLE_MS);
  }, []);

  /** Tells the manager what the player has seen. */
  const markRead = useCallback((upTo: string) => {
    if (lastRead.current === upTo || !channel.current) return;
    lastRead.current = upTo;
    channel.current.read();
  }, []);

  /** After the error flag: a new connection (a fresh channel, so a refused one starts clean). */
  const reconnect = useCallback(() => setAttempt((value) => value + 1), []);

  return {
    messages,
    status,
    connection,
    gone,
    managerTyping,
    managerReadId,
    send,
    typing,
    markRead,
    reconnect,
  };
}
