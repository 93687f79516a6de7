import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { sharedServer } from '../helpers/shared-servers.ts';
import { signUpNewPlayer, watchErrors } from './identity-support.ts';

const TOURNAMENT = 'Weekend Roulette Tournament: $5,000 prize pool';

/**
 * Issue 16 in the browser, on the seeded posts (the news seed runs outside NODE_ENV=test): a visitor on a
 * phone browses, searches and opens a post, where likes and comments are closed to them; a player on a
 * desktop likes the post, comments, edits and deletes their comment.
 */
describe('news', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer('development', import.meta.url), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe('a visitor on a phone', () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      context = await browser.newContext(viewports.phone);
      page = await context.newPage();
      errors = watchErrors(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    const cards = () => page.getByRole('list', { name: 'News posts' }).getByRole('link');

    it('browses the list: 5 posts, Show more appends 5 more, a category chip narrows it', async () => {
      await page.goto(`${server.landing}/news`);
      await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(5);
      await page.getByRole('button', { name: 'Show more' }).click();
      await expect.poll(() => cards().count()).toBe(10);
      await expect
        .poll(() => page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'))
        .toBe('page');

      await page.getByRole('button', { name: 'Podcasts', exact: true }).click();
      await expect.poll(() => cards().count()).toBeGreaterThan(0);
      await expect.poll(() => cards().count()).toBeLessThan(5);
      for (const card of await cards().all()) await expect.poll(() => card.textContent()).toMatch(/Podcasts/);
      await page.getByRole('button', { name: 'All', exact: true }).click();
      await expect.poll(() => cards().count()).toBe(5);
    });

    it('searches by words in the body and in the title', async () => {
      await page.getByRole('searchbox', { name: 'Search news' }).fill('leaderboard');
      await expect.poll(() => cards().filter({ hasText: TOURNAMENT }).count(), { timeout: 5_000 }).toBe(1);
      await page.getByRole('searchbox', { name: 'Search news' }).fill('zzzqqq nothing like this');
      await page.getByText('There are no data here yet').waitFor({ timeout: 5_000 });
      await page.getByRole('searchbox', { name: 'Search news' }).fill('Roulette Tournament');
      await expect.poll(() => cards().first().textContent(), { timeout: 5_000 }).toContain(TOURNAMENT);
    });

    it('opens the post: markdown, counts, related posts; likes and comments are closed', async () => {
      await cards().first().click();
      const article = page.getByRole('article', { name: TOURNAMENT });
      await article.waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/news\/\d+$/);
      await article.locator('strong', { hasText: '$5,000' }).waitFor();
      const like = article.getByRole('button', { name: 'Like this post' });
      expect(await like.getAttribute('aria-disabled')).toBe('true');
      expect(await page.getByRole('textbox', { name: 'Your comment' }).isDisabled()).toBe(true);
      await expect
        .poll(() => page.getByRole('list', { name: 'You can be interested' }).getByRole('link').count())
        .toBe(4);
      await page.getByRole('link', { name: 'Back to News' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/news');
    });

    it("says 'News not found' for a missing post", async () => {
      await page.goto(`${server.landing}/news/999999`);
      await page.getByText('News not found').waitFor();
    });

    it('leaves no page errors', () => {
      expect(errors).toEqual([]);
    });
  });

  describe('a player on a desktop', () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      context = await browser.newContext(viewports.desktop);
      // A new player: the onboarding tour, which is not what this journey is about, is out of the way.
      await context.addInitScript(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
      page = await context.newPage();
      errors = watchErrors(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    const article = () => page.getByRole('article', { name: TOURNAMENT });
    const mine = () => page.getByRole('article', { name: 'Comment by You' });

    it('signs in and opens the post', async () => {
      // A player of this file's own (the server is shared with other files: the demo player is not ours).
      await signUpNewPlayer(page, server.platform, 'news.reader@paws.local', { path: '/news' });
      await page
        .getByRole('list', { name: 'News posts' })
        .getByRole('link', { name: new RegExp(TOURNAMENT.replace(/[$.]/g, '\\$&')) })
        .click();
      await article().waitFor();
    });

    it('likes and unlikes the post', async () => {
      const like = article().getByRole('button', { name: 'Like this post' });
      const before = Number((await like.textContent())?.replace(/\D/g, ''));
      await like.click();
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(async () => Number((await like.textContent())?.replace(/\D/g, ''))).toBe(before + 1);
      await like.click();
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(async () => Number((await like.textContent())?.replace(/\D/g, ''))).toBe(before);
    });

    it('comments, edits and deletes the comment', async () => {
      const input = page.getByRole('textbox', { name: 'Your comment' });
      await input.fill('Count me in for the **final**!');
      await input.press('Enter');
      await mine().locator('strong', { hasText: 'final' }).waitFor();
      await expect.poll(() => input.inputValue()).toBe('');
      // The post refreshed after the comment: its comment count went up.
      await expect
        .poll(() =>
          article()
            .getByRole('link', { name: /Comments/ })
            .textContent(),
        )
        .toContain('1');

      await mine().getByRole('button', { name: 'Edit' }).click();
      const edit = mine().getByRole('textbox', { name: 'Edit your comment' });
      await edit.fill('Count me in for the semi-final too');
      await mine().getByRole('button', { name: 'Save' }).click();
      await mine().getByText('Count me in for the semi-final too').waitFor();
      await mine().getByText('edited').waitFor();

      await mine().getByRole('button', { name: 'Delete' }).click();
      await mine().getByRole('button', { name: 'Yes, delete' }).click();
      await expect.poll(() => mine().count()).toBe(0);
      await page.getByText('No comments yet').waitFor();
      await expect
        .poll(() =>
          article()
            .getByRole('link', { name: /Comments/ })
            .textContent(),
        )
        .toContain('0');
    });

    it('leaves no page errors', () => {
      expect(errors).toEqual([]);
    });
  });
});
