import { demoAccounts } from '@paws/contracts/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { spinOnce } from '../helpers/slot.ts';
import { dialog, registerPlayer, signInByEmailLink, watchErrors } from './identity-support.ts';

/** '$1,025.00' → 1025. */
const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

/**
 * On the phone the seeded demo player (1,000.00 USD, a username, no deposit yet); on the desktop a player of
 * the file's own made alike (a username, no deposit, nothing credited: 0.00 USD), so that both journeys run
 * at once on the one server without touching each other's balance, history or bonus progress.
 */
const devices = [
  ['phone', viewports.phone, { ...demoAccounts.player, starting: 1000 }],
  [
    'desktop',
    viewports.desktop,
    { email: 'account.desktop@paws.local', password: 'Account#2026', username: 'deskplayer', starting: 0 },
  ],
] as const;

/**
 * The player-account journey of issue 6, on a phone and on a desktop: the player signs in, deposits 25 by the
 * quick amount, spins the slot once, then finds the bet, the deposit, the game session and the bonus progress
 * on their screens.
 */
describe('player account', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const [, , desktop] = devices[1];
    await registerPlayer(server.platform, desktop.email, desktop.password, {
      username: desktop.username,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // The two devices at once, each journey's steps in order (sequential within the concurrent suite).
  describe.concurrent.each(devices)('on a %s', (_name, viewport, player) => {
    const { email, password, starting } = player;
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      context = await browser.newContext(viewport);
      // The new player's welcome tour would cover the page (the demo player's is done).
      if (email !== demoAccounts.player.email) {
        await context.addInitScript(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
      }
      page = await context.newPage();
      errors = watchErrors(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    const accountBalance = () =>
      page
        .getByRole('region', { name: 'My account' })
        .locator('p')
        .filter({ hasText: '$' })
        .first()
        .textContent()
        .then(dollars);

    it.sequential('signs in', async () => {
      await signInByEmailLink(page, server.platform, email, password);
    });

    it.sequential('deposits 25 by the quick amount', async ({ expect }) => {
      await page.goto(`${server.platform}/profile/account`);
      await expect.poll(accountBalance, { timeout: 10_000 }).toBe(starting);
      await page.getByRole('region', { name: 'My account' }).getByRole('button', { name: 'Deposit' }).click();
      const modal = dialog(page);
      await modal
        .getByRole('list', { name: 'Quick amounts' })
        .getByRole('button', { name: '$25', exact: true })
        .click();
      await modal.getByRole('button', { name: 'Deposit', exact: true }).last().click();
      await modal.waitFor({ state: 'hidden' });
      await expect.poll(accountBalance, { timeout: 10_000 }).toBe(starting + 25);
    });

    it.sequential('plays a slot round to its result', async ({ expect }) => {
      await page.goto(
        `${server.platform}/game?gameCode=wild-paws&providerCodeName=paws-studio&title=Wild%20Paws`,
      );
      const game = page.frameLocator('iframe[title="Wild Paws"]');
      const frameBalance = () => game.locator('.balance__value').textContent().then(dollars);
      await expect.poll(frameBalance, { timeout: 20_000 }).toBe(starting + 25);
      await spinOnce(game);
    });

    it.sequential('lists the bet, the deposit and the game session in the history', async ({ expect }) => {
      await page.goto(`${server.platform}/profile/history`);
      const list = async (tab: string, label: string) => {
        const tabs = page.getByRole('tablist', { name: 'History lists' });
        if (await tabs.isVisible()) await tabs.getByRole('tab', { name: tab }).click();
        const rows = page.getByRole('list', { name: label }).getByRole('listitem');
        await rows.first().waitFor({ timeout: 10_000 });
        return rows;
      };
      const bets = await list('Bets', 'Bets');
      await expect.poll(() => bets.filter({ hasText: 'Wild Paws' }).count()).toBeGreaterThan(0);
      const transactions = await list('Transactions', 'Transactions');
      await expect
        .poll(() => transactions.filter({ hasText: 'Deposit' }).filter({ hasText: '$25' }).count())
        .toBe(1);
      const games = await list('Games history', 'Games history');
      await expect.poll(() => games.filter({ hasText: 'Wild Paws' }).count()).toBeGreaterThan(0);
    });

    it.sequential('shows the bonus progress of that round and the welcome tasks it completed', async ({
      expect,
    }) => {
      await page.goto(`${server.platform}/profile/bonuses`);
      const weekly = page.getByRole('region', { name: 'Weekly bonus' });
      await weekly.waitFor({ timeout: 10_000 });
      await expect.poll(() => weekly.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
      const daily = page.getByRole('region', { name: 'Daily bonus' });
      await daily.getByRole('list', { name: '1 of 7 days with a bet' }).waitFor();
      const tasks = page.getByRole('region', { name: 'special tasks' });
      // Confirmed e-mail, first deposit and first bet are done; the player already has a username.
      await tasks.getByRole('img', { name: '4 of 4 tasks done' }).waitFor();
    });

    it.sequential('leaves no page errors', ({ expect }) => {
      expect(errors).toEqual([]);
    });
  });
});
