import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, expectClean, settle } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { passResendWait } from '../helpers/resend-wait.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import {
  dialog,
  linkIn,
  openAuthModal,
  signUpNewPlayer,
  submitAuthForm,
  typeCode,
  userDataFrom,
  waitForMessage,
  watchErrors,
} from './identity-support.ts';

/** Screenshots of each screen, when SHOTS_DIR names a folder. */
const SHOTS = process.env.SHOTS_DIR;
const password = 'Lucky#2026';
const STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / STEP_MS);

/**
 * Two-step sign-in (issue 29 point 2), on a phone and on a desktop at once (one player each): the player
 * turns the authenticator app on in /profile (QR code and key, a first code, ten recovery codes), then
 * signs in on other browsers with the app's code, with a recovery code, and finds that recovery code
 * refused the second time.
 */
describe('two-step sign-in with an authenticator app', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  async function newPage(viewport: keyof typeof viewports) {
    const context = await browser.newContext(viewports[viewport]);
    // The new player's welcome tour would cover the page.
    await context.addInitScript(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
    contexts.push(context);
    return context.newPage();
  }

  const shoot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
  };

  /**
   * The app's code of a step after `lastStep` (a code is good once). The server takes a code of the step
   * after now too (one step either side, for clocks that drift): that one is used rather than waited for.
   */
  async function freshCode(secret: string, lastStep: number) {
    while (stepNow() + 1 <= lastStep) await new Promise((resolve) => setTimeout(resolve, 500));
    const step = Math.max(lastStep + 1, stepNow());
    return { code: await generate({ secret, epoch: (step * STEP_MS) / 1000 }), step };
  }

  /** Password, then the e-mailed link: the link's page asks for the second step. */
  async function firstStep(page: Page, email: string, linksBefore: number) {
    await page.goto(server.platform);
    await openAuthModal(page, 'Log in');
    await dialog(page).getByLabel('Email').fill(email);
    await dialog(page).getByLabel('Password', { exact: true }).fill(password);
    await submitAuthForm(page, 'Log in');
    await dialog(page)
      .getByText('We sent a link to confirm your email, please check your spam box too')
      .waitFor();
    const mail = await waitForMessage(
      server.platform,
      email,
      (m) => /sign-in link/.test(m.subject ?? ''),
      linksBefore,
    );
    await page.goto(linkIn(mail));
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    expect((await userDataFrom(page)).status).toBe(401);
  }

  const signedIn = (page: Page) =>
    page
      .getByRole('banner')
      .getByRole('button', { name: /Account menu of/ })
      .waitFor({ timeout: 15_000 });

  async function journey(viewport: keyof typeof viewports) {
    const began = Date.now();
    const log = (what: string) =>
      console.info(`[two-step ${viewport}] ${Math.round((Date.now() - began) / 1000)} s: ${what}`);
    const email = `two-step.${viewport}.${Date.now()}@example.com`;
    const home = await newPage(viewport);
    const errors = watchErrors(home);
    // Turn it on: the QR code and key, then the app's first code.
    await signUpNewPlayer(home, server.platform, email, { password, path: '/profile/account' });
    const card = home.getByRole('region', { name: 'Two-step sign-in' });
    await card.getByText('Off', { exact: true }).waitFor({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await settle(home);
    await shoot(home, `two-step-card-off-${viewport}`);
    await card.getByRole('button', { name: 'Turn on' }).click();
    const setup = home.getByRole('dialog', { name: 'Set up two-step sign-in' });
    await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await setup.getByTestId('two-step-key').innerText()).replace(/\s/g, '');
    await settle(home);
    expectClean(await audit(home, `two-step setup (${viewport})`));
    await shoot(home, `two-step-setup-${viewport}`);
    let last = stepNow() - 1;
    const first = await freshCode(secret, last);
    last = first.step;
    await typeCode(home, first.code);
    const codesDialog = home.getByRole('dialog', { name: 'Your recovery codes' });
    await codesDialog.getByRole('listitem').first().waitFor();
    const recoveryCodes = await codesDialog.getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await settle(home);
    expectClean(await audit(home, `two-step recovery codes (${viewport})`));
    await shoot(home, `two-step-codes-${viewport}`);
    await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText('Recovery codes left: 10').waitFor();
    await shoot(home, `two-step-card-on-${viewport}`);

    log('enrolled');
    // Another browser: the password and link, then the app's code.
    const second = await newPage(viewport);
    let linkSentAt = Date.now();
    await firstStep(second, email, 0);
    await settle(second);
    expectClean(await audit(second, `two-step sign-in (${viewport})`));
    await shoot(second, `two-step-sign-in-${viewport}`);
    log('second step shown');
    const next = await freshCode(secret, last);
    last = next.step;
    await second.getByLabel('Digit 1 of 6').click();
    await second.keyboard.type(next.code);
    await signedIn(second);
    expect((await userDataFrom(second)).status).toBe(200);

    log('signed in with the app code');
    // One sign-in link a minute per address (let pass); then a recovery code finishes the next sign-in.
    await passResendWait(server, email, linkSentAt);
    linkSentAt = Date.now();
    const third = await newPage(viewport);
    await firstStep(third, email, 1);
    const useRecovery = async (page: Page, code: string) => {
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(code);
      await page.getByRole('button', { name: 'Continue' }).click();
    };
    await useRecovery(third, recoveryCodes[0]!);
    await signedIn(third);

    log('signed in with a recovery code');
    // The same recovery code again: refused; another recovery code still signs in.
    await passResendWait(server, email, linkSentAt);
    const fourth = await newPage(viewport);
    await firstStep(fourth, email, 2);
    await useRecovery(fourth, recoveryCodes[0]!);
    await fourth.getByRole('alert').filter({ hasText: 'This code is not valid' }).waitFor();
    await shoot(fourth, `two-step-recovery-refused-${viewport}`);
    expect((await userDataFrom(fourth)).status).toBe(401);
    await fourth.getByLabel('Recovery code').fill(recoveryCodes[1]!);
    await fourth.getByRole('button', { name: 'Continue' }).click();
    await signedIn(fourth);
    expect(errors).toEqual([]);
  }

  it('enrols, then signs in with a code and with a recovery code (used once), on a phone and a desktop', async () => {
    await Promise.all([journey('phone'), journey('desktop')]);
  }, 600_000);
});
