import { expect, it, vi } from 'vitest';
import { pageLoadedAndIdle } from './pwa';

/** A window as pageLoadedAndIdle reads it: its document's state, its load event and requestIdleCallback. */
function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget();
  const idle: IdleRequestCallback[] = [];
  const win = {
    document: { readyState },
    addEventListener: target.addEventListener.bind(target),
    requestIdleCallback: (callback: IdleRequestCallback) => idle.push(callback),
  } as unknown as Window;
  return { win, idle, load: () => target.dispatchEvent(new Event('load')) };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve));
  return done;
};

it('waits for the page to load, then for an idle moment', async () => {
  const { win, idle, load } = fakeWindow('interactive');
  const ready = pageLoadedAndIdle(win);
  expect(await settled(ready)).toBe(false);
  load();
  expect(idle).toHaveLength(1);
  expect(await settled(ready)).toBe(false);
  idle[0]?.({ didTimeout: false, timeRemaining: () => 10 });
  expect(await settled(ready)).toBe(true);
});

it('on a page already loaded, waits for an idle moment only', async () => {
  const { win, idle } = fakeWindow('complete');
  const ready = pageLoadedAndIdle(win);
  expect(idle).toHaveLength(1);
  idle[0]?.({ didTimeout: false, timeRemaining: () => 10 });
  expect(await settled(ready)).toBe(true);
});

it('without requestIdleCallback (Safari), waits a second after the load', async () => {
  vi.useFakeTimers();
  try {
    const win = { document: { readyState: 'complete' }, addEventListener: () => {} } as unknown as Window;
    let done = false;
    void pageLoadedAndIdle(win).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
