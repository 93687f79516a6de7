import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports, withServiceWorker } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { sharedServer } from '../helpers/shared-servers.ts';

/**
 * The installable platform app (spec 000 §1): the platform face links its manifest and installs a service worker
 * that keeps the app for the next visit and for offline use; the landing face has neither. The other journeys
 * run without the worker (helpers/browser.ts), so this is where it is proven.
 */
describe('the installable platform app', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer('test', import.meta.url), launchBrowser()]);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('installs its worker on the platform, then serves the app from it, offline too', async () => {
    context = await browser.newContext(withServiceWorker(viewports.phone));
    const page = await context.newPage();
    await page.goto(`${server.platform}/`);
    await expect
      .poll(() => page.locator('link[rel="manifest"]').getAttribute('href'))
      .toBe('/manifest.webmanifest');
    // The worker registers once the first screen is idle, stores the app, then takes the page over.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
        timeout: 30_000,
      })
      .toBe(`${server.platform}/sw.js`);
    const stored = await page.evaluate(async () => {
      const names = await caches.keys();
      const requests = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
      return requests.flat().map((request) => new URL(request.url).pathname);
    });
    expect(stored).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
    expect(
      stored.filter((path) => path.startsWith('/assets/') && path.endsWith('.js')).length,
    ).toBeGreaterThan(10);

    // The next visit's page and its scripts come from the worker, and so does the page with the network gone.
    const script = page.waitForResponse((response) => response.request().resourceType() === 'script');
    const again = await page.goto(`${server.platform}/faq`);
    expect(again?.fromServiceWorker()).toBe(true);
    expect((await script).fromServiceWorker()).toBe(true);
    await context.setOffline(true);
    const offline = await page.goto(`${server.platform}/news`);
    expect(offline?.status()).toBe(200);
    expect(offline?.fromServiceWorker()).toBe(true);
    await context.close();
    context = undefined;
  });

  it('keeps no worker on the landing face: one left from an earlier build is removed', async () => {
    context = await browser.newContext(withServiceWorker(viewports.desktop));
    const page = await context.newPage();
    await page.goto(`${server.landing}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), {
        timeout: 30_000,
      })
      .toBe(0);
    expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
    await context.close();
    context = undefined;
  });
});
