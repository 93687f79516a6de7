import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts } from '@paws/contracts/staff';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { enrolAndSignIn } from '../helpers/staff.ts';
import {
  codeIn,
  dialog,
  expectSignedIn,
  fillPhone,
  openAuthModal,
  signInByEmailLink,
  submitAuthForm,
  typeCode,
  waitForMessage,
  watchErrors,
} from './identity-support.ts';

const SHOTS = process.env.SHOTS_DIR;
const { phone: DEMO_PHONE, email, password } = demoAccounts.player;

/** Issue 31: the money history adds up and is signed; a phone sign-in within the wait claims no code. */
describe('live account state', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function withPage(viewport: keyof typeof viewports, run: (page: Page) => Promise<void>) {
    const context = await browser.newContext(viewports[viewport]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await run(page);
    } finally {
      await context.close();
    }
    return errors;
  }

  // Three pages, one after another, each signing in: 50 s on a busy 2-core machine, over 60 s in CI.
  it('signing in by phone again within 60 s shows the server’s wait, never a code that was not sent', async () => {
    await withPage('desktop', async (page) => {
      await page.goto(server.landing);
      await openAuthModal(page, 'Log in');
      await fillPhone(page, '+44', '7700900123');
      await dialog(page).getByLabel('Password', { exact: true }).fill(password);
      await submitAuthForm(page, 'Log in');
      await dialog(page).getByRole('heading', { name: 'Verification Code' }).waitFor();
      const sms = await waitForMessage(server.landing, DEMO_PHONE, (m) => /sign-in code/.test(m.body));
      await typeCode(page, codeIn(sms));
      await expect.poll(() => dialog(page).count()).toBe(0);
      await expectSignedIn(page);
    });
    for (const viewport of ['desktop', 'phone'] as const) {
      await withPage(viewport, async (page) => {
        await page.goto(server.landing);
        await openAuthModal(page, 'Log in');
        await fillPhone(page, '+44', '7700900123');
        await dialog(page).getByLabel('Password', { exact: true }).fill(password);
        await submitAuthForm(page, 'Log in');
        const wait = dialog(page).getByRole('status').filter({ hasText: 'No new code was sent' });
        await wait.waitFor();
        expect(await wait.textContent()).toMatch(/Please wait \d+ seconds before requesting a new code/);
        expect(
          await dialog(page)
            .getByText(/Enter the 6-digit code we sent to/)
            .count(),
        ).toBe(0);
        expect(await dialog(page).getByRole('heading', { name: 'Verification Code' }).count()).toBe(0);
        const submit = dialog(page).getByRole('button', { name: 'Log in' }).last();
        expect(await submit.isDisabled()).toBe(true);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-wait-${viewport}.png` });
      });
    }
  }, 150_000);

  it('a staff adjustment shows in the history, signed, with its reason, the lines add up and the player is told', async () => {
    // One sign-in (a second e-mail link within the wait would not be sent): desktop, then the phone's size.
    const playerContext = await browser.newContext(viewports.desktop);
    await withPage('desktop', async (finance) => {
      await enrolAndSignIn(
        finance,
        server.backOffice,
        demoStaffAccounts.finance.email,
        demoStaffAccounts.finance.password,
      );
      const player = await playerContext.newPage();
      await signInByEmailLink(player, server.platform, email, password);
      const me = (await playerFetch(player, '/api/platform/profile/user-data')).body as {
        user: { userId: string };
      };
      expect(
        (await playerFetch(player, '/api/platform/users/deposit', { amount: 60, paymentMethod: 'CARD' }))
          .status,
      ).toBe(201);
      for (const [amount, note] of [
        ['75', 'Compensation for the outage'],
        ['-5', 'Duplicate credit corrected'],
      ] as const) {
        await finance.goto(`${server.backOffice}/adjustments/new?playerId=${me.user.userId}`);
        await finance.getByLabel('Currency').selectOption('USD');
        await finance.getByLabel('Amount').fill(amount);
        await finance.getByLabel('Reason code').selectOption('GOODWILL');
        await finance.getByLabel('Note').fill(note);
        await finance.getByRole('button', { name: 'Request adjustment' }).click();
        await finance.getByRole('status').waitFor();
      }
    });

    {
      const page = await playerContext.newPage();
      await page.goto(`${server.platform}/profile/history`);
      for (const viewport of ['desktop', 'phone'] as const) {
        await page.setViewportSize(viewports[viewport].viewport);
        // The Transactions list, page after page, sums to the balance of each currency.
        const lines: { amount: number; currencyCode: string }[] = [];
        for (let pageNo = 1; ; pageNo++) {
          const { body } = (await playerFetch(
            page,
            `/api/platform/profile/balance-transactions?page=${pageNo}&limit=50`,
          )) as {
            body: { balanceTransactions: typeof lines; hasMore: boolean };
          };
          if (!body?.balanceTransactions)
            throw new Error(
              `history: ${
                server
                  .output()
                  .split('\n')
                  .filter((l) => /"level":50/.test(l))
                  .slice(-1)[0]
              }`,
            );
          lines.push(...body.balanceTransactions);
          if (!body.hasMore) break;
        }
        const data = (await playerFetch(page, '/api/platform/profile/user-data')).body as {
          balances: { currencyCode: string; amount: number }[];
        };
        for (const { currencyCode, amount } of data.balances) {
          const sum = lines
            .filter((l) => l.currencyCode === currencyCode)
            .reduce((t, l) => t + Math.round(l.amount * 100), 0);
          expect(sum / 100, currencyCode).toBe(amount);
        }
        await page.goto(`${server.platform}/profile/history`);
        if (viewport === 'phone') await page.getByRole('tab', { name: 'Transactions' }).click();
        const adjustment = page.getByRole('listitem').filter({ hasText: 'Compensation for the outage' });
        await adjustment.waitFor();
        expect(await adjustment.textContent()).toContain('Balance adjustment');
        expect(await adjustment.textContent()).toContain('+$75');
        const debit = page.getByRole('listitem').filter({ hasText: 'Duplicate credit corrected' });
        expect(await debit.textContent()).toContain('−$5');
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/history-${viewport}.png`, fullPage: viewport === 'phone' });
        const notices = (await playerFetch(page, '/api/notifications/notifications?category=FINANCIAL'))
          .body as {
          notifications: { notificationMessage: string }[];
        };
        expect(notices.notifications.map((n) => n.notificationMessage)).toContain(
          'We credited $75.00 to your balance: Compensation for the outage',
        );
      }
      await playerContext.close();
    }
  });
});
