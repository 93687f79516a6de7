import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, startIdleTracker, useIdleTracker } from './idle-tracker';

describe('idle tracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-07T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('emits idle after 60000 ms without activity and active again on a mouse move', () => {
    const emit = vi.fn();
    const stop = startIdleTracker({ userId: 'u-1', emitter: { emit }, page: () => '/news' });

    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(emit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(emit).toHaveBeenCalledTimes(1);
    expect(emit).toHaveBeenLastCalledWith('userIdle', {
      userId: 'u-1',
      isIdle: true,
      timestamp: Date.parse('2026-03-07T10:01:00Z'),
      page: '/news',
      userAgent: navigator.userAgent,
    });

    window.dispatchEvent(new MouseEvent('mousemove'));
    expect(emit).toHaveBeenCalledTimes(2);
    expect(emit.mock.lastCall?.[1]).toMatchObject({ isIdle: false });

    // Further activity while active emits nothing.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(emit).toHaveBeenCalledTimes(2);
    stop();
  });

  it('a key press restarts the countdown', () => {
    const emit = vi.fn();
    const stop = startIdleTracker({ userId: 'u-1', emitter: { emit } });
    vi.advanceTimersByTime(50_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(50_000);
    expect(emit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(emit).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    window.dispatchEvent(new MouseEvent('mousemove'));
    expect(emit).toHaveBeenCalledTimes(1);
  });

  it('the hook tracks only with a user and an emitter', () => {
    const emit = vi.fn();
    const { rerender, unmount } = renderHook(({ id }) => useIdleTracker(id, { emit }), {
      initialProps: { id: undefined as string | undefined },
    });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(emit).not.toHaveBeenCalled();
    rerender({ id: 'u-2' });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(emit).toHaveBeenCalledWith('userIdle', expect.objectContaining({ userId: 'u-2', isIdle: true }));
    unmount();
  });
});
