import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts } from '@paws/contracts/staff';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { enrolAndSignIn } from '../helpers/staff.ts';
import { signInByEmailLink } from './identity-support.ts';

const { email, password } = demoAccounts.player;

/**
 * Issue 31 points 5 and 6b: content staff write a broadcast in English and Spanish, confirm it in the
 * console's own dialog, and a player reading in Spanish gets the Spanish text live.
 */
describe('a broadcast in the reader’s language', () => {
  let server: RunningServer;
  let browser: Browser;
  let staff: BrowserContext;
  let player: BrowserContext;
  let office: Page;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    staff = await browser.newContext(viewports.desktop);
    player = await browser.newContext(viewports.desktop);
    [office, page] = await Promise.all([staff.newPage(), player.newPage()]);
    await signInByEmailLink(page, server.platform, email, password);
    // The player reads in Spanish from now on (the language is the browser's choice, kept in storage).
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    const { email: staffEmail, password: staffPassword } = demoStaffAccounts.content;
    await enrolAndSignIn(office, server.backOffice, staffEmail, staffPassword);
  });
  afterAll(async () => {
    await staff?.close();
    await player?.close();
    await browser?.close();
    await server?.stop();
  });

  it('sends after the console’s own confirmation, and the Spanish reader gets the Spanish text', async () => {
    await page.goto(`${server.platform}/profile/account`);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.notificationsLive))
      .toBe('true');

    await office.goto(`${server.backOffice}/broadcasts`);
    await office.getByLabel('Title', { exact: true }).fill('Weekend tournament');
    await office.getByLabel('Text', { exact: true }).fill('Join us on Saturday');
    await office.getByLabel('Spanish title').fill('Torneo de fin de semana');
    await office.getByLabel('Spanish text').fill('Únete el sábado');
    await office.getByRole('button', { name: 'Preview' }).click();
    await office.getByRole('button', { name: 'Send', exact: true }).click();

    // The console's dialog, not the browser's confirm box: Cancel sends nothing.
    const dialog = office.getByRole('dialog', { name: 'Send broadcast' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await office.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Read as 'Title: text' in the player's notifications, in Spanish; the English is nowhere.
    await page
      .getByText('Torneo de fin de semana: Únete el sábado')
      .first()
      .waitFor({ state: 'attached', timeout: 15_000 });
    expect(await page.getByText(/Join us on Saturday/).count()).toBe(0);
  });
});
