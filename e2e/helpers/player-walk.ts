import { mkdirSync } from 'node:fs';
import { demoStaffAccounts } from '@paws/contracts/staff';
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { signUpNewPlayer, watchErrors } from '../tests/identity-support.ts';
import { launchBrowser, viewports } from './browser.ts';
import { playerFetch } from './player-fetch.ts';
import { type RunningServer, startServer } from './server.ts';
import { until } from './settle.ts';
import { enrolAndSignIn } from './staff.ts';

export const PASSWORD = 'Polish#2026';
export const SHOTS = process.env.E2E_SHOTS ?? '/tmp/player-polish';
export type Viewport = keyof typeof viewports;

/** The rectangle of an element, in CSS pixels of the viewport. */
export const box = async (locator: Locator) => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('the element is not shown');
  return rect;
};
export const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The issue-30 player walks' shared set-up: a development-mode server (it seeds the news posts), a browser,
 * fresh players, an admin in the back office, and screenshots under E2E_SHOTS for the reviewer.
 */
export function playerWalk() {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let serial = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Development mode seeds the news posts (points 4, 10 and 11 read them).
    [server, browser] = await Promise.all([startServer({ NODE_ENV: 'development' }), launchBrowser()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  /** A fresh browser at a viewport (or a width on a phone), in a language, with the tour out of the way. */
  async function openPage(viewport: Viewport, language = 'en', width?: number) {
    const options = { ...viewports[viewport], bypassCSP: true };
    if (width) options.viewport = { ...options.viewport, width };
    const context = await browser.newContext(options);
    contexts.push(context);
    await context.addInitScript((lang) => {
      localStorage.setItem('onboardingStep', 'COMPLETED');
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    }, language);
    const page = await context.newPage();
    return { context, page, errors: watchErrors(page) };
  }

  /** A new player signed in on the platform, the page on `path` there (home unless given). */
  async function signUp(page: Page, path = '/') {
    serial += 1;
    const email = `polish${serial}@example.com`;
    await signUpNewPlayer(page, server.platform, email, { password: PASSWORD, path });
    return email;
  }

  async function deposit(page: Page, amount: number) {
    const { status } = await playerFetch(page, '/api/platform/users/deposit', {
      amount,
      paymentMethod: 'CARD',
    });
    expect(status).toBe(201);
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

  /** The back office, its admin signed in once for the file (the second factor is enrolled once). */
  let staffPage: Page | undefined;
  async function staff() {
    if (staffPage) return staffPage;
    const context = await browser.newContext({ ...viewports.desktop, bypassCSP: true });
    contexts.push(context);
    staffPage = await context.newPage();
    const { email, password } = demoStaffAccounts.admin;
    await enrolAndSignIn(staffPage, server.backOffice, email, password);
    return staffPage;
  }

  /** An admin's adjustment (under the four-eyes threshold, so it moves at once). */
  async function adjust(page: Page, currency: string, amount: number) {
    const { body } = await playerFetch(page, '/api/platform/profile/user-data');
    const userId = (body as { user: { userId: string } }).user.userId;
    const admin = await staff();
    await admin.goto(`${server.backOffice}/adjustments/new?playerId=${userId}`);
    await admin.getByLabel('Currency').selectOption(currency);
    await admin.getByLabel('Amount').fill(String(amount));
    await admin.getByLabel('Reason code').selectOption('GOODWILL');
    await admin.getByLabel('Note').fill('A gift from the team');
    await admin.getByRole('button', { name: 'Request adjustment' }).click();
    await admin.getByRole('status').first().waitFor();
    const credited = await until(async () => {
      const { body } = await playerFetch(page, '/api/platform/profile/user-data');
      const balances = (body as { balances: Array<{ currencyCode: string; amount: number }> }).balances;
      return balances.some((b) => b.currencyCode === currency && b.amount >= amount);
    });
    expect(credited).toBe(true);
  }

  /** An admin bans the player of `email` for good with `reason`. */
  async function ban(email: string, reason: string) {
    const admin = await staff();
    await admin.goto(`${server.backOffice}/players`);
    await admin.getByLabel('Search players').fill(email);
    await admin.getByRole('link', { name: email }).click();
    await admin.getByRole('button', { name: 'Ban player' }).click();
    const form = admin.getByRole('dialog', { name: 'Ban player' });
    await form.getByLabel('Reason').fill(reason);
    await form.getByLabel('Permanent').check();
    await form.getByRole('button', { name: 'Ban' }).click();
    await admin.getByRole('button', { name: 'Unban player' }).waitFor();
  }

  /** Opens a studio game on the platform and waits for its page in the frame. */
  async function openGame(page: Page, code: string, title: string): Promise<FrameLocator> {
    await page.goto(
      `${server.platform}/game?gameCode=${code}&providerCodeName=paws-studio&title=${encodeURIComponent(title)}`,
    );
    const frame = page.frameLocator('iframe');
    await frame.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    return frame;
  }

  return {
    get server() {
      return server;
    },
    openPage,
    signUp,
    deposit,
    shot,
    staff,
    adjust,
    ban,
    openGame,
  };
}
