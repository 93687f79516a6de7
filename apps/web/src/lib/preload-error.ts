/**
 * Spec 000 §8: a chunk that fails to load dispatches a preload error event. Vite's own preload helper
 * dispatches 'vite:preloadError' for the files it preloads; reportingPreloadErrors() does the same for
 * any dynamic import (route screens, locales), and the listener installed at start reloads the page
 * once so a visitor on an old build picks up the new one instead of seeing a broken screen.
 */

export const PRELOAD_ERROR_EVENT = 'vite:preloadError';
export const RELOAD_STORAGE_KEY = 'preloadErrorReloadAt';
/** A second failure within this window after a reload is a real outage: show the error panel instead. */
export const RELOAD_WINDOW_MS = 10_000;

const reported = new WeakSet<object>();
let reloadPending = false;

/** Dispatches the event like Vite does; returns true when a listener took over (e.g. is reloading). */
export function dispatchPreloadError(error: unknown): boolean {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return false;
    reported.add(error);
  }
  const event = Object.assign(new Event(PRELOAD_ERROR_EVENT, { cancelable: true }), {
    payload: error instanceof Error ? error : new Error(String(error)),
  });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** Wraps a dynamic import: a failure is dispatched, and while a reload is under way the promise stays pending. */
export function reportingPreloadErrors<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      // Vite's helper may have reported this failure already and resolved undefined, so whatever went
      // wrong while a reload is pending just waits for the page to go away.
      if (reloadPending || dispatchPreloadError(error)) return new Promise<T>(() => {});
      throw error;
    });
}

export interface PreloadReloadOptions {
  reload?: () => void;
  now?: () => number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/** Reloads once on a chunk failure; returns a function that removes the listener. */
export function installPreloadErrorReload({
  reload = () => window.location.reload(),
  now = Date.now,
  storage = window.sessionStorage,
}: PreloadReloadOptions = {}): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (typeof payload === 'object' && payload !== null) reported.add(payload);
    let last = 0;
    try {
      last = Number(storage.getItem(RELOAD_STORAGE_KEY)) || 0;
    } catch {
      // Without storage there is no loop guard, so do not reload at all.
      return;
    }
    if (now() - last < RELOAD_WINDOW_MS) return;
    storage.setItem(RELOAD_STORAGE_KEY, String(now()));
    event.preventDefault();
    reloadPending = true;
    reload();
  };
  window.addEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
  return () => {
    window.removeEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
    reloadPending = false;
  };
}
