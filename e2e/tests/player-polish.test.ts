import type { Locator } from 'playwright-core';
import { describe, it } from 'vitest';
import { audit, expectClean } from '../helpers/axe.ts';
import { box, overlaps, playerWalk } from '../helpers/player-walk.ts';
import { animationsDone, openDisclosure, until } from '../helpers/settle.ts';
import { dialog } from './identity-support.ts';

/**
 * Issue 30, the player points of the second walk-through (notifications, toasts, games, the banned modal), on
 * the phone (390×844) and the desktop (1440×900) where both apply; the reading points are in player-reading.test.ts.
 */
describe('issue 30: what players see', () => {
  const walk = playerWalk();
  const { openPage, signUp, deposit, adjust, ban, openGame } = walk;

  /** Screenshots are for the reviewer, asserted by nothing: taken only when E2E_SHOTS names where to keep them. */
  const shot: typeof walk.shot = process.env.E2E_SHOTS ? walk.shot : async () => Buffer.alloc(0);

  /**
   * The rectangle of each element, read in one call: as locator.boundingBox() gives it (CSS pixels of the visual
   * viewport), with whether it is shown at all (boundingBox() has none for an element that is not).
   */
  const rectsOf = (locator: Locator) =>
    locator.evaluateAll((elements) =>
      elements.map((element) => {
        const { x, width } = element.getBoundingClientRect();
        const viewport = window.visualViewport;
        const scale = viewport?.scale ?? 1;
        return {
          tag: element.tagName,
          what: `<${element.tagName.toLowerCase()}> ${(element.textContent ?? '').trim().slice(0, 40)}`,
          shown: element.getClientRects().length > 0,
          x: (x - (viewport?.offsetLeft ?? 0)) * scale,
          width: width * scale,
        };
      }),
    );

  describe('1. the notification dropdown on phones', () => {
    it('sits whole inside the viewport from 320 to 430 px, in all four languages', {
      timeout: 240_000,
    }, async ({ expect }) => {
      const { page, errors } = await openPage('phone');
      await signUp(page);
      await deposit(page, 25);
      const bell = page.getByRole('banner').getByRole('button', { name: /^(Notific|Notifiche)/ });
      const widths = [320, 360, 390, 430];
      for (const language of ['en', 'es', 'fr', 'it']) {
        await page.evaluate((lang) => localStorage.setItem('language', lang), language);
        for (const width of widths) {
          // A fresh load at each width: a phone's page resized after its load lays the dropdown out otherwise.
          await page.setViewportSize({ width, height: 844 });
          await page.goto(`${walk.server.platform}/profile/account`);
          await openDisclosure(page, bell);
          const menu = page.locator(`[id="${await bell.getAttribute('aria-controls')}"]`);
          await menu.getByRole('link').first().waitFor();
          // The dropdown, its title and each of its notifications, measured in one call.
          const parts = menu.or(menu.locator('p').first()).or(menu.getByRole('link'));
          const rects = await rectsOf(parts);
          const at = `${language} at ${width}px`;
          expect(rects.map((rect) => rect.tag).sort(), at).toEqual(expect.arrayContaining(['A', 'DIV', 'P']));
          for (const rect of rects) {
            expect(rect.shown, `${at}: ${rect.what} is shown`).toBe(true);
            expect(rect.x, `${at}: ${rect.what}`).toBeGreaterThanOrEqual(0);
            expect(rect.x + rect.width, `${at}: ${rect.what}`).toBeLessThanOrEqual(width);
          }
          if (width === 320 || width === 390) await shot(page, `1-bell-${language}-${width}`);
        }
      }
      expectClean(await audit(page, 'bell dropdown'));
      expect(errors).toEqual([]);
    });
  });

  describe.each(['phone', 'desktop'] as const)('2. toasts on a %s', (viewport) => {
    it('show the whole message, never over Deposit/Withdraw, stacked without overlapping', {
      timeout: 120_000,
    }, async ({ expect }) => {
      const { page, errors } = await openPage(viewport);
      await signUp(page, '/profile/account');
      await page.locator('html[data-notifications-live="true"]').waitFor({ timeout: 15_000 });
      const account = page.getByRole('region', { name: 'My account' });
      await account.getByRole('button', { name: 'Deposit' }).click();
      await dialog(page)
        .getByRole('list', { name: 'Quick amounts' })
        .getByRole('button', { name: '$25', exact: true })
        .click();
      await dialog(page).getByRole('button', { name: 'Deposit', exact: true }).last().click();
      await dialog(page).waitFor({ state: 'detached' });
      // The deposit's notice and the first-deposit bonus's arrive together.
      const toasts = page.getByRole('list').filter({ has: page.getByRole('status') });
      const items = toasts.getByRole('listitem');
      expect(await until(async () => (await items.count()) >= 2, { timeout: 15_000, interval: 50 })).toBe(
        true,
      );
      const size = page.viewportSize() ?? { width: 0, height: 0 };
      // Read at once: a toast leaves after its six seconds.
      const rects = await items.evaluateAll((elements) =>
        elements
          .filter((element) => getComputedStyle(element).display !== 'none')
          .map((element) => {
            const { x, y, width, height } = element.getBoundingClientRect();
            const p = element.querySelector('p');
            return { x, y, width, height, clipped: !p || p.scrollHeight > p.clientHeight + 1 };
          }),
      );
      const actions = [
        await box(account.getByRole('button', { name: 'Deposit' })),
        await box(account.getByRole('button', { name: 'Withdraw' })),
      ];
      expect(rects.length).toBeGreaterThanOrEqual(2);
      for (const rect of rects) {
        for (const action of actions) expect(overlaps(rect, action)).toBe(false);
        expect(rect.y).toBeGreaterThanOrEqual(0);
        expect(rect.y + rect.height).toBeLessThanOrEqual(size.height);
        // The whole message: nothing clipped, no ellipsis.
        expect(rect.clipped).toBe(false);
      }
      for (let i = 1; i < rects.length; i++) expect(overlaps(rects[i - 1]!, rects[i]!)).toBe(false);
      await shot(page, `2-toasts-${viewport}`);
      expectClean(await audit(page, 'toasts'));
      expect(errors).toEqual([]);
    });
  });

  describe.each(['phone', 'desktop'] as const)('7. Wild Paws on a %s', (viewport) => {
    it('offers a free spin only to a player who has one, saying how many are left', {
      timeout: 180_000,
    }, async ({ expect }) => {
      const { page, errors } = await openPage(viewport);
      await signUp(page);
      await deposit(page, 10);
      let frame = await openGame(page, 'wild-paws', 'Wild Paws');
      await frame.getByRole('button', { name: 'Spin', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await frame.getByRole('button', { name: /free spin/i }).count()).toBe(0);
      await shot(page, `7-wild-paws-none-${viewport}`);

      await adjust(page, 'FREE_SPINS', 2);
      frame = await openGame(page, 'wild-paws', 'Wild Paws');
      const free = frame.getByRole('button', { name: 'Use a free spin (2 left)' });
      await free.waitFor();
      await shot(page, `7-wild-paws-two-${viewport}`);
      await free.click();
      // The count changes when the round has been shown. Every spin takes at least 2.5 s (pacing.ts), so a free
      // spin that wins the feature (ten feature spins, each shown with its return, more if retriggered) takes a minute.
      await frame.getByRole('button', { name: 'Use a free spin (1 left)' }).waitFor({ timeout: 120_000 });
      expectClean(await audit(page, 'Wild Paws'));
      expect(errors).toEqual([]);
    });
  });

  describe.each(['phone', 'desktop'] as const)('13. the banned modal on a %s', (viewport) => {
    it('offers the appeal ticket in the app, which a banned player can send', {
      timeout: 120_000,
    }, async ({ expect }) => {
      const { page, errors } = await openPage(viewport);
      const email = await signUp(page);
      await ban(email, 'Bonus abuse with linked accounts');
      await page.goto(`${walk.server.platform}/profile/account`);
      const modal = page.getByRole('dialog', { name: 'YOU ARE BANNED!' });
      await modal.getByText('Bonus abuse with linked accounts').waitFor();
      await animationsDone(page.mainFrame());
      await shot(page, `13-banned-${viewport}`);
      expectClean(await audit(page, 'banned modal'));
      await modal.getByRole('link', { name: 'Appeal in the app' }).click();
      await modal.waitFor({ state: 'detached' });

      const form = page.getByRole('dialog', { name: 'Appeal the ban' });
      const message = form.getByLabel('Message');
      await expect.poll(() => message.inputValue()).toMatch(/^I am appealing the ban on my account/);
      expect(await form.getByRole('radio', { name: "Manager's consultation" }).isChecked()).toBe(true);
      await message.fill(`${await message.inputValue()}the other accounts are my family's.`);
      await animationsDone(page.mainFrame());
      await shot(page, `13-appeal-form-${viewport}`);
      expectClean(await audit(page, 'appeal form'));
      await form.getByRole('button', { name: /^Send/ }).click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/profile\/support\/.+/);
      await page.getByText("the other accounts are my family's").first().waitFor();
      expect(await page.getByRole('dialog', { name: 'YOU ARE BANNED!' }).count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });

  describe('14. the desktop game side panel', () => {
    it('keeps every button label inside its tile with room on both sides, in all four languages', {
      timeout: 120_000,
    }, async ({ expect }) => {
      const { page, errors } = await openPage('desktop');
      await signUp(page);
      for (const language of ['en', 'es', 'fr', 'it']) {
        await page.evaluate((lang) => localStorage.setItem('language', lang), language);
        await openGame(page, 'blackjack', 'Blackjack');
        const toolbar = page.getByRole('toolbar');
        await toolbar.getByRole('button').first().waitFor();
        const tiles = await toolbar.getByRole('button').evaluateAll((buttons) =>
          buttons.map((button) => {
            const tile = button.getBoundingClientRect();
            const label = button.querySelector('span');
            const range = document.createRange();
            if (label) range.selectNodeContents(label);
            const text = range.getBoundingClientRect();
            return {
              name: label?.textContent ?? '',
              left: text.left - tile.left,
              right: tile.right - text.right,
              overflow: label ? label.scrollWidth > label.clientWidth + 1 : true,
            };
          }),
        );
        for (const tile of tiles) {
          expect(tile.left, `${language} ${tile.name}`).toBeGreaterThanOrEqual(8);
          expect(tile.right, `${language} ${tile.name}`).toBeGreaterThanOrEqual(8);
          expect(tile.overflow, `${language} ${tile.name}`).toBe(false);
        }
        if (language === 'en' || language === 'fr') await shot(page, `14-side-panel-${language}`);
      }
      expectClean(await audit(page, 'game side panel'));
      expect(errors).toEqual([]);
    });
  });
});
