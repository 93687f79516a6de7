import { demoAccounts } from '@paws/contracts/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { audit, expectClean, settle } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { spinOnce } from '../helpers/slot.ts';
import { dialog, registerPlayer, signInByEmailLink, watchErrors } from './identity-support.ts';

/**
 * On the phone the seeded demo player; on the desktop a player of the file's own with $50 deposited (no limit
 * set), so that both journeys run at once on the one server, each with limits of its own.
 */
const devices = [
  ['phone', viewports.phone, demoAccounts.player],
  ['desktop', viewports.desktop, { email: 'limits.desktop@paws.local', password: 'Limits#2026' }],
] as const;

/**
 * Responsible gaming (issue 28) on a phone and a desktop: the player sets a 24-hour wager limit of $1 in
 * /profile, asks to raise it (shown as pending, not in force), spins Wild Paws once for $1 and sees the next
 * spin refused on the game page with the limit's name.
 */
describe('responsible gaming', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const [, , desktop] = devices[1];
    await registerPlayer(server.platform, desktop.email, desktop.password, { deposit: 50 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // The two devices at once, each journey's steps in order (sequential within the concurrent suite).
  describe.concurrent.each(devices)('on a %s', (device, viewport, { email, password }) => {
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

    const section = () => page.getByRole('region', { name: 'Responsible gaming' });

    async function setLimit(kind: string, period: string, amount: string) {
      await section().getByLabel('Limit', { exact: true }).selectOption({ label: kind });
      await section().getByLabel('Period').selectOption({ label: period });
      await section().getByLabel('Amount (USD)').fill(amount);
      await section().getByRole('button', { name: 'Set limit' }).click();
    }

    it.sequential('signs in', async () => {
      await signInByEmailLink(page, server.platform, email, password);
    });

    it.sequential('the deposit form offers a deposit limit, and its link lands on the amount to type', async ({
      expect,
    }) => {
      await page.goto(`${server.platform}/profile/account`);
      await page.getByRole('region', { name: 'My account' }).getByRole('button', { name: 'Deposit' }).click();
      const modal = dialog(page);
      await modal.getByText('You have no deposit limit.', { exact: false }).waitFor({ timeout: 10_000 });
      await settle(page);
      expectClean(await audit(page, `deposit form with the limit offer (${device})`));
      if (process.env.E2E_SHOTS)
        await page.screenshot({ path: `${process.env.E2E_SHOTS}/deposit-limit-offer-${device}.png` });
      await modal.getByRole('link', { name: 'Set a deposit limit' }).click();
      await modal.waitFor({ state: 'hidden' });
      const amount = section().getByLabel('Amount (USD)');
      await expect.poll(() => amount.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(new URL(page.url()).hash).toBe('#responsible-gaming');
    });

    it.sequential('sets a wager limit in the profile, and a raise waits 24 hours', async () => {
      await page.goto(`${server.platform}/profile/account`);
      await section().waitFor({ timeout: 20_000 });
      await setLimit('Wager', '24 hours', '1');
      const limit = section().getByRole('listitem').filter({ hasText: 'Wager limit, 24 hours' });
      await limit.getByText('$1.00 left of $1.00').waitFor({ timeout: 10_000 });
      await section().getByRole('status').getByText('Your limits are saved.').waitFor();

      await setLimit('Wager', '24 hours', '5');
      await limit.getByText(/^Rises to \$5\.00 on /).waitFor({ timeout: 10_000 });
      // Still the old limit in force.
      await limit.getByText('$1.00 left of $1.00').waitFor();
      await settle(page);
      expectClean(await audit(page, `profile responsible gaming (${device})`));
    });

    it.sequential('refuses the spin over the limit on the game page, naming the limit', async ({
      expect,
    }) => {
      await page.goto(
        `${server.platform}/game?gameCode=wild-paws&providerCodeName=paws-studio&title=Wild%20Paws`,
      );
      const game = page.frameLocator('iframe[title="Wild Paws"]');
      const balance = () => game.locator('.balance__value').textContent();
      await expect.poll(balance, { timeout: 20_000 }).toMatch(/\$[\d,]+\.\d\d/);
      await spinOnce(game);
      const spin = game.getByRole('button', { name: 'Spin', exact: true });
      const serverBalance = async () => {
        const { body } = await playerFetch(page, '/api/platform/profile/user-data');
        const { balances } = body as { balances: { currencyCode: string; amount: number }[] };
        return balances.find((b) => b.currencyCode === 'USD')?.amount;
      };
      const after = await serverBalance();
      // The first spin's stake used the whole limit: the next one is refused and moves nothing.
      await spin.click({ timeout: 15_000 });
      await game
        .getByRole('status')
        .getByText('This bet is over your 24-hour wager limit')
        .waitFor({ timeout: 15_000 });
      expect(await serverBalance()).toBe(after);
      expect(errors.filter((e) => !/403/.test(e))).toEqual([]);
    });
  });
});
