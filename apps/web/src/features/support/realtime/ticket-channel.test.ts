import { describe, expect, it, vi } from 'vitest';
import { type FakeTicketSocket, fakeTicketSocket, ticketMessage } from '../testing/fake-socket';
import { openTicketChannel, type TicketSocket, type TicketSocketOptions } from './ticket-channel';

const TICKET = '11111111-1111-4111-8111-111111111111';

function setup({
  refreshTokens = vi.fn(async () => {}),
  guestToken,
}: {
  refreshTokens?: () => Promise<void>;
  guestToken?: string;
} = {}) {
  const socket: FakeTicketSocket = fakeTicketSocket();
  const events = {
    onMessages: vi.fn(),
    onMessage: vi.fn(),
    onStatus: vi.fn(),
    onTyping: vi.fn(),
    onRead: vi.fn(),
    onLiveChange: vi.fn(),
    onError: vi.fn(),
    onGone: vi.fn(),
  };
  let opened: { url: string; options: TicketSocketOptions } | undefined;
  const channel = openTicketChannel({
    ticketId: TICKET,
    ...(guestToken ? { guestToken } : {}),
    socketUrl: '',
    connect: (url, options) => {
      opened = { url, options };
      return socket as unknown as TicketSocket;
    },
    refreshTokens,
    ...events,
  });
  return { socket, events, channel, opened: () => opened, refreshTokens };
}

