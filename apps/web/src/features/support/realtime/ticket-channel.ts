import { SOCKET_SESSION_EXPIRED, SOCKET_TIMEOUT_MS } from '@paws/contracts/notifications-constants';
import {
  TICKETS_NAMESPACE,
  type TicketMessage,
  type TicketRequest,
  type TicketRequestAck,
  type TicketStatus,
  type TicketsSocketAuth,
} from '@paws/contracts/tickets';

/** The part of a socket.io client socket the channel uses (a fake in tests). */
export interface TicketSocket {
  connected: boolean;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'connect_error', listener: (error: Error & { data?: { statusCode?: number } }) => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  on(event: 'getMessages', listener: (messages: TicketMessage[]) => void): unknown;
  on(event: 'receiveTicketMessage', listener: (message: TicketMessage) => void): unknown;
  on(event: 'ticketStatus', listener: (payload: { status: TicketStatus }) => void): unknown;
  on(event: 'socketError', listener: (error: { statusCode: number; message?: string }) => void): unknown;
  on(event: 'typing', listener: (payload: { byManager: boolean; typing: boolean }) => void): unknown;
  on(
    event: 'read',
    listener: (payload: { byManager: boolean; messageId: string; readAt: string }) => void,
  ): unknown;
  emit(event: 'ticketRequest', request: TicketRequest, ack: (result: TicketRequestAck) => void): unknown;
  emit(event: 'typing', typing: boolean): unknown;
  emit(event: 'read'): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export interface TicketSocketOptions {
  transports: ['websocket'];
  reconnection: false;
  /** Its own connection: after a token refresh the new websocket handshake carries the new cookies. */
  forceNew: true;
  timeout: number;
  auth: TicketsSocketAuth;
  withCredentials: true;
}

export interface TicketChannelEvents {
  /** The full list, on joining (and on every rejoin). */
  onMessages(messages: TicketMessage[]): void;
  onMessage(message: TicketMessage): void;
  onStatus(status: TicketStatus): void;
  onTyping(payload: { byManager: boolean; typing: boolean }): void;
  onRead(payload: { byManager: boolean; messageId: string; readAt: string }): void;
  /** Live (true) once the server has admitted the socket and sent the messages; false when it drops. */
  onLiveChange(live: boolean): void;
  /** Spec 001 §8: the connection failed (and a token refresh did not help): the error flag. */
  onError(): void;
  /**
   * A visitor's link no longer opens the ticket (410: it lapsed, or staff revoked the links): the server
   * drops the socket; the page says so instead of the chat. Not followed by onError.
   */
  onGone?(): void;
}

export interface TicketChannelOptions extends TicketChannelEvents {
  ticketId: string;
  /** A visitor's private-link token instead of a session. */
  guestToken?: string;
  /** Origin of the sockets ('' is this page's origin). */
  socketUrl: string;
  connect: (url: string, options: TicketSocketOptions) => TicketSocket;
  refreshTokens: () => Promise<void>;
}

/** How long a ticketRequest waits for the server's ack before it counts as failed. */
export const TICKET_REQUEST_TIMEOUT_MS = 30_000;
/** A visitor's link that expired or that staff revoked (socketError, or a refused handshake). */
export const LINK_GONE = 410;

/**
 * Spec 001 §7 tickets channel: websocket only, no automatic reconnection, authenticated by the session
 * cookie and the ticketId. socketError 4001 refreshes the tokens, disconnects and connects again; when that
 * does not work (the refresh fails, or the new connection is refused again) the error flag is set. 410 (a
 * visitor's link expired or revoked, while open or at the handshake) closes the channel and tells onGone.
 * Any other refusal or a lost connection sets the error flag; `reconnect()` is the player's own retry.
 */
export function openTicketChannel(options: TicketChannelOptions) {
  const { ticketId, guestToken, socketUrl, connect, refreshTokens } = options;
  let closed = false;
  /** A refresh was tried since the last admitted connection: a second 4001 is a failure, not a loop. */
  let refreshed = false;
  let live = false;
  /** The visitor's link stopped opening the ticket (410): nothing more to try. */
  let gone = false;
  /** Sends waiting for their ack: a dropped connection fails them at once (the text stays in the composer). */
  const pending = new Set<(result: TicketRequestAck) => void>();
  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    options.onLiveChange(value);
  };
  const fail = () => {
    setLive(false);
    if (!closed) options.onError();
  };
  const auth: TicketsSocketAuth = guestToken ? { ticketId, guestToken } : { ticketId };
  const socket = connect(`${socketUrl}${TICKETS_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: SOCKET_TIMEOUT_MS,
    auth,
    withCredentials: true,
  });

  const sessionExpired = () => {
    socket.disconnect();
    if (refreshed || guestToken) {
      fail();
      return;
    }
    refreshed = true;
    refreshTokens().then(
      () => {
        if (!closed) socket.connect();
      },
      () => fail(),
    );
  };

  socket.on('getMessages', (messages) => {
    refreshed = false;
    setLive(true);
    options.onMessages(messages);
  });
  socket.on('receiveTicketMessage', (message) => options.onMessage(message));
  socket.on('ticketStatus', ({ status }) => options.onStatus(status));
  socket.on('typing', (payload) => options.onTyping(payload));
  socket.on('read', (payload) => options.onRead(payload));
  const linkGone = () => {
    if (gone) return;
    gone = true;
    // Ours first: the server's drop that follows is then no failure.
    socket.disconnect();
    setLive(false);
    if (!closed) options.onGone?.();
  };

  socket.on('socketError', (error) => {
    if (error?.statusCode === SOCKET_SESSION_EXPIRED) sessionExpired();
    else if (error?.statusCode === LINK_GONE) linkGone();
  });
  socket.on('connect_error', (error) => {
    if (error?.data?.statusCode === SOCKET_SESSION_EXPIRED) sessionExpired();
    else if (error?.data?.statusCode === LINK_GONE) linkGone();
    else fail();
  });
  socket.on('disconnect', (reason) => {
    for (const settle of [...pending]) settle({ ok: false, statusCode: 0, message: 'disconnected' });
    // Our own disconnect (close, or the 4001 refresh) is not a failure, nor the drop of a link gone.
    if (reason === 'io client disconnect' || gone) {
      setLive(false);
      return;
    }
    fail();
  });

  return {
    /** Sends text and/or one file; resolves with the server's ack (a refusal carries its status and message). */
    send(request: TicketRequest): Promise<TicketRequestAck> {
      return new Promise((resolve) => {
        if (!socket.connected) {
          resolve({ ok: false, statusCode: 0, message: 'offline' });
          return;
        }
        const settle = (result: TicketRequestAck) => {
          if (!pending.delete(settle)) return;
          clearTimeout(timer);
          resolve(result);
        };
        pending.add(settle);
        const timer = setTimeout(
          () => settle({ ok: false, statusCode: 0, message: 'timeout' }),
          TICKET_REQUEST_TIMEOUT_MS,
        );
        socket.emit('ticketRequest', request, settle);
      });
    },
    typing(value: boolean) {
      if (socket.connected) socket.emit('typing', value);
    },
    read() {
      if (socket.connected) socket.emit('read');
    },
    /** The player's retry after the error flag. */
    reconnect() {
      if (closed || gone || socket.connected) return;
      refreshed = false;
      socket.connect();
    },
    close() {
      closed = true;
      socket.disconnect();
    },
  };
}
export type TicketChannel = ReturnType<typeof openTicketChannel>;
