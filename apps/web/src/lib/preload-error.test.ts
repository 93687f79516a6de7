import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPreloadErrorReload, PRELOAD_ERROR_EVENT, reportingPreloadErrors } from './preload-error';

describe('preload errors', () => {
  let uninstall: (() => void) | undefined;

  afterEach(() => {
    uninstall?.();
    uninstall = undefined;
  });

  it("dispatches 'vite:preloadError' with the failure as payload when a chunk fails to load", async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const events: Event[] = [];
    const listener = (event: Event) => events.push(event);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);

    await expect(reportingPreloadErrors(() => Promise.reject(failure))()).rejects.toBe(failure);

    window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ payload: failure, cancelable: true });
  });

  it('reloads the page once and keeps the failed import pending while it does', async () => {
    const reload = vi.fn();
    uninstall = installPreloadErrorReload({ reload, now: () => 1_000_000 });

    const pending = reportingPreloadErrors(() => Promise.reject(new Error('chunk gone')))();
    const settled = vi.fn();
    pending.then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled();
  });

  it('does not reload again right after a reload, so a real outage shows the error panel', async () => {
    const reload = vi.fn();
    let clock = 1_000_000;
    uninstall = installPreloadErrorReload({ reload, now: () => clock });
    window.dispatchEvent(new Event(PRELOAD_ERROR_EVENT, { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page: a new listener, the same session storage, a moment later.
    uninstall();
    clock += 2_000;
    uninstall = installPreloadErrorReload({ reload, now: () => clock });
    const failure = new Error('still gone');

    await expect(reportingPreloadErrors(() => Promise.reject(failure))()).rejects.toBe(failure);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
