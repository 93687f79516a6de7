import { demoAccounts } from '@paws/contracts/auth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import {
  confirmAge,
  dialog,
  expectSignedIn,
  linkIn,
  openAuthModal,
  signInByEmailLink,
  submitAuthForm,
  waitForMessage,
} from './identity-support.ts';

type Bonuses = { userBonuses: Array<{ presentationRuleName: string; amount: number }> };
const bonusNames = async (page: Page) =>
  ((await playerFetch(page, '/api/bonuses/user-bonuses')).body as Bonuses).userBonuses.map(
    (row) => `${row.presentationRuleName}: ${row.amount}`,
  );

/** How many 'Your deposit of $amount was credited' notifications the page's player has. */
const depositNotices = async (page: Page, amount: number) => {
  const { body } = await playerFetch(page, '/api/notifications/notifications?page=1&limit=50');
  const { notifications } = body as { notifications: Array<{ notificationMessage: string }> };
  return notifications.filter(
    (n) => n.notificationMessage === `Your deposit of $${amount.toFixed(2)} was credited to your balance.`,
  ).length;
};

/**
 * Promo and referral codes (issue 17): a player signs up through a friend's referral link with the demo
 * promo code, confirms and has the promo credit; the friend's reward comes with the new player's first
 * deposit, once.
 */
describe('promo and referral codes', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs up with a promo code and a referral link; the referrer is rewarded after the first deposit', async () => {
    const referrerContext = await browser.newContext(viewports.desktop);
    const newContext = await browser.newContext(viewports.desktop);
    try {
      // The referrer copies their link from the profile.
      const referrer = await referrerContext.newPage();
      await signInByEmailLink(
        referrer,
        server.platform,
        demoAccounts.player.email,
        demoAccounts.player.password,
      );
      await referrer.goto(`${server.platform}/profile/account`);
      const card = referrer.getByRole('region', { name: 'Invite friends' });
      const field = card.getByRole('textbox', { name: 'Your referral link' });
      await expect.poll(() => field.inputValue()).toMatch(/\?referralCode=[A-Z0-9]{8}$/);
      const link = await field.inputValue();
      expect(new URL(link).origin).toBe(server.platform);

      // The friend opens it, signs up with the promo code and confirms.
      const page = await newContext.newPage();
      await page.goto(link);
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('referralCode')))
        .toBe(new URL(link).searchParams.get('referralCode'));
      const email = 'referred.friend@paws.local';
      await openAuthModal(page, 'Create account');
      await dialog(page).getByLabel('Email').fill(email);
      await dialog(page).getByLabel('Password', { exact: true }).fill('Lucky#2026');
      await dialog(page).getByLabel('Confirm password').fill('Lucky#2026');
      await dialog(page)
        .getByLabel(/Promo code/)
        .fill('WELCOM');
      await confirmAge(page);
      await submitAuthForm(page, 'Create account');
      await dialog(page)
        .getByText('We sent a link to confirm your email, please check your spam box too')
        .waitFor();
      await page.goto(linkIn(await waitForMessage(server.landing, email)));
      await expectSignedIn(page);

      // The promo credit, once the confirmation is handled.
      await expect.poll(() => bonusNames(page), { timeout: 15_000 }).toContain('Promo code WELCOM: 10');
      expect(await bonusNames(referrer)).not.toContain('Referral reward: 10');

      // The first deposit pays the referrer (and welcomes the friend); the second pays nothing more.
      const first = await playerFetch(page, '/api/platform/users/deposit', {
        amount: 20,
        paymentMethod: 'CARD',
      });
      expect(first.status).toBe(201);
      await expect.poll(() => bonusNames(referrer), { timeout: 15_000 }).toContain('Referral reward: 10');
      await expect.poll(() => bonusNames(page), { timeout: 15_000 }).toContain('Referral welcome bonus: 5');
      const second = await playerFetch(page, '/api/platform/users/deposit', {
        amount: 20,
        paymentMethod: 'CARD',
      });
      expect(second.status).toBe(201);
      // The second deposit's event has been handed to the subscribers (its notification is there: the
      // referral reward and the notification are delivered from the same dispatch), and it paid nothing.
      await expect.poll(() => depositNotices(page, 20), { timeout: 15_000 }).toBe(2);
      expect((await bonusNames(referrer)).filter((name) => name.startsWith('Referral reward'))).toHaveLength(
        1,
      );
    } finally {
      await referrerContext.close();
      await newContext.close();
    }
  });

  it('refuses an unknown promo code on its field, and creates no account', async () => {
    const context = await browser.newContext(viewports.phone);
    try {
      const page = await context.newPage();
      await page.goto(server.landing);
      await openAuthModal(page, 'Create account');
      await dialog(page).getByLabel('Email').fill('no.account@paws.local');
      await dialog(page).getByLabel('Password', { exact: true }).fill('Lucky#2026');
      await dialog(page).getByLabel('Confirm password').fill('Lucky#2026');
      await dialog(page)
        .getByLabel(/Promo code/)
        .fill('NOSUCH');
      await confirmAge(page);
      await submitAuthForm(page, 'Create account');
      await dialog(page).getByText('This promo code does not exist').waitFor();
    } finally {
      await context.close();
    }
  });
});
