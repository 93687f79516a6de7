import type { Notification, SocketErrorPayload, UserIdleEvent } from '@paws/contracts/notifications';
import {
  NOTIFICATIONS_NAMESPACE,
  SOCKET_SESSION_EXPIRED,
  SOCKET_TIMEOUT_MS,
} from '@paws/contracts/notifications-constants';

/** The part of a socket.io client socket the channel uses (a fake in tests). */
export interface ChannelSocket {
  connected: boolean;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'connect_error', listener: (error: Error) => void): unknown;
  on(event: 'disconnect', listener: () => void): unknown;
  on(event: 'newNotification', listener: (notification: Notification) => void): unknown;
  on(event: 'socketError', listener: (error: SocketErrorPayload) => void): unknown;
  emit(event: 'userIdle', payload: UserIdleEvent): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export interface SocketOptions {
  transports: ['websocket'];
  reconnection: false;
  timeout: number;
  auth: { userId: string; type: 'idle-tracker' };
  withCredentials: true;
}

export interface ChannelOptions {
  userId: string;
  /** Origin of the sockets ('' is this page's origin). */
  socketUrl: string;
  connect: (url: string, options: SocketOptions) => ChannelSocket;
  refreshTokens: () => Promise<void>;
  onNotification: (notification: Notification) => void;
  /** Told when the socket connects (true) and disconnects (false). */
  onLiveChange?: (live: boolean) => void;
  /** Where focus events come from (the window). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Spec 001 §7 notifications channel: websocket only, no automatic reconnection, 5000 ms timeout, the
 * idle-tracker auth. socketError 4001 refreshes the tokens and connects again; a failed connection is
 * tried again when the window regains focus.
 */
export function openNotificationsChannel({
  userId,
  socketUrl,
  connect,
  refreshTokens,
  onNotification,
  onLiveChange,
  target = window,
}: ChannelOptions) {
  let closed = false;
  let failed = false;
  const socket = connect(`${socketUrl}${NOTIFICATIONS_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    timeout: SOCKET_TIMEOUT_MS,
    auth: { userId, type: 'idle-tracker' },
    withCredentials: true,
  });
  socket.on('connect', () => {
    failed = false;
    onLiveChange?.(true);
  });
  socket.on('disconnect', () => onLiveChange?.(false));
  socket.on('connect_error', () => {
    failed = true;
  });
  socket.on('newNotification', (notification) => onNotification(notification));
  socket.on('socketError', (error) => {
    if (error?.statusCode !== SOCKET_SESSION_EXPIRED) return;
    socket.disconnect();
    refreshTokens().then(
      () => {
        if (!closed) socket.connect();
      },
      // The api client ends the session when the refresh itself is refused.
      () => undefined,
    );
  });
  const onFocus = () => {
    if (failed && !closed && !socket.connected) {
      failed = false;
      socket.connect();
    }
  };
  target.addEventListener('focus', onFocus);
  return {
    socket,
    /** The idle tracker's emitter. */
    emit(event: 'userIdle', payload: UserIdleEvent) {
      if (socket.connected) socket.emit(event, payload);
    },
    close() {
      closed = true;
      target.removeEventListener('focus', onFocus);
      socket.disconnect();
    },
  };
}
export type NotificationsChannel = ReturnType<typeof openNotificationsChannel>;
