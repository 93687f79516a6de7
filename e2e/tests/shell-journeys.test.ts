import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, moving, viewports } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { sharedServer } from '../helpers/shared-servers.ts';

/** The visitor shell: navigation, language and vibe switches, the header search. */
describe('visitor shell journeys', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer('test', import.meta.url), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const h1 = () => page.getByRole('heading', { level: 1 }).first().textContent();

  async function open(path: string, options: BrowserContextOptions = viewports.desktop) {
    await context?.close();
    context = await browser.newContext(options);
    page = await context.newPage();
    await page.goto(`${server.landing}${path}`);
    await expect.poll(h1).toBeTruthy();
  }

  it('navigates from the header and the footer, with titles from the route', async () => {
    await open('/');
    const header = page.getByRole('banner');
    await header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About us' }).click();
    await expect.poll(h1).toBe('About us');
    await expect.poll(() => page.title()).toBe('About us · PAWS');

    await header.getByRole('navigation', { name: 'Information' }).getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(h1).toBe('Frequently asked questions');
    const question = page.getByText('Who can play?');
    await question.click();
    await expect.poll(() => page.getByText('Only adults aged 18 or over').isVisible()).toBe(true);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Contacts' }).click();
    await expect.poll(h1).toBe('Contacts');
    await expect
      .poll(() => page.getByRole('link', { name: 'support@paws.local' }).getAttribute('href'))
      .toBe('mailto:support@paws.local');

    await page.getByRole('contentinfo').getByRole('link', { name: 'For partners' }).click();
    await expect.poll(h1).toBe('For partners');

    await header.getByRole('link', { name: 'Games' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#games-list');
    await expect.poll(h1).toBe('Play with joy');
    await expect.poll(() => page.locator('#games-list').isVisible()).toBe(true);
  });

  it('keeps keyboard focus visible and reaches the search from the keyboard', async () => {
    await open('/faq');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(outline).not.toBe('none');
  });

  it('switches the language at once and remembers it', async () => {
    await open('/');
    await page.getByRole('contentinfo').getByText('ES', { exact: true }).click();
    await expect.poll(h1).toBe('Juega con alegría');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect.poll(() => page.getByPlaceholder('Search for joy').count()).toBe(0);
    await page.reload();
    await expect.poll(h1).toBe('Juega con alegría');
    await page.getByRole('contentinfo').getByText('EN', { exact: true }).click();
    await expect.poll(h1).toBe('Play with joy');
  });

  it('switches the vibe from the vibe menu, animates it and remembers it', async () => {
    await open('/', moving(viewports.desktop));
    const accent = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
    expect(await page.evaluate(() => document.documentElement.dataset.vibe)).toBe('strategic-green');
    const green = await accent();
    await page.getByRole('button', { name: 'Change Vibe' }).click();
    await page.getByRole('button', { name: 'Wild', exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.vibe))
      .toBe('aggressive-red');
    await expect.poll(() => page.locator('[data-testid="vibe-transition"]').count()).toBe(1);
    await expect.poll(() => page.locator('[data-testid="vibe-transition"]').count()).toBe(0);
    expect(await accent()).not.toBe(green);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.vibe))
      .toBe('aggressive-red');
  });

  it('searches the catalogue from the header; a visitor opening a result is asked to log in', async () => {
    await open('/faq');
    const catalogue = await fetch(`${server.landing}/api/platform/catalog`);
    const games: { name: string }[] = catalogue.ok ? await catalogue.json() : [];
    const box = page.getByRole('combobox', { name: 'Search games' });

    await box.fill('zz-no-such-game-zz');
    const status = page
      .getByRole('status')
      .filter({ hasText: /No games match your search|Search is unavailable/ });
    await expect
      .poll(() => status.textContent())
      .toBe(catalogue.ok ? 'No games match your search' : 'Search is unavailable right now');

    const first = games[0];
    if (first) {
      await box.fill(first.name);
      const option = page.getByRole('option', { name: new RegExp(first.name) }).first();
      await option.click();
      // On the landing app a visitor who opens a game is asked to log in (spec 000 §4).
      await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
      await expect.poll(() => page.getByRole('dialog').getByLabel('Email').count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/faq');
    }
  });

  it('leads a bottom panel slot to the games list filtered by kind (phone)', async () => {
    await open('/about-us', viewports.phone);
    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('link', { name: 'Live' })
      .click();
    await expect.poll(() => new URL(page.url()).search).toBe('?kind=LIVE');
    await expect.poll(() => new URL(page.url()).hash).toBe('#games-list');
    await expect.poll(() => page.getByRole('button', { name: /Showing: Live/ }).isVisible()).toBe(true);
  });
});
