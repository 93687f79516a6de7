import { demoAccounts } from '@paws/contracts/auth';
import { studioGames } from '@paws/contracts/studio-games';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, expectClean, settle } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { openDisclosure, pageAnimationsDone } from '../helpers/settle.ts';
import { sharedServer } from '../helpers/shared-servers.ts';
import { dialog, linkIn, openAuthModal, signInByEmailLink, waitForMessage } from './identity-support.ts';

/**
 * Issue 18 point 12: axe-core finds no serious or critical violation on any screen, signed out and signed
 * in, on a 390×844 phone and a 1440×900 desktop, overlays included, and inside every game's frame.
 * How a screen is audited: helpers/axe.ts.
 */
const devices = [
  ['phone', viewports.phone],
  ['desktop', viewports.desktop],
] as const;

/** Home and the FAQ are audited by the tests that go on from them (the auth modals, the header search). */
const visitorScreens = [
  ['about us', '/about-us'],
  ['contacts', '/contacts'],
  ['terms of service', '/terms-of-service'],
  ['for partners', '/for-partners'],
  ['company information', '/company-information'],
  ['news', '/news'],
  ['not found', '/no-such-page'],
  ['verify email', '/verify-email'],
  ['end a session by link', '/end-session'],
  ['profile, signed out', '/profile/account'],
  [
    'game, signed out',
    `/game?gameCode=wild-paws&providerCodeName=paws-studio&title=${encodeURIComponent('Wild Paws')}`,
  ],
] as const;

/**
 * The account, notifications, support and signed-in news screens are audited by the tests that go on from them
 * (the modals, a notification, a ticket, the header menus): one load each.
 */
const playerScreens = [
  ['profile home', '/profile'],
  ['bonuses', '/profile/bonuses'],
  ['history', '/profile/history'],
  ['home, signed in', '/'],
] as const;

