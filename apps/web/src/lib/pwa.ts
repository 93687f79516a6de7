/**
 * The installable platform app (spec 000 §1). One build serves both faces, so the service worker is
 * registered only when the runtime config says this is the platform origin; the landing origin never
 * gets one (and unregisters any left from an earlier build).
 */
export async function registerPlatformServiceWorker(isPlatform: boolean): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
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

/** The manifest is only linked on the platform face, so the landing site does not offer an install. */
export function linkPlatformManifest(isPlatform: boolean): void {
  if (!isPlatform || document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.append(link);
}
