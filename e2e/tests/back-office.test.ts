import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts } from '@paws/contracts/staff';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { enrolAndSignIn } from '../helpers/staff.ts';
import { signInByEmailLink, watchErrors } from './identity-support.ts';

interface UserData {
  user: { userId: string; verificationType: string };
  balances: Array<{ currencyCode: string; amount: number }>;
}
const usdOf = (data: unknown) =>
  (data as UserData).balances.find((b) => b.currencyCode === 'USD')?.amount ?? 0;

/**
 * The back office (issue 14): an admin enrols TOTP and signs in; bans a player, whose next request in
 * another browser shows the banned modal with the real reason, and lifts it; approves the player's document
 * and withdrawal (paid out); a finance member's large adjustment waits for a second approver, then moves the
 * balance; every action lands in the audit log.
 */
describe('back office: enrolment, a ban, a verification and a withdrawal approved, four eyes on an adjustment, the audit log', () => {
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
      await nav.getByRole('link', { name: area, exact: true }).waitFor();
    }
  });

  it("bans the player, whose next request shows the banned modal with the ban's real reason", async () => {
    await admin
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Players', exact: true })
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

  it('lifts the ban: the player acts again without signing in anew', async () => {
    await admin.getByRole('button', { name: 'Unban player' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Unban player' });
    await dialog.getByLabel('Reason').fill('Appeal upheld');
    await dialog.getByRole('button', { name: 'Unban' }).click();
    await admin.getByRole('button', { name: 'Unban player' }).waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await playerFetch(playerPage, '/api/platform/profile/user-data')).status, {
        timeout: 10_000,
      })
      .toBe(200);
  });

  it("approves the player's identity document, then their withdrawal, which is paid out", async () => {
    // The player hands a document in to the sandbox provider (its page's own calls).
    const handedIn = await playerPage.evaluate(async () => {
      const started = await fetch('/api/platform/verification-sessions');
      const { verificationUrl } = (await started.json()) as { verificationUrl: string };
      const sessionId = new URL(verificationUrl, location.href).pathname.split('/').pop();
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(256).fill(7)]);
      const form = new FormData();
      form.append('document', new Blob([png], { type: 'image/png' }), 'passport.png');
      const res = await fetch(`/api/platform/kyc/sandbox/sessions/${sessionId}/document`, {
        method: 'POST',
        body: form,
      });
      return res.status;
    });
    expect(handedIn).toBe(201);

    const nav = admin.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Verifications' }).click();
    await admin.getByRole('table', { name: 'Verifications' }).getByRole('link').first().click();
    await admin.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(
        async () =>
          ((await playerFetch(playerPage, '/api/platform/profile/user-data')).body as UserData).user
            .verificationType,
      )
      .toBe('APPROVED');

    const withdraw = await playerFetch(playerPage, '/api/platform/users/withdraw', {
      amount: 25,
      paymentMethod: 'CARD',
    });
    expect(withdraw.status).toBe(201);

    await nav.getByRole('link', { name: 'Withdrawals' }).click();
    const row = admin.getByRole('row').filter({ hasText: '25.00' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await admin
      .getByRole('dialog', { name: 'Approve withdrawal' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await admin
      .getByRole('table', { name: 'Withdrawals' })
      .getByText('No withdrawal is waiting for review')
      .waitFor();
    await expect
      .poll(
        async () => {
          const history = await playerFetch(
            playerPage,
            '/api/platform/profile/balance-transactions?page=1&limit=10',
          );
          const { balanceTransactions } = history.body as {
            balanceTransactions: Array<{ type: string; status: string }>;
          };
          return balanceTransactions.find((item) => item.type === 'WITHDRAW')?.status;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('COMPLETED');
  });

  it("holds a finance member's large adjustment until a second member approves it, then moves the balance", async () => {
    const before = (await playerFetch(playerPage, '/api/platform/profile/user-data')).body as UserData;
    const financeContext = await browser.newContext(viewports.desktop);
    const finance = await financeContext.newPage();
    errors.push(watchErrors(finance));
    const { email, password } = demoStaffAccounts.finance;
    await enrolAndSignIn(finance, server.backOffice, email, password);
    await finance.goto(`${server.backOffice}/adjustments/new?playerId=${before.user.userId}`);
    await finance.getByLabel('Currency').selectOption('USD');
    await finance.getByLabel('Amount').fill('500');
    await finance.getByLabel('Reason code').selectOption('GOODWILL');
    await finance.getByLabel('Note').fill('Compensation for the outage on 21 November');
    await finance.getByRole('button', { name: 'Request adjustment' }).click();
    await finance
      .getByRole('status')
      .getByText(/another staff member must approve it/)
      .waitFor();
    // Nothing moved yet.
    expect(usdOf((await playerFetch(playerPage, '/api/platform/profile/user-data')).body)).toBe(
      usdOf(before),
    );
    await financeContext.close();

    await admin
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Adjustments' })
      .click();
    const row = admin
      .getByRole('table', { name: 'Adjustments waiting for approval' })
      .getByRole('row')
      .filter({ hasText: 'Compensation for the outage' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await admin
      .getByRole('dialog', { name: 'Approve adjustment' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect
      .poll(async () => usdOf((await playerFetch(playerPage, '/api/platform/profile/user-data')).body))
      .toBe(usdOf(before) + 500);
  });

  it('writes each action to the audit log', async () => {
    await admin
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    const table = admin.getByRole('table', { name: 'Audit log' });
    for (const action of [
      'players.ban',
      'players.unban',
      'verification.approve',
      'withdrawal.approve',
      'adjustment.request',
      'adjustment.approve',
      'staff.enrol_second_factor',
      'staff.sign_in',
    ]) {
      await table.getByText(action, { exact: true }).first().waitFor();
    }
    expect(errors.flat()).toEqual([]);
  });
});
