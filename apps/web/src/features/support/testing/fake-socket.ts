import type { TicketMessage, TicketRequest, TicketRequestAck } from '@paws/contracts/tickets';

type Listener = (...args: never[]) => void;

/** A socket.io client socket stand-in: records what the page sends, lets the test play the server. */
export function fakeTicketSocket() {
  const handlers = new Map<string, Listener[]>();
  const socket = {
    connected: false,
    connects: 0,
    disconnects: 0,
    url: '',
    options: undefined as unknown,
    requests: [] as { request: TicketRequest; ack: (result: TicketRequestAck) => void }[],
    emitted: [] as { event: string; args: unknown[] }[],
    on(event: string, listener: Listener) {
      handlers.set(event, [...(handlers.get(event) ?? []), listener]);
      return socket;
    },
    emit(event: string, ...args: unknown[]) {
      socket.emitted.push({ event, args });
      if (event === 'ticketRequest') {
        socket.requests.push({
          request: args[0] as TicketRequest,
          ack: args[1] as (result: TicketRequestAck) => void,
        });
      }
      return socket;
    },
    connect() {
      socket.connects += 1;
      return socket;
    },
    disconnect() {
      socket.disconnects += 1;
      const was = socket.connected;
      socket.connected = false;
      if (was) socket.fire('disconnect', 'io client disconnect');
      return socket;
    },
    /** Plays a server event (or connect/disconnect) to the page. */
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      if (event === 'disconnect') socket.connected = false;
      for (const listener of handlers.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
    },
    /** Connected and admitted: the server's getMessages. */
    join(messages: TicketMessage[] = []) {
      socket.fire('connect');
      socket.fire('getMessages', messages);
    },
    emittedOf(event: string) {
      return socket.emitted.filter((entry) => entry.event === event);
    },
  };
  return socket;
}
export type FakeTicketSocket = ReturnType<typeof fakeTicketSocket>;

let seq = 0;
/** A ticket message as the server sends it. */
export function ticketMessage(overrides: Partial<TicketMessage> = {}): TicketMessage {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    message: `Message ${seq}`,
    byManager: false,
    username: null,
    linkFull: null,
    fileName: null,
    fileType: null,
    fileSize: null,
    likesCount: 0,
    likedByUser: false,
    createdAt: new Date(Date.UTC(2026, 10, 24, 10, seq)).toISOString(),
    changeStatus: null,
    ...overrides,
  };
}
