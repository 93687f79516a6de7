import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts } from '@paws/contracts/staff';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { networkSettled } from '../helpers/settle.ts';
import { signInByEmailLink, watchErrors } from './identity-support.ts';

/** Each entry tries to run script: on success it sets window.__xss or opens a dialog. */
const corpus = [
  '<script>window.__xss=1;alert(1)</script>',
  '<img src=x onerror="window.__xss=2;alert(2)">',
  '<svg onload="window.__xss=3;alert(3)"><script>window.__xss=4</script></svg>',
  '<svg><a xlink:href="javascript:window.__xss=5"><text y="20">svg link</text></a></svg>',
  '<a href="javascript:window.__xss=6;alert(6)">html link</a>',
  '<a href="https://example.com" onclick="window.__xss=7">html onclick</a>',
  '[md link](javascript:window.__xss=8;alert(8))',
  '[case link](JaVaScRiPt:window.__xss=9)',
  '[entity link](jav&#x61;script:window.__xss=10)',
  '[tab link](java%09script:window.__xss=11)',
  '[spaced link](<javascript:window.__xss=12>)',
  '[ref link][evil]\n\n[evil]: javascript:window.__xss=13',
  '<javascript:window.__xss=14>',
  '[data link](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTU8L3NjcmlwdD4=)',
  '![data svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9IndpbmRvdy5fX3hzcz0xNiI+PC9zdmc+)',
  '![js image](javascript:window.__xss=17)',
  '[vbscript link](vbscript:msgbox(18))',
  '[title trick](https://example.com "\\" onmouseover=\\"window.__xss=19")',
  '<iframe src="javascript:window.__xss=20"></iframe>',
  '<details open ontoggle="window.__xss=21">toggle</details>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=22">',
  '<object data="data:text/html,<script>window.__xss=23</script>"></object>',
  '<body onload="window.__xss=24">',
  '<input autofocus onfocus="window.__xss=25">',
];

/** Signs a staff member in on the back office, enrolling their authenticator at this first sign-in. */
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

/** Arms the page: a dialog or a write to window.__xss is recorded instead of happening silently. */
async function arm(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __xss: unknown }).__xss = 'untouched';
  });
  return dialogs;
}

/** Whatever in `selector` could run script: script/iframe/object/embed tags, on* attributes, unsafe URLs. */
function dangerIn(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const found: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      for (const element of root.querySelectorAll('*')) {
        const tag = element.tagName.toLowerCase();
        if (
          ['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'input', 'details'].includes(tag)
        ) {
          found.push(`<${tag}>`);
        }
        for (const attribute of element.attributes) {
          if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
          if (['href', 'src', 'xlink:href', 'data', 'action'].includes(attribute.name)) {
            const value = attribute.value.trim();
            if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:/i.test(value))
              found.push(`${tag}[${attribute.name}=${value}]`);
          }
        }
      }
    }
    return found;
  }, selector);
}

/** Anywhere in the page's main content: script-capable tags or inline handlers (the app itself has none). */
function handlersInMain(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll('main, main *')) {
      const tag = element.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed'].includes(tag)) found.push(`<${tag}>`);
      for (const attribute of element.attributes) {
        if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
      }
    }
    return { found, markdown: document.querySelectorAll('[data-markdown]').length };
  });
}

/**
 * Issue 16: an XSS corpus through a post's content (written by a content editor in the back office) and
 * through a player's comments, rendered in Chromium. Nothing runs: no dialog, window.__xss stays untouched,
 * and the rendered markdown holds no script-capable element, handler or unsafe URL; raw HTML shows as text.
 * The pages' CSP (script-src 'self') would also stop inline handlers: the DOM checks are what prove the
 * rendering itself safe, and the control shows they catch what an unsafe renderer would leave.
 */
