import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, expectClean, settle } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { sharedServer } from '../helpers/shared-servers.ts';
import {
  confirmAge,
  dialog,
  linkIn,
  openAuthModal,
  submitAuthForm,
  waitForMessage,
  watchErrors,
} from './identity-support.ts';

const PASSWORD = 'Lucky#2026';

/**
 * A deposit limit offered at sign-up (issue 28 point 1, UKGC RTS 12) on a phone and a desktop: the new player
 * opens the form's optional deposit limit, chooses $50 per 7 days, confirms the address, and finds the limit
 * in force in the profile from the first sign-in.
 */
describe('a deposit limit chosen at sign-up', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer('test', import.meta.url), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('on a %s', (device, viewport) => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    const email = `limit.${device}.${Date.now()}@paws.local`;

    beforeAll(async () => {
      context = await browser.newContext(viewport);
      page = await context.newPage();
      errors = watchErrors(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('chooses $50 per 7 days in the sign-up form and finds it in force after confirming', async () => {
      await page.goto(server.platform);
      await openAuthModal(page, 'Create account');
      const form = dialog(page);
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByLabel('Confirm password').fill(PASSWORD);
      await form.getByText('Set a deposit limit (optional)').click();
      await form.getByLabel('Period').selectOption({ label: '7 days' });
      await form.getByLabel('Amount (USD)').fill('50');
      await confirmAge(page);
      await settle(page);
      expectClean(await audit(page, `sign-up with a deposit limit (${device})`));
      if (process.env.E2E_SHOTS)
        await page.screenshot({ path: `${process.env.E2E_SHOTS}/sign-up-deposit-limit-${device}.png` });
      await submitAuthForm(page, 'Create account');
      await form.getByText('We sent a link to confirm your email, please check your spam box too').waitFor();

      await page.goto(linkIn(await waitForMessage(server.platform, email)));
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Account menu of/ })
        .waitFor({ timeout: 20_000 });
      await page.goto(`${server.platform}/profile/account`);
      const limits = page.getByRole('region', { name: 'Responsible gaming' });
      const limit = limits.getByRole('listitem').filter({ hasText: 'Deposit limit, 7 days' });
      await limit.getByText('$50.00 left of $50.00').waitFor({ timeout: 20_000 });
      expect(errors).toEqual([]);
    }, 120_000);
  });
});
