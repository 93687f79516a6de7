import { demoAccounts } from '@paws/contracts/auth';
import type { PlaySessionView } from '@paws/contracts/responsible-gaming';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { audit, expectClean, settle } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { spinOnce } from '../helpers/slot.ts';
import { registerPlayer, signInByEmailLink, watchErrors } from './identity-support.ts';

/** '$1.50', '−$1.50', '+$1.50', as the bar and the dialog write amounts. */
const usd = (amount: number, signed = false) => {
  const text = `$${Math.abs(amount).toFixed(2)}`;
  return amount < 0 ? `−${text}` : signed && amount > 0 ? `+${text}` : text;
};

/**
 * On the phone the seeded demo player; on the desktop a player of the file's own with $50 deposited, so that
 * both journeys run at once on the one server, each with its own play session and reality check.
 */
const devices = [
  ['phone', viewports.phone, demoAccounts.player],
  ['desktop', viewports.desktop, { email: 'reality.desktop@paws.local', password: 'Reality#2026' }],
] as const;

/**
 * Reality checks (issue 28, point 2) on a phone and a desktop: the player chooses a check every 15 minutes
 * in /profile (the server's test option makes a minute last a second, so it comes after 15 seconds of play),
 * spins Wild Paws, sees the session bar's net, then the check with the session's stakes, wins and net result,
 * and presses Continue.
 */
describe('reality checks', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      // A minute lasts 2 s: the check (every 15 minutes) comes 30 s into the session, after the first spin even
      // on a loaded machine.
      startServer({ REALITY_CHECK_MINUTE_SECONDS: '2' }),
      launchBrowser(),
    ]);
    const [, , desktop] = devices[1];
    await registerPlayer(server.platform, desktop.email, desktop.password, { deposit: 50 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // The two devices at once, each journey's steps in order (sequential within the concurrent suite).
  describe.concurrent.each(devices)('on a %s', (device, viewport, { email, password }) => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      context = await browser.newContext(viewport);
      // The new player's welcome tour would cover the page (the demo player's is done).
      if (email !== demoAccounts.player.email) {
        await context.addInitScript(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
      }
      page = await context.newPage();
      errors = watchErrors(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    const serverSession = async () => {
      const { body } = await playerFetch(page, '/api/platform/profile/responsible-gaming/play-session');
      return body as PlaySessionView;
    };

    it.sequential('signs in', async () => {
      await signInByEmailLink(page, server.platform, email, password);
    });

    it.sequential('chooses a reality check every 15 minutes in the profile', async ({ expect }) => {
      await page.goto(`${server.platform}/profile/account`);
      const section = page.getByRole('region', { name: 'Play time' });
      await section.waitFor({ timeout: 20_000 });
      await section.getByLabel('Reality check').selectOption({ label: 'Every 15 minutes' });
      await section.getByRole('button', { name: 'Save reality check' }).click();
      await section
        .getByRole('status')
        .getByText('Your play-time settings are saved.')
        .waitFor({ timeout: 10_000 });
      expect((await serverSession()).realityCheck).toEqual({ intervalMinutes: 15, everySeconds: 30 });
      await settle(page);
      expectClean(await audit(page, `profile play time (${device})`));
    });

    it.sequential('shows the session’s net on the game page, then the check with its figures; Continue goes on', {
      timeout: 120_000,
    }, async ({ expect }) => {
      await page.goto(
        `${server.platform}/game?gameCode=wild-paws&providerCodeName=paws-studio&title=Wild%20Paws`,
      );
      const game = page.frameLocator('iframe[title="Wild Paws"]');
      const balance = () => game.locator('.balance__value').textContent();
      await expect.poll(balance, { timeout: 20_000 }).toMatch(/\$[\d,]+\.\d\d/);
      await spinOnce(game);

      const played = (await serverSession()).session;
      expect(played).not.toBeNull();
      const bar = page.getByRole('region', { name: 'Your play session' });
      await bar.getByText(`Net ${usd(played?.net ?? 0, true)}`).waitFor({ timeout: 10_000 });
      await expect.poll(() => bar.textContent()).toMatch(/Session 0:\d\d/);

      const dialog = page.getByRole('dialog', { name: 'Reality check' });
      await dialog.waitFor({ timeout: 60_000 });
      const figures = (await serverSession()).session;
      await dialog.getByText(/^You have been playing for 0:\d\d\./).waitFor();
      for (const [label, value] of [
        ['Stakes', usd(figures?.stakes ?? 0)],
        ['Wins', usd(figures?.wins ?? 0)],
        ['Net result', usd(figures?.net ?? 0, true)],
      ] as const) {
        // Each figure is a term and its value in the dialog's list.
        const figure = dialog.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
        await figure.getByText(value, { exact: true }).waitFor();
      }
      await dialog.getByRole('link', { name: 'See my bet history' }).waitFor();
      await settle(page);
      expectClean(await audit(page, `reality check (${device})`));

      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
      expect(page.url()).toContain('/game?');
      await bar.getByText(`Net ${usd(figures?.net ?? 0, true)}`).waitFor();
      expect(errors).toEqual([]);
    });
  });
});
