import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestNotificationPermission, showBrowserNotification } from './browser-notifications';

function fakeApi(permission: NotificationPermission, request: () => Promise<NotificationPermission>) {
  const close = vi.fn();
  const Api = vi.fn(function (this: { close: () => void }) {
    this.close = close;
  }) as unknown as typeof Notification;
  Object.assign(Api, { permission, requestPermission: vi.fn(request) });
  return { Api, close };
}

describe('browser notifications', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('asks only while the permission is default', async () => {
    const asked = fakeApi('default', async () => 'granted');
    expect(await requestNotificationPermission(asked.Api)).toBe('granted');
    expect(asked.Api.requestPermission).toHaveBeenCalledTimes(1);
    const denied = fakeApi('denied', async () => 'granted');
    expect(await requestNotificationPermission(denied.Api)).toBe('denied');
    expect(denied.Api.requestPermission).not.toHaveBeenCalled();
  });

  it('logs a failed request and treats it as denied; warns when unsupported', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = fakeApi('default', () => Promise.reject(new Error('blocked')));
    expect(await requestNotificationPermission(failing.Api)).toBe('denied');
    expect(error).toHaveBeenCalled();
    expect(await requestNotificationPermission(undefined)).toBe('denied');
    expect(warn).toHaveBeenCalledWith('This browser does not support notifications');
  });

  it('closes a shown notification after 5 seconds', () => {
    vi.useFakeTimers();
    const granted = fakeApi('granted', async () => 'granted');
    showBrowserNotification('Hi', undefined, granted.Api);
    vi.advanceTimersByTime(4_999);
    expect(granted.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(granted.close).toHaveBeenCalledTimes(1);
  });
});