describe('accessibility (axe-core): no serious or critical violation', () => {
  let server: RunningServer;
  let browser: Browser;
  let newsPostId: number;
  /** The demo player's session, handed from one device's context to the next (never two at once). */
  let playerState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

  beforeAll(async () => {
    // Development mode seeds the news posts (with pictures) the news screens and the lightbox need.
    [server, browser] = await Promise.all([sharedServer('development', import.meta.url), launchBrowser()]);
    const posts = (await (await fetch(`${server.platform}/api/news/posts?page=1&limit=5`)).json()) as {
      posts: { id: number; mediaType: string | null; mediaContentUrl: string | null }[];
    };
    const withPicture = posts.posts.find((post) => post.mediaType === 'IMAGE' && post.mediaContentUrl);
    newsPostId = (withPicture ?? posts.posts[0])!.id;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each(devices)('on a %s', (device, viewport) => {
    const base: BrowserContextOptions = { ...viewport, reducedMotion: 'reduce' };
    /**
     * One signed-in context per device: its cookies follow the session's refresh rotation, which a copy
     * of the cookies in a second context would break (a reused refresh token ends the session).
     */
    let player: BrowserContext;
    /**
     * One visitor context per device, each screen in a page of its own: the pages share the app's immutable
     * assets (cached once, not downloaded and compiled again per screen). A visitor's screens keep nothing in
     * it that another would read: nobody signs in, and the tour's step is set before every page.
     */
    let visitor: BrowserContext;

    async function visitorPage() {
      const page = await visitor.newPage();
      return { context: { close: () => page.close() }, page };
    }

    async function playerPage() {
      const page = await player.newPage();
      return { context: { close: () => page.close() }, page };
    }

    // The signed-out screens and the signed-in ones run side by side (their contexts are apart), each screen
    // in a page of its own, several at once: their loads, axe runs and waits overlap.
    describe.concurrent('signed out', { timeout: 120_000 }, () => {
      beforeAll(async () => {
        visitor = await browser.newContext(base);
        await visitor.addInitScript(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
      });
      afterAll(async () => {
        await visitor?.close();
      });

      it.each(visitorScreens)(`%s (${device})`, async (name, path) => {
        const { context, page } = await visitorPage();
        try {
          await page.goto(`${server.landing}${path}`);
          await settle(page);
          expectClean(await audit(page, `${name} (${device})`));
        } finally {
          await context.close();
        }
      });

      it(`a news post and its picture in the lightbox (${device})`, async () => {
        const { context, page } = await visitorPage();
        try {
          await page.goto(`${server.landing}/news/${newsPostId}`);
          await settle(page);
          const findings = await audit(page, `news post (${device})`);
          const enlarge = page.getByRole('button', { name: 'Enlarge image' }).first();
          await enlarge.click();
          await page.getByRole('dialog').waitFor();
          await pageAnimationsDone(page);
          findings.push(...(await audit(page, `lightbox (${device})`)));
          expectClean(findings);
        } finally {
          await context.close();
        }
      });

      it(`a visitor's ticket by its private link (${device})`, async () => {
        const email = `a11y.${device}@paws.local`;
        const res = await fetch(`${server.landing}/api/tickets/tickets/unAuth`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({
            nameOfUser: 'Visitor',
            email,
            invocationCategory: 'CONSULTATION',
            message: 'How do I verify my account?',
          }),
        });
        expect(res.status).toBe(201);
        const message = await waitForMessage(server.landing, email, (m) =>
          m.body.includes('/support/ticket/'),
        );
        const { context, page } = await visitorPage();
        try {
          await page.goto(linkIn(message));
          await settle(page);
          expectClean(await audit(page, `visitor ticket (${device})`));
        } finally {
          await context.close();
        }
      });

      // Home audited as it loads, then its overlays one after the other: one load for all of them.
      it(
        device === 'phone'
          ? 'home, the log-in and create-account modals and the open menu panel (phone)'
          : `home and the log-in and create-account modals (${device})`,
        async () => {
          const { context, page } = await visitorPage();
          try {
            await page.goto(`${server.landing}/`);
            await settle(page);
            const findings = await audit(page, `home (${device})`);
            await openAuthModal(page, 'Log in');
            await pageAnimationsDone(page);
            findings.push(...(await audit(page, `log-in modal (${device})`)));
            await page.keyboard.press('Escape');
            await dialog(page).waitFor({ state: 'hidden' });
            await openAuthModal(page, 'Create account');
            await pageAnimationsDone(page);
            findings.push(...(await audit(page, `create-account modal (${device})`)));
            if (device === 'phone') {
              await page.keyboard.press('Escape');
              await dialog(page).waitFor({ state: 'hidden' });
              await page.getByRole('button', { name: 'Menu' }).first().click();
              await page.getByRole('heading', { name: 'Menu' }).waitFor();
              await pageAnimationsDone(page);
              findings.push(...(await audit(page, 'menu panel (phone)')));
            }
            expectClean(findings);
          } finally {
            await context.close();
          }
        },
      );

      it(`FAQ and the header search with its results (${device})`, async () => {
        const { context, page } = await visitorPage();
        try {
          await page.goto(`${server.landing}/faq`);
          await settle(page);
          const findings = await audit(page, `FAQ (${device})`);
          const box = page.getByRole('combobox', { name: 'Search games' });
          if (!(await box.isVisible()))
            await page
              .getByRole('button', { name: /Search/ })
              .first()
              .click();
          await box.fill('a');
          await page.getByRole('option').first().waitFor();
          findings.push(...(await audit(page, `header search (${device})`)));
          expectClean(findings);
        } finally {
          await context.close();
        }
      });
    });

    describe('signed in', { concurrent: true }, () => {
      beforeAll(async () => {
        if (playerState) {
          player = await browser.newContext({ ...base, storageState: playerState });
          // A fresh access token, taken here alone: the screens then load at once, and pages that each
          // found it expired would refresh together, which reuses the refresh token and ends the session.
          const page = await player.newPage();
          await page.goto(`${server.platform}/faq`);
          const refreshed = await page.evaluate(
            async () =>
              (await fetch('/api/identity/auth/refresh-tokens', { method: 'POST', credentials: 'include' }))
                .status,
          );
          expect(refreshed).toBe(201);
          await page.close();
          return;
        }
        player = await browser.newContext(base);
        const page = await player.newPage();
        await signInByEmailLink(
          page,
          server.platform,
          demoAccounts.player.email,
          demoAccounts.player.password,
        );
        // A deposit gives the player a notification to open and a transaction to list.
        const deposit = await page.evaluate(async () => {
          const res = await fetch('/api/platform/users/deposit', {
            method: 'POST',
            credentials: 'include',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify({ amount: 25, paymentMethod: 'CARD' }),
          });
          return res.status;
        });
        expect(deposit).toBeLessThan(300);
        await page.evaluate(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
        await page.close();
      }, 120_000);
      afterAll(async () => {
        // The next device goes on with this session (a second sign-in link within a minute is not sent).
        if (player) playerState = await player.storageState();
        await player?.close();
      });

      // The player's screens at once, each in its own page of the one signed-in context.
      describe.concurrent('screens', { timeout: 120_000 }, () => {
        it.each(playerScreens)(`%s (${device})`, async (name, path) => {
          const { context, page } = await playerPage();
          try {
            await page.goto(`${server.platform}${path}`);
            await settle(page);
            expectClean(await audit(page, `${name} (${device})`));
          } finally {
            await context.close();
          }
        });

        it(`notifications and a notification (${device})`, async () => {
          const { context, page } = await playerPage();
          try {
            await page.goto(`${server.platform}/profile/notifications`);
            await settle(page);
            const findings = await audit(page, `notifications (${device})`);
            const card = page.locator('a[href^="/profile/notifications/"]').first();
            await card.waitFor({ timeout: 10_000 });
            await card.click();
            await page.getByRole('button', { name: 'Delete' }).waitFor();
            await settle(page);
            findings.push(...(await audit(page, `notification (${device})`)));
            expectClean(findings);
          } finally {
            await context.close();
          }
        });

        it(`support and a support ticket (${device})`, async () => {
          const { context, page } = await playerPage();
          try {
            await page.goto(`${server.platform}/profile/support`);
            await settle(page);
            const findings = await audit(page, `support (${device})`);
            const id = await page.evaluate(async (email) => {
              const res = await fetch('/api/tickets/tickets', {
                method: 'POST',
                credentials: 'include',
                headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
                body: JSON.stringify({
                  nameOfUser: 'Demo',
                  email,
                  invocationCategory: 'TECHNICAL_PROBLEM',
                  message: 'The roulette wheel froze after my bet.',
                }),
              });
              return ((await res.json()) as { id: string }).id;
            }, demoAccounts.player.email);
            await page.goto(`${server.platform}/profile/support/${id}`);
            await settle(page);
            findings.push(...(await audit(page, `support ticket (${device})`)));
            expectClean(findings);
          } finally {
            await context.close();
          }
        });

        it(`account and the deposit, withdraw and avatar modals (${device})`, async () => {
          const { context, page } = await playerPage();
          try {
            await page.goto(`${server.platform}/profile/account`);
            await settle(page);
            const findings = await audit(page, `account (${device})`);
            const account = page.getByRole('region', { name: 'My account' });
            await account.getByRole('button', { name: 'Deposit' }).click();
            await dialog(page).waitFor();
            await pageAnimationsDone(page);
            findings.push(...(await audit(page, `deposit modal (${device})`)));
            await page.keyboard.press('Escape');
            await dialog(page).waitFor({ state: 'hidden' });
            await account.getByRole('button', { name: 'Withdraw' }).click();
            await dialog(page).waitFor();
            await pageAnimationsDone(page);
            findings.push(...(await audit(page, `withdraw modal (${device})`)));
            await page.keyboard.press('Escape');
            await dialog(page).waitFor({ state: 'hidden' });
            await page.getByRole('button', { name: 'Change avatar' }).click();
            await dialog(page).waitFor();
            await pageAnimationsDone(page);
            findings.push(...(await audit(page, `avatar modal (${device})`)));
            expectClean(findings);
          } finally {
            await context.close();
          }
        });

        it(`news, signed in, and the header menus: notifications and account (${device})`, async () => {
          const { context, page } = await playerPage();
          try {
            await page.goto(`${server.platform}/news`);
            await settle(page);
            const findings = await audit(page, `news, signed in (${device})`);
            const banner = page.getByRole('banner');
            await openDisclosure(page, banner.getByRole('button', { name: /Notifications/ }).first());
            findings.push(...(await audit(page, `notifications menu (${device})`)));
            await page.keyboard.press('Escape');
            await openDisclosure(page, banner.getByRole('button', { name: /Account menu of/ }).first());
            findings.push(...(await audit(page, `account menu (${device})`)));
            expectClean(findings);
          } finally {
            await context.close();
          }
        });

        it.each(studioGames.map((game) => [game.catalog.name, game.code] as const))(
          `the %s game screen and its frame (${device})`,
          async (title, code) => {
            const { context, page } = await playerPage();
            try {
              await page.goto(
                `${server.platform}/game?gameCode=${code}&providerCodeName=paws-studio&title=${encodeURIComponent(title)}`,
              );
              const frame = page.frameLocator(`iframe[title="${title}"]`);
              await frame.locator('.balance__value').first().waitFor({ timeout: 30_000 });
              // The game has drawn its first screen: ready, its fonts loaded and its entrance transitions ended.
              await frame.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: 30_000 });
              await frame
                .owner()
                .evaluate((iframe: HTMLIFrameElement) =>
                  iframe.contentDocument?.fonts.ready.then(() => undefined),
                );
              await pageAnimationsDone(page);
              const findings = await audit(page, `${code} game (${device})`);
              // axe did run inside the game's own document, not only around the iframe.
              const gameFrame = page.frames().find((f) => new URL(f.url()).pathname.startsWith('/studio/'));
              expect(await gameFrame?.evaluate(() => typeof (window as { axe?: unknown }).axe)).toBe(
                'object',
              );
              expectClean(findings);
            } finally {
              await context.close();
            }
          },
        );
      });

      // Alone, after the screens: it sets the origin's stored step, which every page of the context reads.
      it.sequential(`the onboarding overlay (${device})`, async () => {
        const { context, page } = await playerPage();
        try {
          await page.goto(`${server.platform}/news`);
          await page.evaluate(() => localStorage.setItem('onboardingStep', 'STEP_1'));
          await page.reload();
          await page.getByRole('dialog', { name: 'Welcome to PAWS' }).waitFor({ timeout: 15_000 });
          await pageAnimationsDone(page);
          expectClean(await audit(page, `onboarding overlay (${device})`));
        } finally {
          await page.evaluate(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
          await context.close();
        }
      });
    });
  });
});
