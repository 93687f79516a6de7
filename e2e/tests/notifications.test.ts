import { demoAccounts } from '@paws/contracts/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { dialog, signInByEmailLink, watchErrors } from './identity-support.ts';

const { email, password } = demoAccounts.player;
const DEPOSITED = 'Your deposit of $25.00 was credited to your balance.';

/**
 * Issue 7 in the browser: a deposit arrives live as a toast and lights the bell; the list shows it by
 * category; opening it marks it read; Delete removes it and returns to the list.
 */
describe('notifications journey', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await browser.newContext(viewports.desktop);
    await context.grantPermissions(['notifications'], { origin: server.platform });
    page = await context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const bell = () => page.getByRole('banner').getByRole('button', { name: /Notifications/ });

  it('signs in', async () => {
    await signInByEmailLink(page, server.platform, email, password);
  });

  it('shows a deposit as a toast at once, and lights the bell', async () => {
    await page.goto(`${server.platform}/profile/account`);
    await page.locator('html[data-notifications-live="true"]').waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: 'My account' }).getByRole('button', { name: 'Deposit' }).click();
    await dialog(page)
      .getByRole('list', { name: 'Quick amounts' })
      .getByRole('button', { name: '$25', exact: true })
      .click();
    await dialog(page).getByRole('button', { name: 'Deposit', exact: true }).last().click();
    await page.getByRole('status').filter({ hasText: DEPOSITED }).waitFor({ timeout: 10_000 });
    await page.getByRole('banner').getByTestId('unread-dot').waitFor();
    await bell().click();
    await page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(DEPOSITED.replace(/[$.]/g, '\\$&')) })
      .waitFor();
  });

  it('lists it under Finance, opens it (read) and deletes it', async () => {
    await page.goto(`${server.platform}/profile/notifications`);
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.waitFor();
    const combobox = page.getByRole('combobox', { name: /Category/ });
    await combobox.click();
    await page.getByRole('option', { name: /^Finance \(\d\)$/ }).click();
    const card = list.getByRole('link').filter({ hasText: DEPOSITED });
    await expect.poll(() => card.count()).toBe(1);
    await card.click();

    const article = page.getByRole('article', { name: 'Finance' });
    await article.getByText(DEPOSITED).waitFor();
    await article.getByText('The PAWS team').waitFor();
    // Opening it marked it read: the Finance count is gone from the dropdown.
    await article.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/profile/notifications');
    await page.getByRole('combobox', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Finance', exact: true }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Notifications' }).getByText(DEPOSITED).count())
      .toBe(0);
  });

  it('leaves no page errors', () => {
    expect(errors).toEqual([]);
  });
});
