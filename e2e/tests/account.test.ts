import { demoAccounts } from '@paws/contracts/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { spinOnce } from '../helpers/slot.ts';
import { dialog, signInByEmailLink, watchErrors } from './identity-support.ts';

const { email, password } = demoAccounts.player;

/** '$1,025.00' → 1025. */
const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

/**
 * The player-account journey of issue 6, on a phone and on a desktop: the seeded demo player (1,000.00 USD)
 * signs in, deposits 25 by the quick amount, spins the slot once, then finds the bet, the deposit, the game
 * session and the bonus progress on their screens.
 */
describe.each([
  ['phone', viewports.phone],
  ['desktop', viewports.desktop],
] as const)('player account on a %s', (_name, viewport) => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await browser.newContext(viewport);
    page = await context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const accountBalance = () =>
    page
      .getByRole('region', { name: 'My account' })
      .locator('p')
      .filter({ hasText: '$' })
      .first()
      .textContent()
      .then(dollars);

  it('signs in', async () => {
    await signInByEmailLink(page, server.platform, email, password);
  });

  it('deposits 25 by the quick amount', async () => {
    await page.goto(`${server.platform}/profile/account`);
    await expect.poll(accountBalance, { timeout: 10_000 }).toBe(1000);
    await page.getByRole('region', { name: 'My account' }).getByRole('button', { name: 'Deposit' }).click();
    const modal = dialog(page);
    await modal
      .getByRole('list', { name: 'Quick amounts' })
      .getByRole('button', { name: '$25', exact: true })
      .click();
    await modal.getByRole('button', { name: 'Deposit', exact: true }).last().click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(accountBalance, { timeout: 10_000 }).toBe(1025);
  });

  it('plays a slot round to its result', async () => {
    await page.goto(
      `${server.platform}/game?gameCode=wild-paws&providerCodeName=paws-studio&title=Wild%20Paws`,
    );
    const game = page.frameLocator('iframe[title="Wild Paws"]');
    const frameBalance = () => game.locator('.balance__value').textContent().then(dollars);
    await expect.poll(frameBalance, { timeout: 20_000 }).toBe(1025);
    await spinOnce(game);
  });

  it('lists the bet, the deposit and the game session in the history', async () => {
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

  it('shows the bonus progress of that round and the welcome tasks it completed', async () => {
    await page.goto(`${server.platform}/profile/bonuses`);
    const weekly = page.getByRole('region', { name: 'Weekly bonus' });
    await weekly.waitFor({ timeout: 10_000 });
    await expect.poll(() => weekly.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    const daily = page.getByRole('region', { name: 'Daily bonus' });
    await daily.getByRole('list', { name: '1 of 7 days with a bet' }).waitFor();
    const tasks = page.getByRole('region', { name: 'special tasks' });
    // Confirmed e-mail, first deposit and first bet are done; the demo player already has a username.
    await tasks.getByRole('img', { name: '4 of 4 tasks done' }).waitFor();
  });

  it('leaves no page errors', () => {
    expect(errors).toEqual([]);
  });
});
