import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts } from '@paws/contracts/staff';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, expectClean, settle } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { enrolAndSignIn } from '../helpers/staff.ts';
import { signInByEmailLink, watchErrors } from './identity-support.ts';

/** Screenshots for a person to look at (E2E_SHOTS=dir), at the back office's narrowest and widest. */
const shotsDir = process.env.E2E_SHOTS;
async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewports.desktop.viewport);
}

/**
 * Responsible gaming in the back office (issue 28, points 7 and 8): the demo player sets a daily deposit limit
 * and makes three deposits within minutes; a support member sees the limit on the player's page, runs the
 * day's scoring, finds the player on 'Players to contact' with why, records a contact, and reads it in the
 * player's responsible gaming history.
 */
describe('back office: a player’s limits, the players to contact, a contact recorded', () => {
  let server: RunningServer;
  let browser: Browser;
  let staff: BrowserContext;
  let player: BrowserContext;
  let support: Page;
  let playerPage: Page;
  let name = '';
  const errors: string[][] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    staff = await browser.newContext(viewports.desktop);
    player = await browser.newContext(viewports.phone);
    support = await staff.newPage();
    playerPage = await player.newPage();
    errors.push(watchErrors(support));
  });
  afterAll(async () => {
    await staff?.close();
    await player?.close();
    await browser?.close();
    await server?.stop();
  });

  it('the player sets a daily deposit limit and deposits three times within minutes', async () => {
    const { email, password } = demoAccounts.player;
    await signInByEmailLink(playerPage, server.platform, email, password);
    const limit = await playerPage.evaluate(async (url) => {
      const res = await fetch(url, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'DEPOSIT', period: 'DAY', amount: 150 }),
      });
      return res.status;
    }, `${server.platform}/api/platform/profile/responsible-gaming/limits`);
    expect(limit).toBe(200);
    for (let i = 0; i < 3; i++) {
      const deposit = await playerFetch(playerPage, `${server.platform}/api/platform/users/deposit`, {
        amount: 10,
        paymentMethod: 'CARD',
      });
      expect(deposit.status).toBe(201);
    }
    const me = await playerFetch(playerPage, `${server.platform}/api/platform/profile/user-data`);
    const user = (me.body as { user: { username: string | null; email: string | null } }).user;
    name = user.username ?? user.email ?? '';
  });

  it("support sees the player's limit in force on the player page", async () => {
    const { email, password } = demoStaffAccounts.support;
    await enrolAndSignIn(support, server.backOffice, email, password);
    await support
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Players', exact: true })
      .click();
    await support.getByLabel('Search players').fill(demoAccounts.player.email);
    await support.getByRole('link', { name: demoAccounts.player.email }).click();
    await support.getByRole('tab', { name: 'Responsible gaming' }).click();
    const limits = support.getByRole('table', { name: 'Limits in force' });
    const row = limits.getByRole('row').filter({ hasText: 'Deposit' });
    await row.getByText('150.00 USD').waitFor();
    await row.getByText('30.00 USD').waitFor();
    await support.getByRole('form', { name: 'Set a lower limit' }).waitFor();
    await settle(support);
    expectClean(await audit(support, 'player page, responsible gaming'));
    await shoot(support, 'player-responsible-gaming');
  });

  it('support runs the scoring, finds the player with why, and records a contact', async () => {
    await support
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Players to contact' })
      .click();
    await support.getByRole('heading', { name: 'Players to contact', level: 1 }).waitFor();
    await support.getByRole('button', { name: 'Run today’s scoring now' }).click();
    await support
      .getByRole('status')
      .getByText(/to contact\.$/)
      .waitFor();
    const table = support.getByRole('table', { name: 'Players to contact' });
    const row = table.getByRole('row').filter({ has: support.getByRole('link', { name }) });
    await row.getByText('Several deposits within an hour').waitFor();
    await row.getByText('not contacted').waitFor();
    await settle(support);
    expectClean(await audit(support, 'players to contact'));

    await row.getByRole('button', { name: `Record contact with ${name}` }).click();
    const dialog = support.getByRole('dialog', { name: `Record a contact with ${name}` });
    await dialog.getByLabel('Channel').selectOption({ label: 'Phone call' });
    await dialog.getByLabel('Outcome').selectOption({ label: 'Reached: limits agreed' });
    await dialog
      .getByLabel('Note')
      .fill('Talked through the deposit limit; the player keeps it at $150 a day');
    expectClean(await audit(support, 'record a contact'));
    await shoot(support, 'record-contact');
    await dialog.getByRole('button', { name: 'Record contact' }).click();
    await row.getByText(/Reached: limits agreed/).waitFor();

    await row.getByRole('link', { name }).click();
    const history = support.getByRole('table', { name: 'Responsible gaming history' });
    await history.getByText(/Contact by Phone call .*: Reached: limits agreed — Talked through/).waitFor();
    await history.getByText(/Deposit limit per 24 hours: none → 150.00 USD, by the player/).waitFor();
    await shoot(support, 'player-history-after-contact');
    expect(errors.flat()).toEqual([]);
  });
});
