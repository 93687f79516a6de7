import {
  DESK_NAMESPACE,
  type DeskClientToServerEvents,
  type DeskServerToClientEvents,
  STAFF_SOCKET_PATH,
} from '@paws/contracts/staff-tickets';
import { io, type Socket } from 'socket.io-client';
import { config } from '../../../lib/config';

export type DeskSocket = Socket<DeskServerToClientEvents, DeskClientToServerEvents>;

/**
 * 'live': connected; 'connecting': (re)connecting on its own; 'refused': the server turned the staff member
 * away (signed out, or no tickets.answer) and only a retry by hand reconnects.
 */
export type DeskStatus = 'connecting' | 'live' | 'refused';

interface Shared {
  socket: DeskSocket;
  users: number;
  closing?: ReturnType<typeof setTimeout>;
  status: DeskStatus;
  error: string | null;
  listeners: Set<() => void>;
}

let shared: Shared | undefined;

/**
 * One socket to the desk (path /api/staff/socket.io, namespace /desk, websocket only) shared by every screen
 * of the area while any of them is open; the staff cookie authenticates it. It reconnects by itself after a
 * dropped connection, not after a refusal.
 */
export function acquireDeskSocket(): Shared {
  if (!shared) {
    const socket: DeskSocket = io(`${config().socketUrl}${DESK_NAMESPACE}`, {
      path: STAFF_SOCKET_PATH,
      transports: ['websocket'],
      withCredentials: true,
    });
    const state: Shared = { socket, users: 0, status: 'connecting', error: null, listeners: new Set() };
    const set = (status: DeskStatus, error: string | null = null) => {
      state.status = status;
      state.error = error;
      for (const listener of state.listeners) listener();
    };
    socket.on('connect', () => set('live'));
    socket.on('disconnect', () => set(socket.active ? 'connecting' : 'refused', 'Disconnected'));
    socket.on('connect_error', (error: Error & { data?: { message?: string } }) =>
      set(socket.active ? 'connecting' : 'refused', error.data?.message ?? error.message),
    );
    shared = state;
  }
  clearTimeout(shared.closing);
  shared.users += 1;
  return shared;
}

/** Going from the queue to a ticket keeps the connection: it closes only when no screen took it back by then. */
export const RELEASE_GRACE_MS = 3000;

export function releaseDeskSocket(state: Shared) {
  state.users -= 1;
  if (state.users > 0) return;
  clearTimeout(state.closing);
  state.closing = setTimeout(() => {
    if (state.users > 0) return;
    if (shared === state) shared = undefined;
    state.socket.removeAllListeners();
    state.socket.disconnect();
    state.listeners.clear();
  }, RELEASE_GRACE_MS);
}

/** Closes the desk's connection at once, whoever holds it (signing out, a test's end). */
export function closeDeskSocket() {
  if (!shared) return;
  const state = shared;
  shared = undefined;
  clearTimeout(state.closing);
  state.socket.removeAllListeners();
  state.socket.disconnect();
  state.listeners.clear();
}