describe('tickets channel', () => {
  it('connects to /tickets websocket-only, without reconnection, on its own connection, with the ticketId', () => {
    const { opened } = setup();
    expect(opened()).toEqual({
      url: '/tickets',
      options: {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        timeout: 5000,
        auth: { ticketId: TICKET },
        withCredentials: true,
      },
    });
  });

  it("a visitor joins with the private link's token", () => {
    const { opened } = setup({ guestToken: 'g'.repeat(32) });
    expect(opened()?.options.auth).toEqual({ ticketId: TICKET, guestToken: 'g'.repeat(32) });
  });

  it('hands on getMessages, receiveTicketMessage, ticketStatus, typing and read; live once admitted', () => {
    const { socket, events } = setup();
    const first = ticketMessage();
    const second = ticketMessage({ byManager: true });
    socket.join([first]);
    expect(events.onLiveChange).toHaveBeenCalledWith(true);
    expect(events.onMessages).toHaveBeenCalledWith([first]);
    socket.fire('receiveTicketMessage', second);
    expect(events.onMessage).toHaveBeenCalledWith(second);
    socket.fire('ticketStatus', { status: 'RESOLVE_REQUEST' });
    expect(events.onStatus).toHaveBeenCalledWith('RESOLVE_REQUEST');
    socket.fire('typing', { byManager: true, typing: true });
    expect(events.onTyping).toHaveBeenCalledWith({ byManager: true, typing: true });
    socket.fire('read', { byManager: true, messageId: first.id, readAt: '2026-11-24T10:00:00.000Z' });
    expect(events.onRead).toHaveBeenCalledWith(expect.objectContaining({ messageId: first.id }));
  });

  it("a visitor's link gone (socketError 410, or a handshake refused 410) closes the channel and tells onGone, not onError", () => {
    const { socket, events, channel } = setup({ guestToken: 'g'.repeat(32) });
    socket.join([]);
    socket.fire('socketError', { statusCode: 410, message: 'expired' });
    expect(events.onGone).toHaveBeenCalledTimes(1);
    expect(socket.disconnects).toBe(1);
    expect(socket.connected).toBe(false);
    expect(events.onLiveChange).toHaveBeenLastCalledWith(false);
    // The server's own drop that follows is no failure, and there is nothing to retry.
    socket.fire('disconnect', 'io server disconnect');
    expect(events.onError).not.toHaveBeenCalled();
    channel.reconnect();
    expect(socket.connects).toBe(0);

    const refused = setup({ guestToken: 'g'.repeat(32) });
    refused.socket.fire('connect_error', Object.assign(new Error('gone'), { data: { statusCode: 410 } }));
    expect(refused.events.onGone).toHaveBeenCalledTimes(1);
    expect(refused.events.onError).not.toHaveBeenCalled();
  });

  it('on socketError 4001 refreshes the tokens, disconnects and connects again; other codes do nothing', async () => {
    const { socket, refreshTokens, events } = setup();
    socket.fire('connect');
    socket.fire('socketError', { statusCode: 500 });
    expect(refreshTokens).not.toHaveBeenCalled();
    socket.fire('socketError', { statusCode: 4001 });
    expect(socket.disconnects).toBe(1);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    expect(events.onError).not.toHaveBeenCalled();
  });

  it('a refusal carrying 4001 in connect_error also refreshes and reconnects', async () => {
    const { socket, refreshTokens } = setup();
    socket.fire('connect_error', Object.assign(new Error('expired'), { data: { statusCode: 4001 } }));
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(socket.connects).toBe(1));
  });

  it('sets the error flag when the refresh fails', async () => {
    const { socket, events } = setup({ refreshTokens: vi.fn(async () => Promise.reject(new Error('401'))) });
    socket.fire('connect');
    socket.fire('socketError', { statusCode: 4001 });
    await vi.waitFor(() => expect(events.onError).toHaveBeenCalledTimes(1));
    expect(socket.connects).toBe(0);
  });

  it('sets the error flag, instead of looping, when the new connection hears 4001 again', async () => {
    const { socket, events, refreshTokens } = setup();
    socket.fire('connect');
    socket.fire('socketError', { statusCode: 4001 });
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    socket.fire('connect');
    socket.fire('socketError', { statusCode: 4001 });
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(events.onError).toHaveBeenCalledTimes(1);
  });

  it('sets the error flag on a refused connection or a dropped one, and reconnects only when asked', () => {
    const { socket, events, channel } = setup();
    socket.fire('connect_error', Object.assign(new Error('Ticket not found'), { data: { statusCode: 404 } }));
    expect(events.onError).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(0);
    channel.reconnect();
    expect(socket.connects).toBe(1);
    socket.join();
    socket.fire('disconnect', 'transport close');
    expect(events.onLiveChange).toHaveBeenLastCalledWith(false);
    expect(events.onError).toHaveBeenCalledTimes(2);
    expect(socket.connects).toBe(1);
  });

  it('sends ticketRequest with text and file and resolves with the ack; offline it refuses at once', async () => {
    const { socket, channel } = setup();
    expect(await channel.send({ message: 'hello' })).toEqual({
      ok: false,
      statusCode: 0,
      message: 'offline',
    });
    socket.join();
    const buffer = new Uint8Array([137, 80, 78, 71]).buffer;
    const pending = channel.send({
      message: 'see attached',
      file: { buffer, mimetype: 'image/png', originalname: 'shot.png' },
    });
    expect(socket.requests[0]?.request).toEqual({
      message: 'see attached',
      file: { buffer, mimetype: 'image/png', originalname: 'shot.png' },
    });
    socket.requests[0]?.ack({ ok: true, id: 'm-1' });
    expect(await pending).toEqual({ ok: true, id: 'm-1' });
  });

  it('a send waiting for its ack fails at once when the connection drops (a lapsed session, say)', async () => {
    const { socket, channel } = setup();
    socket.join();
    const pending = channel.send({ message: 'still there?' });
    socket.fire('socketError', { statusCode: 4001 });
    expect(await pending).toEqual({ ok: false, statusCode: 0, message: 'disconnected' });
    // A late ack changes nothing.
    socket.requests[0]?.ack({ ok: true, id: 'late' });
  });

  it('closing disconnects without raising the error flag', () => {
    const { socket, channel, events } = setup();
    socket.join();
    channel.close();
    expect(socket.disconnects).toBe(1);
    expect(events.onError).not.toHaveBeenCalled();
  });
});
