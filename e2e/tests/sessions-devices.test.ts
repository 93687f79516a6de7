import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, expectClean, settle } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { passResendWait } from '../helpers/resend-wait.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import {
  linkIn,
  signInByEmailLink,
  signUpNewPlayer,
  userDataFrom,
  waitForMessage,
  watchErrors,
} from './identity-support.ts';

const email = `sessions.${Date.now()}@example.com`;
const password = 'Lucky#2026';

/**
 * Sessions and devices (issue 29 point 3): one player signed in on a phone (A) and on a desktop (B). B finds
 * both in /profile, A's marked on A as "This device", and signs A out; A's next navigation finds it signed out.
 */
describe('sessions and devices', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let phone: Page;
  let desk: Page;
  let errors: string[];
  let deskSignedInAt = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const context = await browser.newContext(viewport);
      // The new player's welcome tour would cover the page.
      await context.addInitScript(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
      contexts.push(context);
    }
    phone = await contexts[0]!.newPage();
    desk = await contexts[1]!.newPage();
    errors = watchErrors(desk);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  const sessionsOn = (page: Page) => page.getByRole('region', { name: 'Sessions and devices' });
  const rowsOn = (page: Page) => sessionsOn(page).getByRole('listitem');

  it('signs the same player in on a phone and on a desktop', async () => {
    await signUpNewPlayer(phone, server.platform, email, { password });
    await signInByEmailLink(desk, server.platform, email, password);
    deskSignedInAt = Date.now();
  });

  it('lists both sessions in /profile, each page marking its own device', async () => {
    await phone.goto(`${server.platform}/profile/account`);
    await expect.poll(() => rowsOn(phone).count(), { timeout: 15_000 }).toBe(2);
    await settle(phone);
    expectClean(await audit(phone, 'profile sessions (phone)'));
    await desk.goto(`${server.platform}/profile/account`);
    await expect.poll(() => rowsOn(desk).count(), { timeout: 15_000 }).toBe(2);
    await settle(desk);
    expectClean(await audit(desk, 'profile sessions (desktop)'));
    for (const page of [phone, desk]) {
      await expect.poll(() => rowsOn(page).filter({ hasText: 'This device' }).count()).toBe(1);
      await expect
        .poll(() =>
          sessionsOn(page)
            .getByText(/Address: /)
            .count(),
        )
        .toBe(2);
    }
  });

  it('the desktop signs the phone out; the phone finds itself signed out on its next navigation', async () => {
    const other = rowsOn(desk).filter({ hasNotText: 'This device' });
    await other.getByRole('button', { name: /^Sign out / }).click();
    await expect.poll(() => rowsOn(desk).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await userDataFrom(phone)).status).toBe(401);
    await phone.goto(`${server.platform}/profile/account`);
    await phone.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).waitFor();
    expect(await sessionsOn(phone).count()).toBe(0);
    // The desktop is still signed in.
    expect((await userDataFrom(desk)).status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('a sign-in from a new device e-mails a link that signs that device out (issue 29 point 4)', async () => {
    const tablet = await browser.newContext({
      ...viewports.desktop,
      userAgent:
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    await tablet.addInitScript(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
    contexts.push(tablet);
    const stranger = await tablet.newPage();
    // One sign-in link per address a minute (let pass).
    await passResendWait(server, email, deskSignedInAt);
    await signInByEmailLink(stranger, server.platform, email, password);
    const mail = await waitForMessage(
      server.platform,
      email,
      (m) => m.subject === 'New sign-in to your PAWS account',
    );
    expect(mail.body).toMatch(/Safari 17 on iOS 17\.5/);
    await desk.goto(linkIn(mail));
    await desk.getByText(/That device is signed out/).waitFor();
    await expect.poll(async () => (await userDataFrom(stranger)).status).toBe(401);
    expect((await userDataFrom(desk)).status).toBe(200);
  }, 150_000);
});
