import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, expectClean, settle } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { dialog, openAuthModal, signUpNewPlayer, userDataFrom, watchErrors } from './identity-support.ts';

/** Screenshots of each screen, when SHOTS_DIR names a folder. */
const SHOTS = process.env.SHOTS_DIR;

/** What CDP's WebAuthn domain answers about a credential (WebAuthn.getCredentials). */
interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/**
 * A platform authenticator of the page's own (Chromium's virtual authenticator through CDP): CTAP2, built
 * in, keeps discoverable credentials, verifies the user (PIN, fingerprint or face) and says so.
 */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[],
    add: (credential: VirtualCredential) =>
      cdp.send('WebAuthn.addCredential', { authenticatorId, credential }),
  };
}

/**
 * Passkeys (issue 29 point 1), on a phone and on a desktop at once (one player each): the player adds a
 * named passkey in /profile with the device's authenticator, then, on browsers with no session that hold
 * the same passkey, signs in with it alone from the sign-in modal (its button, then the e-mail box's
 * suggestions); the profile then shows its last use.
 * The platform runs on 'localhost' here: an IP address cannot be a WebAuthn relying party id.
 */
describe('passkeys', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({}, { hosts: { landing: '127.0.0.1', platform: 'localhost' } }),
      launchBrowser(),
    ]);
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
    const page = await context.newPage();
    return { context, page };
  }

  const shoot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
  };

  const signedIn = (page: Page) =>
    page
      .getByRole('banner')
      .getByRole('button', { name: /Account menu of/ })
      .waitFor({ timeout: 15_000 });

  async function journey(viewport: keyof typeof viewports) {
    const began = Date.now();
    const log = (what: string) =>
      console.info(`[passkeys ${viewport}] ${Math.round((Date.now() - began) / 1000)} s: ${what}`);
    const email = `passkeys.${viewport}.${Date.now()}@example.com`;
    const name = viewport === 'phone' ? 'My phone' : 'Work laptop';

    // Add a passkey in the profile.
    const home = await newPage(viewport);
    const errors = watchErrors(home.page);
    const device = await virtualAuthenticator(home.context, home.page);
    await signUpNewPlayer(home.page, server.platform, email, { path: '/profile/account' });
    const card = home.page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('No passkeys yet.').waitFor({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await settle(home.page);
    await shoot(home.page, `passkeys-card-empty-${viewport}`);
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const add = home.page.getByRole('dialog', { name: 'Add a passkey' });
    await settle(home.page);
    expectClean(await audit(home.page, `passkeys add (${viewport})`));
    await shoot(home.page, `passkeys-add-${viewport}`);
    await add.getByLabel('Name').fill(name);
    await add.getByRole('button', { name: 'Continue' }).click();
    await card.getByText('Passkey added.').waitFor({ timeout: 15_000 });
    await card.getByText(name, { exact: true }).waitFor();
    await card.getByText('Not used yet').waitFor();
    const [credential] = await device.credentials();
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    await settle(home.page);
    expectClean(await audit(home.page, `passkeys card (${viewport})`));
    await shoot(home.page, `passkeys-card-added-${viewport}`);
    log('passkey added');

    // Another browser, no session: the button under the form. The passkey is put on its authenticator only
    // once the e-mail box is out of the way (the phone tab), else the browser's suggestions would take it first.
    const byButton = await newPage(viewport);
    const awayErrors = watchErrors(byButton.page);
    const buttonDevice = await virtualAuthenticator(byButton.context, byButton.page);
    await byButton.page.goto(server.platform);
    expect((await userDataFrom(byButton.page)).status).toBe(401);
    await openAuthModal(byButton.page, 'Log in');
    expect(await dialog(byButton.page).getByLabel('Email').getAttribute('autocomplete')).toBe(
      'username webauthn',
    );
    const button = dialog(byButton.page).getByRole('button', { name: 'Sign in with a passkey' });
    await button.waitFor();
    await dialog(byButton.page).getByRole('tab', { name: 'Phone number' }).click();
    await settle(byButton.page);
    expectClean(await audit(byButton.page, `passkey sign-in modal (${viewport})`));
    await shoot(byButton.page, `passkeys-sign-in-modal-${viewport}`);
    await buttonDevice.add(credential!);
    await button.click();
    await signedIn(byButton.page);
    expect((await userDataFrom(byButton.page)).status).toBe(200);
    await expect.poll(() => dialog(byButton.page).count()).toBe(0);
    log('signed in with the button');

    // A third browser: the passkey among the e-mail box's suggestions (conditional UI). Chromium's virtual
    // authenticator answers a conditional request at once, as a player picking the suggestion would.
    // The credential is taken again from the last browser, with its counter as it is now (as a synced
    // passkey is): an older copy would be refused as a clone.
    const [synced] = await buttonDevice.credentials();
    const byAutofill = await newPage(viewport);
    const autofillErrors = watchErrors(byAutofill.page);
    const autofillDevice = await virtualAuthenticator(byAutofill.context, byAutofill.page);
    await autofillDevice.add(synced!);
    await byAutofill.page.goto(server.platform);
    expect((await userDataFrom(byAutofill.page)).status).toBe(401);
    // The modal may open and close again (signed in) before a wait for it would see it: the sign-in is awaited.
    await byAutofill.page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
    await signedIn(byAutofill.page);
    expect((await userDataFrom(byAutofill.page)).status).toBe(200);
    await shoot(byAutofill.page, `passkeys-signed-in-autofill-${viewport}`);
    log('signed in from the suggestions');

    // The profile shows when it was last used.
    await home.page.reload();
    await card.getByText(/^Last used /).waitFor({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await settle(home.page);
    await shoot(home.page, `passkeys-card-used-${viewport}`);
    expect(errors).toEqual([]);
    expect(awayErrors).toEqual([]);
    expect(autofillErrors).toEqual([]);
  }

  it('adds a passkey in /profile and signs in with it alone, on a phone and a desktop', async () => {
    await Promise.all([journey('phone'), journey('desktop')]);
  }, 180_000);
});
