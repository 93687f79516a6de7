import { mkdirSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { pageAnimationsDone } from '../helpers/settle.ts';
import { sharedServer } from '../helpers/shared-servers.ts';
import { signUpNewPlayer, watchErrors } from './identity-support.ts';

/** Screenshots for a person to look at (E2E_SHOTS=dir). */
const shotsDir = process.env.E2E_SHOTS;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png` });
};

/** A plain RGB PNG of one colour, for the avatar upload. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([r, g, b]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const COMPANY_BLOCKS = 6;

/**
 * Issue 18 point 13 in the browser, on a phone and a desktop: the company-information page (spec 001 §1)
 * reached from the footer, with its six collapsible 'Company information' blocks; and the image lightbox
 * (001 §2) on a news post's picture and on the avatar preview: it opens from the picture, fits the
 * screen, keeps focus inside, closes by Escape, the close button and a tap outside, and gives focus back.
 */
describe('company page and lightbox', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // The development group's server: its demo data has the news posts and their pictures.
    [server, browser] = await Promise.all([sharedServer('development', import.meta.url), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('on a %s', (device, viewport) => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      context = await browser.newContext(viewport);
      await context.addInitScript(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
      page = await context.newPage();
      errors = watchErrors(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    const blocks = () => page.locator('main details');
    const h1 = () => page.getByRole('heading', { level: 1 }).first().textContent();

    it('reaches the company page from the footer: six collapsed-or-open Company information blocks', async () => {
      await page.goto(`${server.landing}/`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Company information' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/company-information');
      await expect.poll(h1).toBe('Company information');
      await expect.poll(() => page.title()).toBe('Company information · PAWS');

      await expect.poll(() => blocks().count()).toBe(COMPANY_BLOCKS);
      const titles = await page.locator('main details > summary').allTextContents();
      expect(titles).toEqual(Array(COMPANY_BLOCKS).fill('Company information'));
      const open = () => blocks().evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open));
      expect(await open()).toEqual([true, false, false, false, false, false]);
      await shot(page, `${device}-company-page`);

      // A click opens a block and shows its text; another click folds it again.
      const third = blocks().nth(2);
      await third.locator('summary').click();
      await expect.poll(() => third.getByText(/gaming licence/).isVisible()).toBe(true);
      await third.locator('summary').click();
      await expect.poll(() => third.getByText(/gaming licence/).isVisible()).toBe(false);

      // From the keyboard too: focus the title, Enter opens, Space closes.
      await blocks().nth(4).locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect.poll(open).toEqual([true, false, false, false, true, false]);
      await page.keyboard.press('Space');
      await expect.poll(open).toEqual([true, false, false, false, false, false]);

      // Nothing spills sideways on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });

    it('reads in the player language, and About us links to it', async () => {
      await page.goto(`${server.landing}/about-us`);
      await page.getByRole('main').getByRole('link', { name: 'Company information' }).click();
      await expect.poll(h1).toBe('Company information');
      await page.getByRole('contentinfo').getByText('FR', { exact: true }).click();
      await expect.poll(h1).toBe('Informations sur la société');
      const titles = await page.locator('main details > summary').allTextContents();
      expect(titles).toEqual(Array(COMPANY_BLOCKS).fill('Informations sur la société'));
      await shot(page, `${device}-company-page-fr`);
      await page.getByRole('contentinfo').getByText('EN', { exact: true }).click();
      await expect.poll(h1).toBe('Company information');
    });

    it("enlarges a news post's picture in the lightbox and closes it every way", async () => {
      const listed = (await (await fetch(`${server.landing}/api/news/posts?page=1&limit=10`)).json()) as {
        posts: { id: number; title: string; mediaType: string | null; mediaContentUrl: string | null }[];
      };
      const post = listed.posts.find((p) => p.mediaType === 'IMAGE' && p.mediaContentUrl);
      if (!post) throw new Error('the news seed has no post with a picture');
      await page.goto(`${server.landing}/news/${post.id}`);

      const trigger = page.getByRole('article').getByRole('button', { name: 'Enlarge image' }).first();
      const lightbox = page.getByRole('dialog', { name: post.title });
      const picture = lightbox.getByRole('img', { name: post.title });
      await trigger.click();
      await picture.waitFor();
      await expect
        .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);

      // The picture fits the screen and is bigger than on the page.
      const size = viewport.viewport;
      const box = (await picture.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width + 1);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height + 1);
      const inline = (await trigger.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(inline.width - 1);
      // The page behind does not scroll.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
      if (shotsDir) await pageAnimationsDone(page);
      await shot(page, `${device}-lightbox-news`);

      // Focus starts on the close button and Tab cannot leave the lightbox.
      const close = lightbox.getByRole('button', { name: 'Close' });
      await expect.poll(() => close.evaluate((el) => el === document.activeElement)).toBe(true);
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        expect(await lightbox.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }

      // Escape closes it and focus returns to the picture that opened it.
      await page.keyboard.press('Escape');
      await lightbox.waitFor({ state: 'hidden' });
      await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
        'hidden',
      );

      // A tap or click outside the picture closes it; one on the picture does not.
      await trigger.click();
      await picture.waitFor();
      await picture.click();
      expect(await lightbox.isVisible()).toBe(true);
      const corner = { x: 6, y: size.height - 6 };
      if (device === 'phone') await page.touchscreen.tap(corner.x, corner.y);
      else await page.mouse.click(corner.x, corner.y);
      await lightbox.waitFor({ state: 'hidden' });

      // The close button closes it.
      await trigger.click();
      await close.click();
      await lightbox.waitFor({ state: 'hidden' });
    });

    it('enlarges the avatar preview; Escape closes the lightbox, not the avatar modal', async () => {
      // A player of this device's own (the server is shared with other files: the demo player is not ours).
      await signUpNewPlayer(page, server.platform, `lightbox.${device}@paws.local`, {
        path: '/profile/account',
      });
      await page.getByRole('button', { name: 'Change avatar' }).click();
      const modal = page.getByRole('dialog', { name: 'Change avatar' });
      await modal.waitFor();
      // Text named .png: refused by its bytes before any preview (issue 31 point 6a), Save stays off.
      await modal.getByTestId('avatar-input').setInputFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture at all'),
      });
      await modal.getByText(/not a JPEG or PNG image/).waitFor();
      expect(await modal.getByRole('button', { name: 'Enlarge image' }).count()).toBe(0);
      expect(await modal.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await modal
        .getByTestId('avatar-input')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(320, 240, [198, 244, 50]) });
      await modal.getByRole('button', { name: 'Enlarge image' }).click();

      const lightbox = page.getByRole('dialog', { name: 'Your new avatar' });
      const picture = lightbox.getByRole('img', { name: 'Your new avatar' });
      await picture.waitFor();
      const box = (await picture.boundingBox())!;
      // 320×240 shown whole (not cropped to the preview circle) and within the screen.
      expect(Math.round((box.width / box.height) * 100) / 100).toBeCloseTo(320 / 240, 1);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.viewport.width + 1);
      if (shotsDir) await pageAnimationsDone(page);
      await shot(page, `${device}-lightbox-avatar`);

      await page.keyboard.press('Escape');
      await lightbox.waitFor({ state: 'hidden' });
      expect(await modal.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
    });

    it('leaves no page errors', () => {
      expect(errors).toEqual([]);
    });
  });
});
