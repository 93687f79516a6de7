/**
 * The installable platform app (spec 000 §1). One build serves both faces, so the service worker is
 * registered only when the runtime config says this is the platform origin; the landing origin never
 * gets one (and unregisters any left from an earlier build).
 */
export async function registerPlatformServiceWorker(isPlatform: boolean): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  await pageLoadedAndIdle();
  if (!isPlatform) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
    return;
  }
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (error) {
    console.error('Service worker registration failed', error);
  }
}

/**
 * Resolves once the page has loaded and the main thread is idle. A registration started with the first
 * screen made that render about twice as long (the worker's script and its precaching of the whole app
 * compete with the page): the worker is for the next visit and offline use, so it waits.
 */
export function pageLoadedAndIdle(win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      // Safari has no requestIdleCallback.
      if (typeof win.requestIdleCallback === 'function')
        win.requestIdleCallback(() => resolve(), { timeout: 5_000 });
      else setTimeout(resolve, 1_000);
    };
    if (win.document.readyState === 'complete') whenIdle();
    else win.addEventListener('load', whenIdle, { once: true });
  });
}

/** The manifest is only linked on the platform face, so the landing site does not offer an install. */
export function linkPlatformManifest(isPlatform: boolean): void {
  if (!isPlatform || document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.append(link);
}
