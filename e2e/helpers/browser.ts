import { type Browser, type BrowserContextOptions, chromium, type LaunchOptions } from 'playwright-core';
import { provided } from './server.ts';

/**
 * The two devices. Their readers prefer reduced motion: a headless Chromium composites in software, so a
 * page that keeps animating (the home page's sparkles) costs about a core while it is open, and the suite's
 * pages are open side by side. A test about motion asks for it with `moving`.
 * They start no service worker: in a fresh context the platform's worker downloads and stores the whole app
 * (129 files) after the first screen, about a second of Chromium's CPU per context for what only a second
 * visit uses. The worker itself is proven by pwa.test.ts, which asks for it with `withServiceWorker`.
 */
export const viewports = {
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  },
  desktop: { viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce', serviceWorkers: 'block' },
} satisfies Record<string, BrowserContextOptions>;

/** A device's options with motion as a reader who does not ask to reduce it has it. */
export const moving = (options: BrowserContextOptions): BrowserContextOptions => ({
  ...options,
  reducedMotion: 'no-preference',
});

/** A device's options with the platform's service worker running, as a real visitor has it. */
export const withServiceWorker = (options: BrowserContextOptions): BrowserContextOptions => ({
  ...options,
  serviceWorkers: 'allow',
});

/**
 * The features Playwright turns off in every Chromium it launches (playwright-core's chromiumSwitches). They are
 * repeated here because Chromium keeps only the last `--disable-features` it is given, and ours comes after
 * Playwright's; browser-flags.test.ts fails when Playwright's list has one this does not.
 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium's own window interface that no test looks at. Headless Chromium opens a browser window for every
 * page, and each window's address-bar popup is a WebUI page (chrome://omnibox-popup.top-chrome) in a renderer
 * of its own that keeps working while the window is open: about 0.6 s of CPU for each page the suite opens and
 * a quarter of a core for each page left open (docs/decisions.md, "CI speed: Chromium's own costs").
 */
export const windowInterfaceFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
    `--disable-features=${[...playwrightDisabledFeatures, ...windowInterfaceFeatures].join(',')}`,
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
