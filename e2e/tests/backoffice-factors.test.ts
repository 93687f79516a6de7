import { demoStaffAccounts } from '@paws/contracts/staff';
import { staffFactorMessages } from '@paws/contracts/staff-factors';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, expectClean, settle } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { enrolAndSignIn } from '../helpers/staff.ts';
import {
  dialog,
  linkIn,
  openAuthModal,
  signUpNewPlayer,
  submitAuthForm,
  userDataFrom,
  waitForMessage,
  watchErrors,
} from './identity-support.ts';

/** Screenshots for a person to look at (E2E_SHOTS=dir), at the back office's narrowest and a desktop. */
const shotsDir = process.env.E2E_SHOTS;
async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewports.desktop.viewport);
}

const password = 'Lucky#2026';

/**
 * Support and a player's factors (issue 29 point 6): a player with the authenticator app on lost their phone.
 * Support ends the session left open on it (with a reason) and asks for two-step sign-in to be turned off;
 * an admin approves the request in the Factor removals queue; the player is e-mailed and then signs in with
 * the password and the e-mailed link alone.
 */
describe('back office: ending a session and four-eyes removal of two-step sign-in', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let player: Page;
  let support: Page;
  let admin: Page;
  let playerId = '';
  /** The player's browser on the new phone, signed in after the removal. */
  let signedIn: Page;
  const email = `factors.${Date.now()}@example.com`;
  const errors: string[][] = [];

  const newPage = async () => {
    const context = await browser.newContext(viewports.desktop);
    await context.addInitScript(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
    contexts.push(context);
    const page = await context.newPage();
    errors.push(watchErrors(page));
    return page;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    [player, support, admin] = await Promise.all([newPage(), newPage(), newPage()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('the player signs up and turns two-step sign-in on', async () => {
    await signUpNewPlayer(player, server.platform, email, { password });
    const twoStep = `${server.platform}/api/identity/profile/two-step`;
    const enrolment = await playerFetch(player, `${twoStep}/enrolment`, {});
    expect(enrolment.status).toBe(201);
    const { secret } = enrolment.body as { secret: string };
    const confirm = await playerFetch(player, `${twoStep}/confirm`, { code: await generate({ secret }) });
    expect(confirm.status).toBe(201);
    const me = await userDataFrom(player);
    playerId = (me.body as { user: { userId: string } }).user.userId;
    expect(playerId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('support ends the lost phone’s session with a reason and asks for two-step to be turned off', async () => {
    const { email: staffEmail, password: staffPassword } = demoStaffAccounts.support;
    await enrolAndSignIn(support, server.backOffice, staffEmail, staffPassword);
    await support.goto(`${server.backOffice}/players/${playerId}?tab=security`);
    const sessions = support.getByRole('table', { name: 'Signed-in sessions' });
    await sessions.getByRole('row').nth(1).waitFor();
    const factors = support.getByRole('region', { name: 'Sign-in factors' });
    await factors.getByText('On', { exact: true }).waitFor();
    await settle(support);
    expectClean(await audit(support, 'player page, sign-in security'));
    await shoot(support, 'factors-player-security');

    // The player's only session is the one on the lost phone.
    await sessions
      .getByRole('button', { name: /^End session:/ })
      .first()
      .click();
    const end = support.getByRole('dialog', { name: 'End this session?' });
    await end.getByLabel('Reason').fill('Player called: phone lost, identity checked');
    await shoot(support, 'factors-end-session');
    await end.getByRole('button', { name: 'End session' }).click();
    await support.getByRole('status').filter({ hasText: 'One session was ended.' }).waitFor();
    await support.getByText('Not signed in anywhere.').waitFor();
    expect((await userDataFrom(player)).status).toBe(401);

    await factors.getByRole('button', { name: 'Request two-step removal' }).click();
    const ask = support.getByRole('dialog', { name: 'Request two-step removal' });
    await ask
      .getByLabel('Reason')
      .fill('Lost phone; identity checked on a call (date of birth, last deposit)');
    expectClean(await audit(support, 'request two-step removal'));
    await ask.getByRole('button', { name: 'Send for approval' }).click();
    await factors.getByText('Yours: another staff member must approve or reject it.').waitFor();
    await factors.getByText('On', { exact: true }).waitFor();
    await settle(support);
    await shoot(support, 'factors-requested');
  });

  it('an admin approves it in the queue; the player is e-mailed and signs in without the second step', async () => {
    const { email: adminEmail, password: adminPassword } = demoStaffAccounts.admin;
    await enrolAndSignIn(admin, server.backOffice, adminEmail, adminPassword);
    await admin
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Factor removals' })
      .click();
    const queue = admin.getByRole('table', { name: 'Factor removal requests' });
    const row = queue.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    await settle(admin);
    expectClean(await audit(admin, 'factor removals queue'));
    await shoot(admin, 'factors-queue');
    await row.getByRole('button', { name: `Approve removal for ${email}` }).click();
    const approve = admin.getByRole('dialog', { name: 'Approve two-step removal?' });
    await approve.getByLabel('Reason').fill('Call notes checked');
    await approve.getByRole('button', { name: 'Approve and turn off' }).click();
    await admin.getByText('No request is waiting for approval.').waitFor();

    const mail = await waitForMessage(server.platform, email, (m) =>
      /Two-step sign-in was turned off/.test(m.subject ?? ''),
    );
    expect(mail.body ?? '').toContain('If you did not ask for this, contact support at once');

    // A new phone: the password and the e-mailed link sign in, no second step asked.
    const again = await newPage();
    await again.goto(server.platform);
    await openAuthModal(again, 'Log in');
    await dialog(again).getByLabel('Email').fill(email);
    await dialog(again).getByLabel('Password', { exact: true }).fill(password);
    await submitAuthForm(again, 'Log in');
    await dialog(again)
      .getByText('We sent a link to confirm your email, please check your spam box too')
      .waitFor();
    await again.goto(
      linkIn(await waitForMessage(server.platform, email, (m) => /sign-in link/.test(m.subject ?? ''))),
    );
    await again
      .getByRole('banner')
      .getByRole('button', { name: /Account menu of/ })
      .waitFor({ timeout: 15_000 });
    expect(await again.getByRole('heading', { name: 'Two-step sign-in' }).count()).toBe(0);
    expect((await userDataFrom(again)).status).toBe(200);

    await support.reload();
    const factors = support.getByRole('region', { name: 'Sign-in factors' });
    await factors.getByText('Off', { exact: true }).waitFor();
    await factors.getByText('Approved').waitFor();
    await settle(support);
    await shoot(support, 'factors-approved');
    signedIn = again;
  });

  it("the timeline tells the removal; 'Sign out everywhere' asks a reason and signs the new phone out", async () => {
    await support.goto(`${server.backOffice}/players/${playerId}?tab=timeline`);
    const entries = support.getByRole('list', { name: 'Timeline entries, newest first' });
    await entries
      .getByRole('link', {
        name: `Two-step sign-in (authenticator app) removal approved by ${demoStaffAccounts.admin.email} (requested by ${demoStaffAccounts.support.email})`,
      })
      .waitFor();
    await entries.getByText('Call notes checked', { exact: true }).waitFor();

    await support.getByRole('button', { name: 'Sign out everywhere' }).click();
    const confirm = support.getByRole('dialog', { name: 'Sign out everywhere?' });
    await confirm.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    // No reason: asked for before anything is sent.
    await confirm.getByText(staffFactorMessages.reason).waitFor();
    expect((await userDataFrom(signedIn)).status).toBe(200);
    await confirm.getByLabel('Reason').fill('Player asked to be signed out after the phone was found');
    await settle(support);
    expectClean(await audit(support, 'sign out everywhere with a reason'));
    await shoot(support, 'factors-sign-out-everywhere');
    await confirm.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await support.getByRole('status').filter({ hasText: 'One session was ended.' }).waitFor();
    expect((await userDataFrom(signedIn)).status).toBe(401);
    expect(errors.flat()).toEqual([]);
  });
});
