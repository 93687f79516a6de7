import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { sharedServer } from '../helpers/shared-servers.ts';

/** The bottom navigation panel on a touch phone: real touch events through the DevTools protocol. */
describe('bottom panel gestures (touch)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let cdp: CDPSession;

  /** A fresh phone page on About us: each test starts from no earlier gesture and the real clock. */
  async function openAboutUs() {
    await page?.context().close();
    const context = await browser.newContext(viewports.phone);
    page = await context.newPage();
    cdp = await context.newCDPSession(page);
    clock = 0;
    await page.goto(`${server.landing}/about-us`);
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer('test', import.meta.url), launchBrowser()]);
  });
  beforeEach(openAboutUs);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The page's clock during gestures: it only moves forward, by what each gesture lasts. */
  let clock = 0;

  /**
   * A finger moving from one point to another in `durationMs`: the page's clock is set for each touch event,
   * so the swipe lasts exactly that long for the page however long the machine takes to deliver it.
   */
  async function drag(x: number, fromY: number, toY: number, durationMs: number, steps = 2) {
    const start = Math.max(Date.now(), clock);
    await page.clock.setFixedTime(start);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: fromY }] });
    for (let step = 1; step <= steps; step += 1) {
      clock = start + (durationMs * step) / steps;
      await page.clock.setFixedTime(clock);
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: fromY + ((toY - fromY) * step) / steps }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  const toggle = () => page.locator('[data-onboarding="burger-menu"]');
  const expanded = () => toggle().getAttribute('aria-expanded');
  const barCentre = async () => {
    const box = await page.getByRole('navigation', { name: 'Quick navigation' }).boundingBox();
    if (!box) throw new Error('no bottom bar');
    return { x: box.x + box.width * 0.3, y: box.y + box.height / 2 };
  };

  it('opens on a swipe up, ignores a slow one, and closes on a swipe down', async () => {
    const bar = await barCentre();
    await drag(bar.x, bar.y, bar.y - 80, 600, 6);
    expect(await expanded()).toBe('false');

    await drag(bar.x, bar.y, bar.y - 80, 100);
    await expect.poll(expanded).toBe('true');
    expect(await toggle().textContent()).toContain('Close');
    await expect.poll(() => page.getByText('Your notifications will appear here').isVisible()).toBe(true);

    const heading = await page.getByRole('heading', { name: 'Menu', level: 2 }).boundingBox();
    if (!heading) throw new Error('no panel heading');
    await drag(heading.x + 10, heading.y, heading.y + 12, 100);
    expect(await expanded()).toBe('true');
    await drag(heading.x + 10, heading.y, heading.y + 90, 100);
    await expect.poll(expanded).toBe('false');
    expect(await toggle().textContent()).toContain('Menu');
  });

  it('closes on a tap outside the panel', async () => {
    await toggle().tap();
    await expect.poll(expanded).toBe('true');
    await page.tap('h1');
    await expect.poll(expanded).toBe('false');
  });

  it('switches the language on a vertical drag over 40px in the panel picker', async () => {
    await toggle().tap();
    await expect.poll(expanded).toBe('true');
    const picker = await page.getByTestId('language-drag').boundingBox();
    if (!picker) throw new Error('no language picker');
    const x = picker.x + picker.width / 2;
    const y = picker.y + picker.height / 2;
    await drag(x, y, y - 30, 150);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await drag(x, y, y - 60, 150);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toBe('Sobre nosotros');
    expect(await expanded()).toBe('true');
  });
});
