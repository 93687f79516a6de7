/**
 * A stand-in for socket.io-client's `io` at the network boundary: the test plays the server (connects,
 * emits events to the page, answers `join`) and reads what the page emitted.
 */
type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  active = true;
  readonly emitted: Array<{ event: string; args: unknown[] }> = [];
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    const ack = args.at(-1);
    if (event === 'join' && typeof ack === 'function') ack(true);
    return this;
  }
  connect() {
    this.serverConnects();
    return this;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }

  /** The server accepts the connection. */
  serverConnects() {
    this.connected = true;
    this.fire('connect');
  }
  /** The server refuses the handshake. */
  serverRefuses(message: string) {
    this.active = false;
    this.fire('connect_error', Object.assign(new Error(message), { data: { message } }));
  }
  /** The server sends an event. */
  serverEmits(event: string, payload: unknown) {
    this.fire(event, payload);
  }
  sent(event: string) {
    return this.emitted.filter((e) => e.event === event).map((e) => e.args);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}

export const sockets: FakeSocket[] = [];

export function io(url: string, options: Record<string, unknown>) {
  const socket = new FakeSocket(url, options);
  sockets.push(socket);
  return socket;
}

export const lastSocket = () => {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('No desk socket was opened');
  return socket;
};
