import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { sharedServer } from '../helpers/shared-servers.ts';

describe('two origins from one server', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer('test', import.meta.url), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves a configuration that tells the two faces apart', async () => {
    const landing = await (await fetch(`${server.landing}/config.json`)).json();
    const platform = await (await fetch(`${server.platform}/config.json`)).json();
    expect(landing.isPlatform).toBe(false);
    expect(platform.isPlatform).toBe(true);
    expect(landing.platformUrl).toBe(server.platform);
    expect(platform.spaceUrl).toBe(server.landing);
  });

  it('serves the app at the root and at deep links on both origins', async () => {
    for (const origin of [server.landing, server.platform]) {
      for (const path of ['/', '/faq', '/profile/history']) {
        // Without compression too: a client that accepts only identity must get the page, not a directory refusal.
        const res = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'identity' } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/text\/html/);
        expect(await res.text()).toContain('<div id="root"');
      }
    }
  });

  it('sends every face and the game pages compressed from their build', async () => {
    const assetOf = async (origin: string, page: string) => {
      const html = await (await fetch(`${origin}${page}`)).text();
      // A game page links its script; the faces' loader imports it (scripts/vite-plugin-paint-first.ts).
      const script = html.match(/(?:src="|import\(")([^"]+\.js)"/)?.[1];
      expect(script, `a script in ${origin}${page}`).toBeTruthy();
      return new URL(script as string, `${origin}${page}`).href;
    };
    const assets = [
      await assetOf(server.platform, '/'),
      await assetOf(server.platform, '/studio/wild-paws.html'),
      await assetOf(server.backOffice, '/'),
    ];
    for (const url of assets) {
      for (const encoding of ['br', 'gzip']) {
        const res = await fetch(url, { headers: { 'accept-encoding': encoding } });
        expect([url, res.status, res.headers.get('content-encoding')]).toEqual([url, 200, encoding]);
      }
    }
  });

  it('runs under its Content-Security-Policy with no violation: no inline style or foreign connection', async () => {
    const policy = (await fetch(`${server.platform}/`)).headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/style-src 'self' 'sha256-/);
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).not.toMatch(/unsafe-inline/);
    expect(policy).not.toMatch(/connect-src[^;]*\bwss?:(\s|;)/);
    const context = await browser.newContext(viewports.desktop);
    try {
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(
            `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
          ),
        );
      });
      const page = await context.newPage();
      for (const url of [`${server.landing}/`, `${server.platform}/`, `${server.platform}/faq`]) {
        await page.goto(url);
        await page.getByRole('banner').waitFor();
        await page.waitForLoadState('networkidle');
        expect(
          await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
        ).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  it('answers an unknown API path with JSON on both origins', async () => {
    for (const origin of [server.landing, server.platform]) {
      const res = await fetch(`${origin}/api/identity/no-such-call`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ statusCode: 404 });
    }
  });

  it('paints the shell before it asks for a script or a stylesheet, then the app replaces it', async () => {
    const context = await browser.newContext(viewports.phone);
    try {
      for (const origin of [server.landing, server.platform, server.backOffice]) {
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        await page.locator('#root > :not(.shell):not(.boot)').first().waitFor();
        // The paint entry is recorded once the frame is presented, which on a loaded machine can come after
        // the app has mounted: wait for it rather than read it at once.
        const { paint, first } = await page.evaluate(async () => {
          const paint = await new Promise<number>((resolve) =>
            new PerformanceObserver((list, observer) => {
              const entry = list.getEntriesByName('first-contentful-paint')[0];
              if (!entry) return;
              observer.disconnect();
              resolve(entry.startTime);
            }).observe({ type: 'paint', buffered: true }),
          );
          const resources = performance
            .getEntriesByType('resource')
            .filter((entry) => /\/assets\/.*\.(js|css)$/.test(entry.name));
          return { paint, first: Math.min(...resources.map((entry) => entry.startTime)) };
        });
        expect(paint, origin).toBeGreaterThan(0);
        expect(first, origin).toBeGreaterThan(paint as number);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  it('a game page paints before it asks for its paytable and the schemas', async () => {
    const context = await browser.newContext(viewports.phone);
    try {
      for (const [game, info] of [
        ['wild-paws', '/api/studio/games/wild-paws/info'],
        ['loto', '/api/studio/games/loto/info'],
      ]) {
        const page = await context.newPage();
        await page.goto(`${server.platform}/studio/${game}.html`);
        const read = () =>
          page.evaluate((path) => {
            const resources = performance
              .getEntriesByType('resource')
              .filter((entry) => entry.name.endsWith(path) || /schemas-bundle/.test(entry.name));
            return {
              paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
              later: resources.map((entry) => entry.startTime),
            };
          }, info as string);
        // A resource's entry is added once its answer has arrived; the paint's once its frame is presented.
        await expect
          .poll(async () => {
            const { paint, later } = await read();
            return paint !== undefined && later.length === 2;
          })
          .toBe(true);
        const { paint, later } = await read();
        expect(paint, game).toBeGreaterThan(0);
        for (const start of later) expect(start, game).toBeGreaterThan(paint as number);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  for (const [name, options] of Object.entries(viewports)) {
    it(`renders the shell and routes a deep link on both origins (${name})`, async () => {
      const context = await browser.newContext(options);
      const errors: string[] = [];
      try {
        for (const origin of [server.landing, server.platform]) {
          const page = await context.newPage();
          page.on('pageerror', (e) => errors.push(String(e)));
          await page.goto(`${origin}/`);
          await expect.poll(() => page.title()).toMatch(/PAWS/);
          await expect.poll(() => page.locator('footer').count()).toBeGreaterThan(0);

          await page.goto(`${origin}/faq`);
          await expect.poll(() => page.title()).toMatch(/^FAQ/);
          await expect
            .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
            .toMatch(/Frequently asked questions/);
          await page.close();
        }
      } finally {
        await context.close();
      }
      expect(errors).toEqual([]);
    });
  }
});