describe('news: markdown never runs script', () => {
  let server: RunningServer;
  let browser: Browser;
  let staff: BrowserContext;
  let player: BrowserContext;
  let page: Page;
  let dialogs: string[];
  let errors: string[];
  let postId: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    staff = await browser.newContext(viewports.desktop);
    player = await browser.newContext(viewports.desktop);
    page = await player.newPage();
    dialogs = await arm(page);
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await staff?.close();
    await player?.close();
    await browser?.close();
    await server?.stop();
  });

  it('the checks notice what an unsafe renderer would leave (a control)', async () => {
    const control = await player.newPage();
    await control.goto(`${server.landing}/news`);
    await control.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    await control.evaluate(() => {
      document
        .querySelector('main')
        ?.insertAdjacentHTML(
          'beforeend',
          '<div data-markdown="post"><img src="x" onerror="alert(0)"><a href="javascript:alert(0)">x</a></div>',
        );
    });
    expect(await dangerIn(control, '[data-markdown]')).toEqual([
      'img[onerror]',
      'a[href=javascript:alert(0)]',
    ]);
    expect((await handlersInMain(control)).found).toEqual(['img[onerror]']);
    await control.close();
  });

  it('a content editor publishes a post whose content is the corpus', async () => {
    const editor = await staff.newPage();
    const { email, password } = demoStaffAccounts.content;
    await enrolAndSignIn(editor, server.backOffice, email, password);
    const created = await editor.evaluate(async (content) => {
      const res = await fetch('/api/staff/news/posts', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: '<img src=x onerror="window.__xss=99"> Title <script>window.__xss=98</script>',
          content,
          category: 'REVIEW',
          mediaKey: null,
          publicationDate: new Date(Date.now() - 1000).toISOString(),
        }),
      });
      return { status: res.status, body: (await res.json()) as { id: number } };
    }, corpus.join('\n\n'));
    expect(created.status).toBe(201);
    postId = created.body.id;
  });

  it('renders the post, list card included, without running any of it', async () => {
    await page.goto(`${server.landing}/news`);
    await page
      .getByRole('list', { name: 'News posts' })
      .getByRole('link')
      .first()
      .waitFor({ timeout: 15_000 });
    await page.goto(`${server.landing}/news/${postId}`);
    const article = page.getByRole('article', { name: /Title/ });
    await article.waitFor();
    // Raw HTML shows as the text it is.
    await article.getByText('<script>window.__xss=1;alert(1)</script>').waitFor();
    await article.getByRole('link', { name: 'title trick' }).waitFor();
    expect(await article.getByRole('link', { name: 'md link' }).count()).toBe(0);
    await page.mouse.move(200, 400);
    // Whatever the hover or a failed load would run has run: nothing in flight, a frame painted since.
    await networkSettled(page);
    expect(await dangerIn(page, '[data-markdown]')).toEqual([]);
    const main = await handlersInMain(page);
    expect(main.found).toEqual([]);
    expect(main.markdown).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __xss: unknown }).__xss)).toBe('untouched');
    expect(dialogs).toEqual([]);
  });

  it('a player comments the corpus, and it renders as harmlessly', async () => {
    await signInByEmailLink(page, server.platform, demoAccounts.player.email, demoAccounts.player.password);
    await page.goto(`${server.platform}/news/${postId}`);
    const input = page.getByRole('textbox', { name: 'Your comment' });
    // Four comments (the comment rate limit allows five a minute), each a quarter of the corpus.
    const quarter = Math.ceil(corpus.length / 4);
    for (let index = 0; index < 4; index += 1) {
      await input.fill(corpus.slice(index * quarter, (index + 1) * quarter).join('\n\n'));
      await input.press('Enter');
      // A quarter of the corpus is a long comment to render: on a loaded machine it takes its time.
      await expect
        .poll(() => page.getByRole('article', { name: 'Comment by You' }).count(), { timeout: 15_000 })
        .toBe(index + 1);
    }
    await page.reload();
    await expect.poll(() => page.getByRole('article', { name: 'Comment by You' }).count()).toBe(4);
    await page
      .getByRole('article', { name: 'Comment by You' })
      .first()
      .getByText(/<script>window.__xss=1/)
      .waitFor();
    // Hover and click every link the comments kept: none may run script.
    for (const link of await page.getByRole('list', { name: 'Comments' }).getByRole('link').all()) {
      expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
    }
    await networkSettled(page);
    expect(await dangerIn(page, '[data-markdown]')).toEqual([]);
    const main = await handlersInMain(page);
    expect(main.found).toEqual([]);
    expect(main.markdown).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __xss: unknown }).__xss)).toBe('untouched');
    expect(dialogs).toEqual([]);
  });

  it('leaves no page errors', () => {
    expect(errors).toEqual([]);
  });
});
