import type { Notification } from '@paws/contracts/notifications';
import { describe, expect, it, vi } from 'vitest';
import { type ChannelSocket, openNotificationsChannel, type SocketOptions } from './channel';

/** A socket.io socket stand-in: records connects, lets the test fire server events. */
function fakeSocket() {
  const handlers = new Map<string, (payload?: unknown) => void>();
  const socket = {
    connected: false,
    connects: 0,
    disconnects: 0,
    emitted: [] as unknown[],
    on(event: string, listener: (payload?: unknown) => void) {
      handlers.set(event, listener);
      return socket;
    },
    emit(_event: string, payload: unknown) {
      socket.emitted.push(payload);
      return socket;
    },
    connect() {
      socket.connects += 1;
      return socket;
    },
    disconnect() {
      socket.disconnects += 1;
      socket.connected = false;
      return socket;
    },
    fire(event: string, payload?: unknown) {
      if (event === 'connect') socket.connected = true;
      handlers.get(event)?.(payload);
    },
  };
  return socket;
}

function setup(refreshTokens = vi.fn(async () => {})) {
  const socket = fakeSocket();
  const onNotification = vi.fn();
  const target = new EventTarget();
  let opened: { url: string; options: SocketOptions } | undefined;
  const channel = openNotificationsChannel({
    userId: 'u-1',
    socketUrl: '',
    connect: (url, options) => {
      opened = { url, options };
      return socket as unknown as ChannelSocket;
    },
    refreshTokens,
    onNotification,
    target: target as unknown as Window,
  });
  return { socket, onNotification, target, channel, opened: () => opened, refreshTokens };
}

describe('notifications channel', () => {
  it('connects websocket-only, without reconnection, 5000 ms timeout, with the idle-tracker auth', () => {
    const { opened } = setup();
    expect(opened()).toEqual({
      url: '/notifications',
      options: {
        transports: ['websocket'],
        reconnection: false,
        timeout: 5000,
        auth: { userId: 'u-1', type: 'idle-tracker' },
        withCredentials: true,
      },
    });
  });

  it('tells when it is live', () => {
    const socket = fakeSocket();
    const live: boolean[] = [];
    openNotificationsChannel({
      userId: 'u-1',
      socketUrl: '',
      connect: () => socket as unknown as ChannelSocket,
      refreshTokens: async () => {},
      onNotification: () => {},
      onLiveChange: (value) => live.push(value),
      target: new EventTarget() as unknown as Window,
    });
    socket.fire('connect');
    socket.fire('disconnect');
    expect(live).toEqual([true, false]);
  });

  it('hands each newNotification on', () => {
    const { socket, onNotification } = setup();
    const notification: Notification = {
      id: 'n-1',
      notificationMessage: 'Your deposit of $25.00 was credited to your balance.',
      category: 'FINANCIAL',
      isRead: false,
      createdAt: '2026-11-22T10:00:00.000Z',
    };
    socket.fire('newNotification', notification);
    expect(onNotification).toHaveBeenCalledWith(notification);
  });

  it('on socketError 4001 refreshes the tokens, then connects again; other codes do nothing', async () => {
    const { socket, refreshTokens } = setup();
    socket.fire('socketError', { statusCode: 500 });
    expect(refreshTokens).not.toHaveBeenCalled();
    socket.fire('socketError', { statusCode: 4001 });
    expect(socket.disconnects).toBe(1);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(socket.connects).toBe(1));
  });

  it('does not reconnect when the refresh is refused (the session ends)', async () => {
    const { socket } = setup(vi.fn(async () => Promise.reject(new Error('401'))));
    socket.fire('socketError', { statusCode: 4001 });
    await new Promise((r) => setTimeout(r, 10));
    expect(socket.connects).toBe(0);
  });

  it('after a failed connection, tries again when the window regains focus', () => {
    const { socket, target } = setup();
    target.dispatchEvent(new Event('focus'));
    expect(socket.connects).toBe(0);
    socket.fire('connect_error', new Error('timeout'));
    target.dispatchEvent(new Event('focus'));
    expect(socket.connects).toBe(1);
    // Once is enough until it fails again.
    target.dispatchEvent(new Event('focus'));
    expect(socket.connects).toBe(1);
  });

  it('emits userIdle only while connected, and close() stops everything', () => {
    const { socket, channel, target } = setup();
    const event = { userId: 'u-1', isIdle: true, timestamp: 1, page: '/', userAgent: 'x' };
    channel.emit('userIdle', event);
    expect(socket.emitted).toEqual([]);
    socket.fire('connect');
    channel.emit('userIdle', event);
    expect(socket.emitted).toEqual([event]);
    channel.close();
    socket.fire('connect_error', new Error('x'));
    target.dispatchEvent(new Event('focus'));
    expect(socket.connects).toBe(0);
  });
});
