import { type Browser, type BrowserContextOptions, chromium, type LaunchOptions } from 'playwright-core';
import { provided } from './server.ts';

/**
 * The two devices. Their readers prefer reduced motion: a headless Chromium composites in software, so a
 * page that keeps animating (the home page's sparkles) costs about a core while it is open, and the suite's
 * pages are open side by side. A test about motion asks for it with `moving`.
 */
export const viewports = {
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    reducedMotion: 'reduce',
  },
  desktop: { viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' },
} satisfies Record<string, BrowserContextOptions>;

/** A device's options with motion as a reader who does not ask to reduce it has it. */
export const moving = (options: BrowserContextOptions): BrowserContextOptions => ({
  ...options,
  reducedMotion: 'no-preference',
});

export const browserLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * The run's one Chromium (launched by the global setup), through a connection of this test file's own:
 * every context the file opens is its own (cookies, storage), and closing the returned Browser only ends the
 * connection, closing the contexts it opened. Outside a run with the global setup, a Chromium of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const wsEndpoint = provided('browserWsEndpoint');
  if (wsEndpoint) return chromium.connect(wsEndpoint);
  return chromium.launch(browserLaunchOptions);
}
