import type { BonusesResponse } from '@paws/contracts/bonuses';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { audit, expectClean } from '../helpers/axe.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { box, playerWalk } from '../helpers/player-walk.ts';
import { animationsDone, until } from '../helpers/settle.ts';

/**
 * Issue 30, the player points of the second walk-through about reading (scroll positions, bonus figures, news,
 * comments, rewards), on the phone (390×844) and the desktop (1440×900).
 */
describe('issue 30: what players read', () => {
  const walk = playerWalk();
  const { openPage, signUp, deposit, shot, adjust } = walk;

  describe.each(['phone', 'desktop'] as const)('4. scroll positions on a %s', (viewport) => {
    const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
    const scrollDown = async (page: Page, y: number) => {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await until(async () => (await scrollY(page)) > 0);
      // The position is kept as the page is left; give the scroll event its frame.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    };

    it('a new page opens at the top, and Back returns to where the player was', async () => {
      const { page, errors } = await openPage(viewport);
      const h1 = page.getByRole('heading', { level: 1 }).first();
      // Full page loads, one after another.
      await page.goto(`${walk.server.landing}/faq`);
      await h1.waitFor();
      await scrollDown(page, 500);
      const faqY = await scrollY(page);
      await page.goto(`${walk.server.landing}/contacts`);
      await h1.waitFor();
      await page.waitForLoadState('networkidle');
      expect(await scrollY(page)).toBe(0);
      await page.goBack();
      await h1.waitFor();
      await expect.poll(() => scrollY(page)).toBe(faqY);

      // In the app: the news list scrolled, a post opened from it, then Back.
      await page.goto(`${walk.server.landing}/news`);
      const cards = page.getByRole('list', { name: 'News posts' }).getByRole('link');
      await cards.first().waitFor();
      await scrollDown(page, 600);
      // Where the player is when they tap the card (the click brings it into view first, smoothly: wait
      // until the page stands still).
      await cards.last().scrollIntoViewIfNeeded();
      let newsY = -1;
      await until(async () => {
        const [y, settled] = [await scrollY(page), newsY];
        newsY = y;
        return y === settled;
      });
      await cards.last().click();
      const back = page.getByRole('link', { name: /Back to News/ });
      await back.waitFor();
      await page.waitForLoadState('networkidle');
      expect(await scrollY(page)).toBe(0);
      expect(await back.isVisible()).toBe(true);
      const box = await back.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= (page.viewportSize()?.height ?? 0)).toBe(true);
      await shot(page, `4-news-post-${viewport}`);
      await page.goBack();
      await cards.first().waitFor();
      await expect.poll(() => scrollY(page)).toBe(newsY);
      expect(errors).toEqual([]);
    });
  });

  describe.each(['phone', 'desktop'] as const)('9. bonus figures on a %s', (viewport) => {
    it("shows the player's real figures, the same as /profile/bonuses", async () => {
      const { page, errors } = await openPage(viewport);
      await signUp(page);
      await deposit(page, 20);
      const bonuses = async () =>
        (await playerFetch(page, '/api/bonuses/profile/bonuses')).body as BonusesResponse;
      // The e-mail's and the first deposit's welcome tasks are credited after commit.
      const credited = async () =>
        (await bonuses()).welcomeBonuses.onboarding.filter((task) => task.hasBonus).length;
      expect(await until(async () => (await credited()) >= 2, { timeout: 15_000 })).toBe(true);
      const { activityBonuses, welcomeBonuses } = await bonuses();
      const week = activityBonuses.everyWeek;
      if (!week) throw new Error('no weekly bonus rule');
      const tasks = welcomeBonuses.onboarding;
      const done = tasks.filter((task) => task.hasBonus).length;
      const bar = `$${week.sumOfBets} / $${week.targetAmount}`;

      await page.goto(`${walk.server.platform}/profile/bonuses`);
      await page.getByRole('img', { name: `${done} of ${tasks.length} tasks done` }).waitFor();

      // The phone's profile home has the bar and the ring; the desktop's hud (on /profile/account) the bar.
      await page.goto(`${walk.server.platform}/profile`);
      const where = viewport === 'phone' ? page.getByRole('region', { name: 'Profile panel' }) : page;
      if (viewport === 'phone') {
        await where.getByText(`${done} of ${tasks.length}`, { exact: true }).waitFor();
      }
      await where.getByText(bar, { exact: true }).first().waitFor();
      expect(await page.getByText('50 / 90').count()).toBe(0);
      expect(await page.getByText('1 of 3', { exact: true }).count()).toBe(
        tasks.length === 3 && done === 1 ? 1 : 0,
      );
      await animationsDone(page.mainFrame());
      await shot(page, `9-bonus-figures-${viewport}`);
      expectClean(await audit(page, 'profile bonus figures'));
      expect(errors).toEqual([]);
    });
  });

  describe.each(['phone', 'desktop'] as const)('10 and 11. news on a %s', (viewport) => {
    it('finds a post past a typo, and the seeded posts rate only games the lobby has', async () => {
      const { page, errors } = await openPage(viewport);
      await page.goto(`${walk.server.landing}/news`);
      const cards = page.getByRole('list', { name: 'News posts' }).getByRole('link');
      await cards.first().waitFor();
      // 'rulette': a letter missing from a word the index keeps cut ('roulett').
      await page.getByRole('searchbox', { name: 'Search news' }).fill('rulette');
      // The list changes once the search has waited its 500 ms: then every card is about roulette.
      const aboutRoulette = async () => {
        const texts = await cards.allTextContents();
        return texts.length > 0 && texts.every((text) => /roulette/i.test(text));
      };
      expect(await until(aboutRoulette, { timeout: 15_000 })).toBe(true);
      expect(await cards.filter({ hasText: 'Weekend Roulette Tournament' }).count()).toBe(1);
      await shot(page, `11-news-typo-${viewport}`);

      const { body: lobby } = await playerFetch(page, '/api/platform/catalog');
      const names = (lobby as { name: string }[]).map((game) => game.name);
      await page.getByRole('searchbox', { name: 'Search news' }).fill('Top 5 games');
      await cards.filter({ hasText: 'Top 5 games of the month' }).first().click();
      await page.getByRole('link', { name: /Back to News/ }).waitFor();
      // The five rated games are the lobby's (server test: nothing else is rated). The Back link shows before
      // the post's body has loaded: its text is polled.
      const ratedFromLobby = async () => {
        const article = (await page.locator('main').textContent()) ?? '';
        return names.filter((name) => article.includes(name)).length;
      };
      await expect.poll(ratedFromLobby).toBeGreaterThanOrEqual(5);
      await shot(page, `10-news-ratings-${viewport}`);
      expect(errors).toEqual([]);
    });
  });

  describe.each(['phone', 'desktop'] as const)('12. comments on a %s', (viewport) => {
    it('Send shows above the bottom bar, and deleting a comment asks first', async () => {
      const { page, errors } = await openPage(viewport);
      await signUp(page, '/news');
      await page.getByRole('list', { name: 'News posts' }).getByRole('link').first().click();
      const input = page.getByRole('textbox', { name: 'Your comment' });
      await input.waitFor();
      await page.waitForLoadState('networkidle');
      // As a player does: scroll until the field peeks out just above the bottom bar, then tap it there.
      const height = page.viewportSize()?.height ?? 0;
      await input.evaluate(
        (field, bottom) => {
          const top = field.getBoundingClientRect().top + window.scrollY;
          window.scrollTo({ top: top - bottom, behavior: 'instant' });
        },
        height - 84 - 24,
      );
      const peek = await box(input);
      if (viewport === 'phone') await page.touchscreen.tap(peek.x + 20, peek.y + 10);
      else await page.mouse.click(peek.x + 20, peek.y + 10);
      await page.keyboard.type('Great read, thanks!');
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      const send = page.getByRole('button', { name: 'Send', exact: true });
      const rect = await box(send);
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? '',
        [rect.x + rect.width / 2, rect.y + rect.height / 2] as const,
      );
      await shot(page, `12-comment-send-${viewport}`);
      expect(onTop).toBe('Send');
      await send.click();
      const mine = page.getByRole('article', { name: 'Comment by You' });
      await mine.waitFor();

      await mine.getByRole('button', { name: 'Delete' }).click();
      const confirm = mine.getByRole('group', { name: 'Delete this comment?' });
      await confirm.waitFor();
      await shot(page, `12-comment-delete-${viewport}`);
      expectClean(await audit(page, 'comment delete confirmation'));
      await confirm.getByRole('button', { name: 'Keep it' }).click();
      await mine.getByRole('button', { name: 'Delete' }).click();
      await mine
        .getByRole('group', { name: 'Delete this comment?' })
        .getByRole('button', { name: 'Yes, delete' })
        .click();
      await mine.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    });
  });

  describe.each(['phone', 'desktop'] as const)('3. rewards on a %s', (viewport) => {
    it('shows money credited in another currency in the header for a moment and on the account card', async () => {
      const { page, errors } = await openPage(viewport);
      await signUp(page, '/profile/account');
      await page.locator('html[data-notifications-live="true"]').waitFor({ timeout: 15_000 });
      const balance = page.getByRole('banner').getByRole('button', { name: /^Balance / });
      await balance.waitFor();

      await adjust(page, 'PAWS', 100);
      // The header switches to the credited points for a moment, highlighted, then back to dollars.
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Balance 100 PAWS/ })
        .waitFor({ timeout: 15_000 });
      expect(await balance.getAttribute('data-credited')).toBe('true');
      const others = page.getByRole('region', { name: 'My account' }).getByRole('definition');
      await expect.poll(() => others.allTextContents()).toContain('100');
      await animationsDone(page.mainFrame());
      await shot(page, `3-reward-${viewport}`);
      expectClean(await audit(page, 'credited reward'));
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Balance \$0/ })
        .waitFor({ timeout: 15_000 });

      // A promo code's bonus (here an adjustment of bonus money) the same way; the e-mail's $1 is there too.
      await adjust(page, 'BONUS_USD', 10);
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Balance 11 Bonus/ })
        .waitFor({ timeout: 15_000 });
      await expect.poll(() => others.allTextContents()).toEqual(['100', '11']);
      expect(errors).toEqual([]);
    });
  });
});
