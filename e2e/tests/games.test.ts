import { demoAccounts } from '@paws/contracts/auth';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { signInByEmailLink, watchErrors } from './identity-support.ts';

const { email, password } = demoAccounts.player;

/** '$1,000.00' or '$1,000' → 1000. */
const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

/**
 * The games journey of issue 5: the seeded demo player (1,000.00 USD from the seed) signs in on the
 * platform, opens European Roulette from the home games list, places a bet, sees the balance change in the
 * game and in the header, and finds the round in the game's history.
 */
describe('games: roulette from the home page', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await browser.newContext(viewports.desktop);
    page = await context.newPage();
    errors = watchErrors(page);
    await signInByEmailLink(page, server.platform, email, password);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const headerBalance = () =>
    page.getByRole('banner').getByRole('button', { name: /USD/ }).first().textContent().then(dollars);

  /** Waits for a betting window with at least `seconds` left, so the bet is not refused as late. */
  async function bettingWindow(game: FrameLocator, seconds = 6) {
    const frame = await (await game.owner().elementHandle())?.contentFrame();
    if (!frame) throw new Error('the game frame is gone');
    await frame
      .waitForFunction(
        (least) => {
          const phase = document.querySelector('.rt-phase__label')?.textContent;
          const left = Number(
            (document.querySelector('.rt-phase__time')?.textContent ?? '').replace(/[^0-9.]/g, ''),
          );
          return phase === 'Place your bets' && left >= least;
        },
        seconds,
        { timeout: 45_000, polling: 100 },
      )
      .catch((error) => {
        throw new Error(`no betting window in 45 s: ${error.message}`);
      });
  }

  it('opens roulette from the home list, takes a bet, moves the balance and lists the round', async () => {
    await page.goto(`${server.platform}/`);
    const list = page.locator('#games-list');
    await list.scrollIntoViewIfNeeded();
    // The tile cuts the name at 15 characters (spec 000 §9) and keeps it whole in its title.
    const tile = list.locator('button[title="European Roulette"]');
    await tile.click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/game');
    const url = new URL(page.url());
    expect(url.searchParams.get('providerCodeName')).toBe('paws-studio');
    expect(url.searchParams.get('title')).toBe('European Roulette');
    // The game screen locks page scroll.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    const frame = page.locator('iframe[title="European Roulette"]');
    await frame.waitFor();
    expect(new URL((await frame.getAttribute('src')) ?? '').pathname).toBe('/studio/european-roulette.html');
    const game = page.frameLocator('iframe[title="European Roulette"]');
    const frameBalance = () => game.locator('.balance__value').textContent().then(dollars);
    await expect.poll(frameBalance, { timeout: 20_000 }).toBe(1000);
    await expect.poll(headerBalance).toBe(1000);

    // On a loaded machine the window can close between the chip and the placement: then try the next one.
    const placeBets = game.getByRole('button', { name: 'Place bets', exact: true });
    for (let attempt = 0; ; attempt++) {
      await bettingWindow(game);
      await game.getByRole('button', { name: 'Bet on even', exact: true }).click();
      const ready = await expect
        .poll(() => placeBets.isEnabled(), { timeout: 3_000 })
        .toBe(true)
        .then(
          () => true,
          () => false,
        );
      if (ready) break;
      if (attempt === 2) throw new Error('Place bets never enabled after betting on even');
    }
    await placeBets.click();

    // The stake leaves the balance at once in the game, and the header follows through the frame's message.
    await expect.poll(frameBalance, { timeout: 10_000 }).not.toBe(1000);
    await expect.poll(headerBalance, { timeout: 10_000 }).not.toBe(1000);

    // Once the wheel has spun, the round is in the game's own history with its stake.
    await expect
      .poll(
        async () => {
          await game.getByRole('button', { name: 'History' }).click();
          const rounds = game.getByRole('dialog', { name: 'Your rounds' });
          await rounds.waitFor();
          // Loaded: the spinner gave way to the list (or to 'No rounds yet').
          await rounds.locator('.spinner').waitFor({ state: 'detached' });
          const count = await rounds.locator('.history__item').filter({ hasText: 'Bet $1.00' }).count();
          await rounds.getByRole('button', { name: 'Close' }).click();
          return count;
        },
        { timeout: 45_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);
    // Settled: even money either came back doubled or was lost, and the header shows the same figure.
    const settled = await frameBalance();
    expect([999, 1001]).toContain(settled);
    await expect.poll(headerBalance, { timeout: 10_000 }).toBe(settled);
    expect(errors).toEqual([]);
  });

  it('on a phone the top panel comes down from its tab and folds away by itself', async () => {
    // The desktop session moves to the phone; the desktop browser closes so that only one of them ever
    // rotates the refresh token (two would look like token theft and end the session).
    const storageState = await context.storageState();
    await context.close();
    const phone = await browser.newContext({ ...viewports.phone, storageState });
    const mobile = await phone.newPage();
    try {
      await mobile.goto(
        `${server.platform}/game?gameCode=blackjack&providerCodeName=paws-studio&title=Blackjack`,
      );
      await mobile.locator('iframe[title="Blackjack"]').waitFor();
      const panel = mobile.getByTestId('game-top-panel');
      expect(await panel.getAttribute('data-open')).toBe('false');
      await mobile.getByRole('button', { name: 'Show game menu' }).click();
      await expect.poll(() => panel.getAttribute('data-open')).toBe('true');
      await expect.poll(() => panel.getAttribute('data-open'), { timeout: 8_000 }).toBe('false');
    } finally {
      await phone.close();
    }
  });
});
