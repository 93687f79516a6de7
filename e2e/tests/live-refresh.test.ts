import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts } from '@paws/contracts/staff';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { enrolAndSignIn } from '../helpers/staff.ts';
import { signInByEmailLink, watchErrors } from './identity-support.ts';

const SHOTS = process.env.SHOTS_DIR;
const { email, password } = demoAccounts.player;

function documentFile() {
  const path = join(tmpdir(), `paws-e2e-live-${process.pid}.png`);
  writeFileSync(
    path,
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 7)]),
  );
  return path;
}

/**
 * Issue 31 point 4: what the server changes shows on the open screens without a reload — the document
 * handed in, staff approving it (the sandbox tab says so and closes), a payout approved.
 */
describe('live account state: open screens follow the server', () => {
  let server: RunningServer;
  let browser: Browser;
  let staff: BrowserContext;
  let player: BrowserContext;
  let admin: Page;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    staff = await browser.newContext(viewports.desktop);
    player = await browser.newContext(viewports.desktop);
    admin = await staff.newPage();
    page = await player.newPage();
    errors = watchErrors(page);
    await signInByEmailLink(page, server.platform, email, password);
    const { email: staffEmail, password: staffPassword } = demoStaffAccounts.admin;
    await enrolAndSignIn(admin, server.backOffice, staffEmail, staffPassword);
  });
  afterAll(async () => {
    await staff?.close();
    await player?.close();
    await browser?.close();
    await server?.stop();
  });

  const live = () =>
    expect.poll(() => page.evaluate(() => document.documentElement.dataset.notificationsLive)).toBe('true');
  const nav = () => admin.getByRole('navigation', { name: 'Back office' });

  it('the badge follows the document handed in and the staff decision; the sandbox tab says it and closes', async () => {
    await page.goto(`${server.platform}/profile/account`);
    const hud = page.getByRole('region', { name: 'My hud' });
    await hud.getByText('Not verified').waitFor();
    await live();

    const popupOpened = page.waitForEvent('popup');
    await hud.getByRole('button', { name: 'Verify identity' }).click();
    const popup = await popupOpened;
    await popup.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await popup.getByLabel('Identity document').setInputFiles(documentFile());
    await popup.getByRole('button', { name: 'Upload document' }).click();
    await popup.getByText(/Document received/).waitFor();

    // Handed in: in review at once, and no button to start another verification.
    await hud.getByText('Verification pending').waitFor({ timeout: 10_000 });
    expect(await hud.getByRole('button', { name: 'Verify identity' }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-verification-pending.png` });

    await nav().getByRole('link', { name: 'Verifications' }).click();
    await admin.getByRole('table', { name: 'Verifications' }).getByRole('link').first().click();
    await admin.getByRole('button', { name: 'Approve' }).click();

    // The player was told live: the badge follows without a reload, and the sandbox tab closes.
    await hud.getByText('Verified', { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-verification-approved.png` });
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`a payout approved by staff turns the open history's Pending into Completed (${viewport})`, async () => {
      await page.setViewportSize(viewports[viewport].viewport);
      const amount = viewport === 'desktop' ? 21 : 22;
      const withdraw = await playerFetch(page, '/api/platform/users/withdraw', {
        amount,
        paymentMethod: 'CARD',
      });
      expect(withdraw.status).toBe(201);
      await page.goto(`${server.platform}/profile/history`);
      if (viewport === 'phone') await page.getByRole('tab', { name: 'Transactions' }).click();
      const row = page
        .getByRole('list', { name: 'Transactions' })
        .getByRole('listitem')
        .filter({ hasText: `$${amount}` })
        .filter({ hasText: 'Withdrawal' });
      await row.getByText('Pending').waitFor();
      await live();

      // A fresh load of the queue: the console's list does not follow the player's new withdrawal live.
      await admin.goto(`${server.backOffice}/withdrawals`);
      const request = admin.getByRole('row').filter({ hasText: `${amount}.00` });
      // Staff times say their zone (issue 31 point 6d).
      expect(await request.textContent()).toMatch(/\d{2}:\d{2}\sUTC/);
      await request.getByRole('button', { name: 'Approve' }).click();
      await admin
        .getByRole('dialog', { name: 'Approve withdrawal' })
        .getByRole('button', { name: 'Approve' })
        .click();

      await row.getByText('Completed').waitFor({ timeout: 15_000 });
      expect(await row.getByText('Pending').count()).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-payout-${viewport}.png` });
    });
  }

  it('no page errors', () => {
    expect(errors).toEqual([]);
  });
});
