import { mkdirSync } from 'node:fs';
import type { BonusesResponse } from '@paws/contracts/bonuses';
import { demoStaffAccounts } from '@paws/contracts/staff';
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, expectClean } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { animationsDone, openDisclosure, until } from '../helpers/settle.ts';
import { enrolAndSignIn } from '../helpers/staff.ts';
import { dialog, linkIn, waitForMessage, watchErrors } from './identity-support.ts';

const PASSWORD = 'Polish#2026';
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/player-polish';
type Viewport = keyof typeof viewports;

/** The rectangle of an element, in CSS pixels of the viewport. */
const box = async (locator: Locator) => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('the element is not shown');
  return rect;
};
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Issue 30, the player points of the second walk-through, on the phone (390×844) and the desktop (1440×900)
 * where both apply. Each test keeps a screenshot under E2E_SHOTS for the reviewer.
 */
describe('issue 30: what players see', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let serial = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Development mode seeds the news posts (points 4, 10 and 11 read them).
    [server, browser] = await Promise.all([startServer({ NODE_ENV: 'development' }), launchBrowser()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  /** A fresh browser at a viewport (or a width on a phone), in a language, with the tour out of the way. */
  async function openPage(viewport: Viewport, language = 'en', width?: number) {
    const options = { ...viewports[viewport], bypassCSP: true };
    if (width) options.viewport = { ...options.viewport, width };
    const context = await browser.newContext(options);
    contexts.push(context);
    await context.addInitScript((lang) => {
      localStorage.setItem('onboardingStep', 'COMPLETED');
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    }, language);
    const page = await context.newPage();
    return { context, page, errors: watchErrors(page) };
  }

  /** A new player signed in on the platform (the e-mailed link's token opened in the page). */
  async function signUp(page: Page, origin = server.platform) {
    serial += 1;
    const email = `polish${serial}@example.com`;
    await page.goto(`${origin}/faq`);
    const { status } = await playerFetch(page, '/api/identity/auth/registration', {
      email,
      password: PASSWORD,
      ageConfirmed: true,
      callbackUrl: `${origin}/callback/register`,
    });
    expect(status).toBe(201);
    await page.goto(linkIn(await waitForMessage(origin, email)));
    await page.getByRole('banner').getByRole('button', { name: /^(Account menu of|Menú de la cuenta de) / });
    await until(async () => (await page.evaluate(() => document.cookie)).includes('signed_in'));
    return email;
  }

  async function deposit(page: Page, amount: number) {
    const { status } = await playerFetch(page, '/api/platform/users/deposit', {
      amount,
      paymentMethod: 'CARD',
    });
    expect(status).toBe(201);
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

  /** The back office, its admin signed in once for the file (the second factor is enrolled once). */
  let staffPage: Page | undefined;
  async function staff() {
    if (staffPage) return staffPage;
    const context = await browser.newContext({ ...viewports.desktop, bypassCSP: true });
    contexts.push(context);
    staffPage = await context.newPage();
    const { email, password } = demoStaffAccounts.admin;
    await enrolAndSignIn(staffPage, server.backOffice, email, password);
    return staffPage;
  }

  /** An admin's adjustment (under the four-eyes threshold, so it moves at once). */
  async function adjust(page: Page, currency: string, amount: number) {
    const { body } = await playerFetch(page, '/api/platform/profile/user-data');
    const userId = (body as { user: { userId: string } }).user.userId;
    const admin = await staff();
    await admin.goto(`${server.backOffice}/adjustments/new?playerId=${userId}`);
    await admin.getByLabel('Currency').selectOption(currency);
    await admin.getByLabel('Amount').fill(String(amount));
    await admin.getByLabel('Reason code').selectOption('GOODWILL');
    await admin.getByLabel('Note').fill('A gift from the team');
    await admin.getByRole('button', { name: 'Request adjustment' }).click();
    await admin.getByRole('status').first().waitFor();
    const credited = await until(async () => {
      const { body } = await playerFetch(page, '/api/platform/profile/user-data');
      const balances = (body as { balances: Array<{ currencyCode: string; amount: number }> }).balances;
      return balances.some((b) => b.currencyCode === currency && b.amount >= amount);
    });
    expect(credited).toBe(true);
  }

  /** An admin bans the player of `email` for good with `reason`. */
  async function ban(email: string, reason: string) {
    const admin = await staff();
    await admin.goto(`${server.backOffice}/players`);
    await admin.getByLabel('Search players').fill(email);
    await admin.getByRole('link', { name: email }).click();
    await admin.getByRole('button', { name: 'Ban player' }).click();
    const form = admin.getByRole('dialog', { name: 'Ban player' });
    await form.getByLabel('Reason').fill(reason);
    await form.getByLabel('Permanent').check();
    await form.getByRole('button', { name: 'Ban' }).click();
    await admin.getByRole('button', { name: 'Unban player' }).waitFor();
  }

  /** Opens a studio game on the platform and waits for its page in the frame. */
  async function openGame(page: Page, code: string, title: string): Promise<FrameLocator> {
    await page.goto(
      `${server.platform}/game?gameCode=${code}&providerCodeName=paws-studio&title=${encodeURIComponent(title)}`,
    );
    const frame = page.frameLocator('iframe');
    await frame.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    return frame;
  }

  describe('1. the notification dropdown on phones', () => {
    it('sits whole inside the viewport from 320 to 430 px, in all four languages', {
      timeout: 240_000,
    }, async () => {
      const { page, errors } = await openPage('phone');
      await signUp(page);
      await deposit(page, 25);
      const bell = page.getByRole('banner').getByRole('button', { name: /^(Notific|Notifiche)/ });
      for (const language of ['en', 'es', 'fr', 'it']) {
        await page.evaluate((lang) => localStorage.setItem('language', lang), language);
        for (const width of [320, 360, 390, 430]) {
          await page.setViewportSize({ width, height: 844 });
          await page.goto(`${server.platform}/profile/account`);
          await openDisclosure(page, bell);
          const menu = page.locator(`[id="${await bell.getAttribute('aria-controls')}"]`);
          await menu.getByRole('link').first().waitFor();
          const parts = [menu, menu.locator('p').first(), ...(await menu.getByRole('link').all())];
          for (const part of parts) {
            const rect = await box(part);
            expect(rect.x, `${language} at ${width}px`).toBeGreaterThanOrEqual(0);
            expect(rect.x + rect.width, `${language} at ${width}px`).toBeLessThanOrEqual(width);
          }
          if (width === 320 || width === 390) await shot(page, `1-bell-${language}-${width}`);
        }
      }
      expectClean(await audit(page, 'bell dropdown'));
      expect(errors).toEqual([]);
    });
  });

  describe.each(['phone', 'desktop'] as const)('2. toasts on a %s', (viewport) => {
    it('show the whole message, never over Deposit/Withdraw, stacked without overlapping', async () => {
      const { page, errors } = await openPage(viewport);
      await signUp(page);
      await page.goto(`${server.platform}/profile/account`);
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
    }, async () => {
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
    }, async () => {
      const { page, errors } = await openPage(viewport);
      const email = await signUp(page);
      await ban(email, 'Bonus abuse with linked accounts');
      await page.goto(`${server.platform}/profile/account`);
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
    it('keeps every button label inside its tile with room on both sides, in all four languages', async () => {
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
      await page.goto(`${server.landing}/faq`);
      await h1.waitFor();
      await scrollDown(page, 500);
      const faqY = await scrollY(page);
      await page.goto(`${server.landing}/contacts`);
      await h1.waitFor();
      await page.waitForLoadState('networkidle');
      expect(await scrollY(page)).toBe(0);
      await page.goBack();
      await h1.waitFor();
      await expect.poll(() => scrollY(page)).toBe(faqY);

      // In the app: the news list scrolled, a post opened from it, then Back.
      await page.goto(`${server.landing}/news`);
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

      await page.goto(`${server.platform}/profile/bonuses`);
      await page.getByRole('img', { name: `${done} of ${tasks.length} tasks done` }).waitFor();

      // The phone's profile home has the bar and the ring; the desktop's hud (on /profile/account) the bar.
      await page.goto(`${server.platform}/profile`);
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
      await page.goto(`${server.landing}/news`);
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
      await signUp(page);
      await page.goto(`${server.platform}/news`);
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
      await signUp(page);
      await page.goto(`${server.platform}/profile/account`);
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
