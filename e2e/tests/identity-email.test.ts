import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { sharedServer } from '../helpers/shared-servers.ts';
import {
  codeIn,
  confirmAge,
  dialog,
  expectSignedIn,
  linkIn,
  openAuthModal,
  submitAuthForm,
  typeCode,
  userDataFrom,
  waitForMessage,
  watchErrors,
} from './identity-support.ts';

describe('identity by e-mail', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer('test', import.meta.url), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs up by e-mail, opens the link from the outbox and is signed in', async () => {
    const context = await browser.newContext(viewports.desktop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = 'new.player@paws.local';
    try {
      await page.goto(`${server.landing}/?referralCode=friend42`);
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
      expect((await userDataFrom(page)).status).toBe(401);

      const link = linkIn(await waitForMessage(server.landing, email));
      expect(link.startsWith(`${server.landing}/callback/register?token=`)).toBe(true);
      await dialog(page).getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => dialog(page).count()).toBe(0);

      await page.goto(link);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expectSignedIn(page);
      const { body } = (await userDataFrom(page)) as { body: { user: Record<string, unknown> } };
      expect(body.user).toMatchObject({
        email,
        emailVerified: true,
        promoCode: 'WELCOM',
        referralCode: 'friend42',
      });

      // The link works once.
      const again = await context.newPage();
      await again.goto(link);
      await again.getByRole('alert').getByText('This link is invalid or has expired').waitFor();
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  it('logs in by e-mail link, then Log Out returns to the landing address signed out', async () => {
    const context = await browser.newContext(viewports.desktop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto(`${server.platform}/faq`);
      await openAuthModal(page, 'Log in');
      await dialog(page).getByLabel('Email').fill('demo@paws.local');
      await dialog(page).getByLabel('Password', { exact: true }).fill('Demo#2026');
      await submitAuthForm(page, 'Log in');
      await dialog(page)
        .getByText('We sent a link to confirm your email, please check your spam box too')
        .waitFor();
      const link = linkIn(
        await waitForMessage(server.landing, 'demo@paws.local', (m) => /sign-in link/.test(m.subject ?? '')),
      );
      expect(link.startsWith(`${server.platform}/callback/login?token=`)).toBe(true);
      await page.goto(link);
      await expectSignedIn(page);

      await page.getByRole('banner').getByRole('button', { name: /demo/ }).click();
      await page.getByRole('button', { name: 'Log Out' }).click();
      await expect.poll(() => new URL(page.url()).origin).toBe(server.landing);
      await page.goto(`${server.platform}/`);
      expect((await userDataFrom(page)).status).toBe(401);
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  it('resets the password by e-mail code, then the new password works', async () => {
    const context = await browser.newContext(viewports.phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto(server.landing);
      await openAuthModal(page, 'Log in');
      await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
      await dialog(page).getByLabel('Email').fill('new.player@paws.local');
      await dialog(page).getByRole('button', { name: 'Send code' }).click();
      await dialog(page).getByRole('heading', { name: 'Verification Code' }).waitFor();
      await dialog(page)
        .getByText(/Resend code in 0:5\d/)
        .waitFor();

      const code = codeIn(
        await waitForMessage(server.landing, 'new.player@paws.local', (m) =>
          /reset code/.test(m.subject ?? ''),
        ),
      );
      await typeCode(page, code);
      await dialog(page).getByRole('heading', { name: 'New password' }).waitFor();
      await dialog(page).getByLabel('New password').fill('Fresh#2027');
      await dialog(page).getByLabel('Confirm password').fill('Fresh#2027');
      await dialog(page).getByRole('button', { name: 'Save password' }).click();
      await dialog(page).getByText('Password reset successfully').waitFor();
      await dialog(page).getByRole('button', { name: 'Continue' }).click();

      // The old password is refused on its field, the new one gets a sign-in link.
      await openAuthModal(page, 'Log in');
      await dialog(page).getByLabel('Email').fill('new.player@paws.local');
      await dialog(page).getByLabel('Password', { exact: true }).fill('Lucky#2026');
      await submitAuthForm(page, 'Log in');
      await dialog(page).getByText('Invalid email or password').waitFor();
      await dialog(page).getByLabel('Password', { exact: true }).fill('Fresh#2027');
      await submitAuthForm(page, 'Log in');
      await dialog(page)
        .getByText('We sent a link to confirm your email, please check your spam box too')
        .waitFor();
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });
});
