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
  userDataFrom,
  waitForMessage,
  watchErrors,
} from './identity-support.ts';

const REFUSAL =
  'You are registered with a national self-exclusion scheme (such as GAMSTOP), so you cannot sign in or play here while it lasts.';
const PASSWORD = 'Lucky#2026';
const bannedModal = (page: Page) => page.getByRole('dialog', { name: 'YOU ARE BANNED!' });

/**
 * The national self-exclusion register (issue 28 point 9) on a phone and a desktop: a person the sandbox
 * register names (an address ending in +selfexcluded) signs up and hears what anyone hears, then opens the
 * confirmation link and is refused with the register's message; signing in with the password is refused the
 * same way, and no session is ever opened.
 */
describe('the national self-exclusion register', () => {
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
    const email = `register.${device}.${Date.now()}+selfexcluded@paws.local`;

    beforeAll(async () => {
      context = await browser.newContext(viewport);
      page = await context.newPage();
      errors = watchErrors(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('signs up as anyone would, and the confirmation link says the register refuses them', async () => {
      await page.goto(server.landing);
      await openAuthModal(page, 'Create account');
      await dialog(page).getByLabel('Email').fill(email);
      await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog(page).getByLabel('Confirm password').fill(PASSWORD);
      await confirmAge(page);
      await submitAuthForm(page, 'Create account');
      // The form tells nobody whether an address is on the register.
      await dialog(page)
        .getByText('We sent a link to confirm your email, please check your spam box too')
        .waitFor();

      await page.goto(linkIn(await waitForMessage(server.landing, email)));
      await page.getByRole('alert').getByText(REFUSAL).waitFor({ timeout: 15_000 });
      expect((await userDataFrom(page)).status).toBe(401);
      // A self-exclusion is not a staff ban: no 'You are banned' modal with an appeal.
      expect(await bannedModal(page).count()).toBe(0);
      await settle(page);
      expectClean(await audit(page, `register refusal at the confirmation link (${device})`));
    }, 120_000);

    it('is refused at sign-in with the same message', async () => {
      await page.goto(server.platform);
      await openAuthModal(page, 'Log in');
      await dialog(page).getByLabel('Email').fill(email);
      await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
      await submitAuthForm(page, 'Log in');
      await dialog(page).getByText(REFUSAL).waitFor({ timeout: 15_000 });
      expect((await userDataFrom(page)).status).toBe(401);
      expect(await bannedModal(page).count()).toBe(0);
      await settle(page);
      expectClean(await audit(page, `register refusal at sign-in (${device})`));
      expect(errors).toEqual([]);
    }, 120_000);
  });
});
