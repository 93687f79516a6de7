// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_WAIT_MS } from './dom.ts';

/** A PerformanceObserver that reports paint entries when the test says the page painted. */
class PaintObserver {
  static supportedEntryTypes = ['paint'];
  static current: PaintObserver | undefined;
  constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
    PaintObserver.current = this;
  }
  observe() {}
  disconnect() {}
  paint() {
    this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
  }
}

describe('afterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', PaintObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the first contentful paint, however slow, and runs just after it', () => {
    const work = vi.fn();
    afterFirstPaint(work);
    // A loaded phone's first paint after 900 ms: nothing goes out before it.
    vi.advanceTimersByTime(900);
    expect(work).not.toHaveBeenCalled();
    PaintObserver.current?.paint();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after FIRST_PAINT_WAIT_MS when no paint is reported', () => {
    const work = vi.fn();
    afterFirstPaint(work);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at once in a hidden tab, which paints nothing until shown', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const work = vi.fn();
    afterFirstPaint(work);
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
