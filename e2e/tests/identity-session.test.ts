import { demoAccounts } from '@paws/contracts/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import {
  cookieNames,
  dialog,
  expectSignedIn,
  linkIn,
  openAuthModal,
  submitAuthForm,
  userDataFrom,
  waitForMessage,
  watchErrors,
} from './identity-support.ts';

const { email, password } = demoAccounts.player;

describe('sessions: silent refresh and the landing-to-platform handover', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await browser.newContext(viewports.desktop);
    page = await context.newPage();
    errors = watchErrors(page);
    // Signed in on the landing origin through the e-mailed link.
    await page.goto(server.landing);
    await openAuthModal(page, 'Log in');
    await dialog(page).getByLabel('Email').fill(email);
    await dialog(page).getByLabel('Password', { exact: true }).fill(password);
    await submitAuthForm(page, 'Log in');
    await dialog(page)
      .getByText('We sent a link to confirm your email, please check your spam box too')
      .waitFor();
    await page.goto(
      linkIn(await waitForMessage(server.landing, email, (m) => /sign-in link/.test(m.subject ?? ''))),
    );
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Account menu of/ })
      .waitFor();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('an expired access token is refreshed silently: the next call still succeeds', async () => {
    await page.goto(`${server.landing}/profile/account`);
    await page.getByRole('button', { name: 'Edit Username' }).waitFor();
    // The page's own reads (the profile's cards) answer first: one still in flight without the token would
    // make the refresh itself, and the edit would then need none.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});

    // No knob shortens the access token's 15 minutes, so the browser loses it the way expiry would.
    const landingCookies = await context.cookies(server.landing);
    await context.clearCookies({ name: 'access_token' });
    expect(await cookieNames(context, server.landing)).not.toContain('access_token');
    expect(landingCookies.map((c) => c.name)).toContain('access_token');

    // The calls the edit makes (the page's own reads may still be answering when the listener starts).
    const statuses: string[] = [];
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (path.startsWith('/api/') && res.request().method() === 'POST')
        statuses.push(`${res.request().method()} ${path} ${res.status()}`);
    });
    await page.getByRole('button', { name: 'Edit Username' }).click();
    await page.getByLabel('New Username').fill('lucky_7');
    await page.getByLabel('New Username').press('Enter');
    await expect.poll(() => page.getByLabel('New Username').count(), { timeout: 10_000 }).toBe(0);
    await page.getByText('lucky_7').first().waitFor();
    // The page may show the answer before the browser reports its response event.
    const edited = 'POST /api/identity/profile/edit/username 201';
    const refreshed = 'POST /api/identity/auth/refresh-tokens 201';
    await expect.poll(() => statuses.includes(edited), { timeout: 5_000 }).toBe(true);

    // One refresh, then the edit succeeds once. Usually the edit's own 401 asks for the refresh; a read of the
    // page that lost the same race first may ask for it instead, and the edit then needs none.
    const seen = statuses.join(', ');
    expect(
      statuses.filter((status) => status === refreshed),
      seen,
    ).toHaveLength(1);
    expect(
      statuses.filter((status) => status.includes('/refresh-tokens')),
      seen,
    ).toHaveLength(1);
    expect(
      statuses.filter((status) => status === edited),
      seen,
    ).toHaveLength(1);
    expect(statuses.indexOf(edited), seen).toBeGreaterThan(statuses.indexOf(refreshed));
    const edits = statuses.filter((status) => status.includes('/profile/edit/username'));
    expect(
      edits.every((status) => status === edited || status.endsWith(' 401')),
      seen,
    ).toBe(true);
    expect(await cookieNames(context, server.landing)).toContain('access_token');
    expect(new URL(page.url()).pathname).toBe('/profile/account');
    expect((await userDataFrom(page)).status).toBe(200);
  });

  it('hands a landing session over to the platform origin (its own cookie jar)', async () => {
    expect(await cookieNames(context, server.platform)).toEqual([]);
    await page.goto(server.landing);
    // The single-use token the landing app asks for when a player opens a game.
    const { authToken } = await page.evaluate(async () => {
      const res = await fetch('/api/identity/auth/auth-token', { credentials: 'include' });
      return (await res.json()) as { authToken: string };
    });
    const handover = `${server.platform}/verify?${new URLSearchParams({
      authToken,
      gameCode: 'lime-roulette',
      providerCodeName: 'paws',
      title: 'Lime Roulette',
    })}`;
    await page.goto(handover);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/game');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      gameCode: 'lime-roulette',
      providerCodeName: 'paws',
      title: 'Lime Roulette',
    });
    await expectSignedIn(page);
    expect(await cookieNames(context, server.platform)).toEqual(
      expect.arrayContaining(['access_token', 'refresh_token']),
    );

    // The token works once.
    const second = await context.newPage();
    await second.goto(`${server.platform}/verify?authToken=${encodeURIComponent(authToken)}`);
    await second.getByRole('alert').getByText('This link is invalid or has expired').waitFor();
    await second.close();
    expect(errors).toEqual([]);
  });
});
