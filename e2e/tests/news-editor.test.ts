import { demoStaffAccounts } from '@paws/contracts/staff';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { sharedServer } from '../helpers/shared-servers.ts';
import { watchErrors } from './identity-support.ts';

/** Signs a staff member in on the back office, enrolling their authenticator (as in back-office.test.ts). */
async function enrolAndSignIn(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor();
  const secret = (await page.locator('.secret code').textContent())?.trim() ?? '';
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

const TITLE = 'Midnight jackpot race starts soon';
const AHEAD_MS = 12_000;

/**
 * Issue 16's editor: a content editor writes a post with a live preview and schedules it a few seconds
 * ahead; a visitor's /news does not show it before its time and shows it once the time has come.
 */
describe('news editor: a scheduled post appears at its time', () => {
  let server: RunningServer;
  let browser: Browser;
  let staff: BrowserContext;
  let visitor: BrowserContext;
  let editor: Page;
  let reader: Page;
  let publishAt = 0;
  const errors: string[][] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer('test', import.meta.url), launchBrowser()]);
    staff = await browser.newContext(viewports.desktop);
    visitor = await browser.newContext(viewports.desktop);
    editor = await staff.newPage();
    reader = await visitor.newPage();
    errors.push(watchErrors(editor));
  });
  afterAll(async () => {
    await staff?.close();
    await visitor?.close();
    await browser?.close();
    await server?.stop();
  });

  it('the editor writes a post, sees the preview rendered safely, and schedules it', async () => {
    const { email, password } = demoStaffAccounts.content;
    await enrolAndSignIn(editor, server.backOffice, email, password);
    await editor.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'News' }).click();
    await editor.getByRole('link', { name: 'New post' }).click();
    await editor.getByRole('heading', { name: 'New post' }).waitFor();
    await editor.getByLabel('Title', { exact: true }).fill(TITLE);
    await editor.getByLabel('Category').selectOption('EVENT_ANNOUNCEMENT');
    await editor
      .getByLabel('Content (markdown)')
      .fill(
        'The race starts at **midnight**.\n\n<img src=x onerror="window.__pwned=1"> [click](javascript:alert(1))',
      );
    const preview = editor.getByRole('region', { name: 'Preview' });
    await preview.locator('strong', { hasText: 'midnight' }).waitFor();
    expect(await preview.locator('img').count()).toBe(0);
    expect(await preview.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await editor.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    await editor.getByLabel('Schedule').check();
    publishAt = Date.now() + AHEAD_MS;
    const local = await editor.evaluate((at) => {
      const d = new Date(at);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    }, publishAt);
    await editor.getByLabel('Publish at').fill(local);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByRole('status').filter({ hasText: 'Saved: Scheduled' }).waitFor();
    await editor.getByRole('heading', { name: /Edit post #\d+/ }).waitFor();
  });

  it('is not on /news before its time', async () => {
    expect(Date.now()).toBeLessThan(publishAt);
    await reader.goto(`${server.landing}/news`);
    await reader.getByPlaceholder('Search by words and headings').waitFor();
    await reader.waitForLoadState('networkidle');
    expect(await reader.getByText(TITLE).count()).toBe(0);
    const api = await reader.evaluate(async () => (await fetch('/api/news/posts?limit=50')).json());
    expect((api as { posts: Array<{ title: string }> }).posts.map((p) => p.title)).not.toContain(TITLE);
  });

  it('appears on /news once its time has come', async () => {
    // The list is asked until the post is in it, never before its time (the form takes whole seconds, so the
    // time saved is up to a second before publishAt).
    let firstListed = 0;
    const listed = async () => {
      const api = await reader.evaluate(async () => (await fetch('/api/news/posts?limit=50')).json());
      const found = (api as { posts: Array<{ title: string }> }).posts.some((p) => p.title === TITLE);
      if (found && !firstListed) firstListed = Date.now();
      return found;
    };
    await expect.poll(listed, { timeout: AHEAD_MS + 20_000, interval: 250 }).toBe(true);
    expect(firstListed).toBeGreaterThanOrEqual(publishAt - 1_000);
    await reader.reload();
    await reader.getByText(TITLE).first().waitFor({ timeout: 10_000 });
    expect(errors.flat()).toEqual([]);
  });
});
