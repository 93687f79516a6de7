import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts } from '@paws/contracts/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { signInByEmailLink, watchErrors } from './identity-support.ts';

const { email, password } = demoAccounts.player;

/** A small file with a real PNG signature, as a phone photo of a document would start. */
function documentFile() {
  const path = join(tmpdir(), `paws-e2e-passport-${process.pid}.png`);
  writeFileSync(
    path,
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 7)]),
  );
  return path;
}

/**
 * Identity verification (issue 6): the demo player starts verification from the hud card, hands in a
 * document on the sandbox provider's page in the popup and approves it; back on the account page the
 * notice and the badge say so.
 */
describe('verification: sandbox approval turns the badge to verified', () => {
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
    await signInByEmailLink(page, server.platform, email, password);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('verifies in the sandbox popup and shows the result on the account page', async () => {
    await page.goto(`${server.platform}/profile/account`);
    const hud = page.getByRole('region', { name: 'My hud' });
    await hud.getByText('Not verified').waitFor();

    const popupOpened = page.waitForEvent('popup');
    await hud.getByRole('button', { name: 'Verify identity' }).click();
    const popup = await popupOpened;
    const popupErrors = watchErrors(popup);
    await popup.waitForURL(/\/kyc-sandbox\/[0-9a-f-]{36}$/);
    expect(new URL(popup.url()).origin).toBe(server.platform);
    await popup.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    // Nothing to review before a document is in.
    expect(await popup.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);

    await popup.getByLabel('Identity document').setInputFiles(documentFile());
    await popup.getByRole('button', { name: 'Upload document' }).click();
    await popup.getByText(/Document received: paws-e2e-passport-\d+\.png/).waitFor();
    // Handed in: the player is in review (the opener stays as it is, listening).
    const state = await page.evaluate(async () => {
      const res = await fetch('/api/platform/profile/user-data', { credentials: 'include' });
      return ((await res.json()) as { user: { verificationType: string } }).user.verificationType;
    });
    expect(state).toBe('PENDING');

    await popup.getByRole('button', { name: 'Approve' }).click();
    await hud.getByText('Verification completed successfully').waitFor({ timeout: 10_000 });
    await hud.getByText('Verified', { exact: true }).waitFor();
    // FINISHED closes the popup.
    await expect.poll(() => popup.isClosed(), { timeout: 5_000 }).toBe(true);
    expect(popupErrors).toEqual([]);
    expect(errors).toEqual([]);
  });
});
