import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import {
  codeIn,
  dialog,
  expectSignedIn,
  fillPhone,
  openAuthModal,
  submitAuthForm,
  typeCode,
  userDataFrom,
  waitForMessage,
  watchErrors,
} from './identity-support.ts';

const SHOTS = process.env.SHOTS_DIR;
const PASSWORD = 'Phone#2026';

/** A UK number in the one phone format of every screen (issue 31): '+44 7700 900123'. */
const shown = (stored: string) => `+44 ${stored.slice(3, 7)} ${stored.slice(7)}`;

/** A fresh UK mobile: the national digits (as typed after +44) and the stored form. */
function freshPhone(seed: number) {
  const national = `7700${String((Date.now() + seed * 7919) % 1_000_000).padStart(6, '0')}`;
  return { national, stored: `+44${national}` };
}

/** Issue 31 point 2: a new phone becomes the account's only once the code sent to it is entered. */
describe('phone change', () => {
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
    await context.addInitScript(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await run(page);
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  }

  /** Signs up by phone with the calls the sign-up form makes, from the page: the page ends signed in. */
  async function signUpByPhone(page: Page, phone: string) {
    await page.goto(`${server.landing}/faq`);
    const call = (path: string, body: unknown) =>
      page.evaluate(
        async ([url, payload]) =>
          (
            await fetch(url, {
              method: 'POST',
              credentials: 'include',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(payload),
            })
          ).status,
        [path, body] as const,
      );
    const callbackUrl = `${server.landing}/callback/register`;
    expect(
      await call('/api/identity/auth/registration', {
        phone,
        password: PASSWORD,
        ageConfirmed: true,
        callbackUrl,
      }),
    ).toBe(201);
    const otpPhone = codeIn(await waitForMessage(server.landing, phone, (m) => /sign-up code/.test(m.body)));
    expect(await call('/api/identity/auth/registration/verify', { phone, otpPhone })).toBe(201);
  }

  /** Signs in by phone through the Log in modal in a browser of its own; false when the number is refused. */
  async function signsInByPhone(viewport: keyof typeof viewports, national: string, stored: string) {
    let signedIn = false;
    await withPage(viewport, async (page) => {
      await page.goto(server.landing);
      await openAuthModal(page, 'Log in');
      await fillPhone(page, '+44', national);
      await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
      const before = Date.now();
      await submitAuthForm(page, 'Log in');
      const code = dialog(page).getByRole('heading', { name: 'Verification Code' });
      const refused = dialog(page).getByRole('alert');
      await code.or(refused).first().waitFor();
      if ((await code.count()) === 0) return;
      const sms = await waitForMessage(
        server.landing,
        stored,
        (m) => /sign-in code/.test(m.body) && Date.parse(m.createdAt) >= before - 1000,
      );
      await typeCode(page, codeIn(sms));
      await expect.poll(() => dialog(page).count()).toBe(0);
      await expectSignedIn(page);
      signedIn = true;
    });
    return signedIn;
  }

  for (const [index, viewport] of (['phone', 'desktop'] as const).entries()) {
    it(`changes the phone by the code sent to it, the old one signing in until then (${viewport})`, async () => {
      const old = freshPhone(index * 2 + 1);
      const next = freshPhone(index * 2 + 2);
      await withPage(viewport, async (page) => {
        await signUpByPhone(page, old.stored);
        await page.goto(`${server.landing}/profile/account`);
        await page.getByRole('button', { name: 'Edit Phone' }).click();
        await page.getByLabel('Country code').selectOption('+44');
        await page.getByLabel('New Phone').fill(next.national);
        await page.getByLabel('New Phone').press('Enter');

        const modal = page.getByRole('dialog', { name: 'Verification Code' });
        await modal.getByText(/Enter the 6-digit code we sent to/).waitFor();
        // In the one phone format of every screen (issue 31): '+44 7700 900123'.
        expect(await modal.getByText(/Enter the 6-digit code we sent to/).textContent()).toContain(
          shown(next.stored),
        );
        await modal.getByText(/Resend code in \d:\d\d/).waitFor();
        expect(await modal.getByRole('textbox').count()).toBe(6);
        // The first box has the focus, ready for the code.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
          .toBe('Digit 1 of 6');
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-code-${viewport}.png` });
        // Nothing changed yet: the account keeps its phone.
        const before = (await userDataFrom(page)).body as { user: { phone: string } };
        expect(before.user.phone).toBe(old.stored);

        // Until the code is entered, the old number still signs in.
        expect(await signsInByPhone(viewport, old.national, old.stored)).toBe(true);

        const sms = await waitForMessage(server.landing, next.stored, (m) =>
          /confirm this number/.test(m.body),
        );
        await modal.getByLabel('Digit 1 of 6').click();
        await page.keyboard.type(codeIn(sms));
        await expect.poll(() => modal.count()).toBe(0);
        await page.getByRole('status').filter({ hasText: 'Phone number changed' }).waitFor();
        // The settings' row (a phone-only player's name shows the same number in the header and the card).
        await page
          .getByRole('region', { name: 'Profile Settings' })
          .getByText(shown(next.stored), { exact: true })
          .waitFor();
        const after = (await userDataFrom(page)).body as { user: { phone: string; phoneVerified: boolean } };
        expect(after.user).toMatchObject({ phone: next.stored, phoneVerified: true });
      });
      const notice = await waitForMessage(server.landing, old.stored, (m) => /was changed to/.test(m.body));
      expect(notice.body).toContain(next.stored);
      expect(await signsInByPhone(viewport, next.national, next.stored)).toBe(true);
    });
  }
});
