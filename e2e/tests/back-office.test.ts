import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts } from '@paws/contracts/staff';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { signInByEmailLink, watchErrors } from './identity-support.ts';

/** Signs a staff member in on the back office, enrolling their authenticator at this first sign-in. */
async function enrolAndSignIn(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await page.locator('.secret code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // What the member's authenticator app would show.
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await codes.waitFor();
  expect(await codes.getByRole('listitem').count()).toBe(10);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

/**
 * The back office (issue 14): an admin enrols TOTP and signs in; bans a player, whose next request in
 * another browser shows the banned modal with the real reason; the actions land in the audit log.
 */
describe('back office: an admin enrols, bans a player and finds it in the audit log', () => {
  let server: RunningServer;
  let browser: Browser;
  let staff: BrowserContext;
  let player: BrowserContext;
  let admin: Page;
  let playerPage: Page;
  const errors: string[][] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    staff = await browser.newContext(viewports.desktop);
    player = await browser.newContext(viewports.phone);
    admin = await staff.newPage();
    playerPage = await player.newPage();
    errors.push(watchErrors(admin));
    await signInByEmailLink(
      playerPage,
      server.platform,
      demoAccounts.player.email,
      demoAccounts.player.password,
    );
  });
  afterAll(async () => {
    await staff?.close();
    await player?.close();
    await browser?.close();
    await server?.stop();
  });

  it('an admin enrols TOTP at the first sign-in and lands in the console', async () => {
    const { email, password } = demoStaffAccounts.admin;
    await enrolAndSignIn(admin, server.backOffice, email, password);
    const nav = admin.getByRole('navigation', { name: 'Back office' });
    for (const area of ['Players', 'Withdrawals', 'Staff', 'Audit log']) {
      await nav.getByRole('link', { name: area }).waitFor();
    }
  });

  it("bans the player, whose next request shows the banned modal with the ban's real reason", async () => {
    await admin
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Players' })
      .click();
    await admin.getByLabel('Search players').fill(demoAccounts.player.email);
    await admin.getByRole('link', { name: demoAccounts.player.email }).click();
    await admin.getByRole('button', { name: 'Ban player' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Ban player' });
    await dialog.getByLabel('Reason').fill('Bonus abuse with linked accounts');
    await dialog.getByLabel('Permanent').check();
    await dialog.getByRole('button', { name: 'Ban' }).click();
    await admin.getByRole('button', { name: 'Unban player' }).waitFor();

    await playerPage.goto(`${server.platform}/profile/account`);
    const modal = playerPage.getByRole('dialog', { name: 'YOU ARE BANNED!' });
    await modal.waitFor();
    await modal.getByText('Bonus abuse with linked accounts').waitFor();
  });

  it('writes each action to the audit log', async () => {
    await admin
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    const table = admin.getByRole('table', { name: 'Audit log' });
    for (const action of ['players.ban', 'staff.enrol_second_factor', 'staff.sign_in']) {
      await table.getByText(action, { exact: true }).first().waitFor();
    }
    expect(errors.flat()).toEqual([]);
  });
});
