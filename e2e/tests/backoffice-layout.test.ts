import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts } from '@paws/contracts/staff';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, expectClean, type Finding, settle } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { enrolAndSignIn } from '../helpers/staff.ts';
import { signInByEmailLink } from './identity-support.ts';

/**
 * Issue 30 points 15 and 17: every back-office page laid out for a 1024 px laptop and 1280–1920 px screens
 * (nothing runs out of its card or panel, no two cards overlap, no value squeezed to a sliver, no serious or
 * critical axe finding); the Games table's per-row labels are for screen readers only; the ticket side panel
 * wraps a long e-mail and its age advances; staff times say their zone; a cold load logs no console error.
 * E2E_SCREENS=DIR keeps a screenshot of every page at every width there.
 */
const widths = [1024, 1280, 1440, 1920] as const;
const screens = process.env.E2E_SCREENS;
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** The back office's pages, read from its router (each area's routes.tsx), so a new page is not forgotten. */
function routerPaths(): string[] {
  const features = join(repoRoot, 'apps/backoffice/src/features');
  return readdirSync(features).flatMap((area) => {
    let source = '';
    try {
      source = readFileSync(join(features, area, 'routes.tsx'), 'utf8');
    } catch {
      return [];
    }
    return [...source.matchAll(/path:\s*'([^']+)'/g)].map((match) => match[1] as string);
  });
}

const playerTabs = [
  'ledger',
  'bets',
  'payments',
  'bonuses',
  'verification',
  'notes',
  'sessions',
  'sign-ins',
  'responsible-gaming',
];

const longEmail = 'firstname.middlename.lastname.with.a.long.address@subdomain.example-company.co.uk';

interface Problem {
  kind: string;
  what: string;
}

/**
 * What runs out of its box on the page: a card, a stat, a table's frame or a side panel whose content is
 * wider than it (outside a container that scrolls), two boxes that overlap, a fact's value squeezed under
 * 100 px, or the page itself wider than the window.
 */
function layoutProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { kind: string; what: string }[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    const shown = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const scrolls = (el: Element) => /(auto|scroll)/.test(getComputedStyle(el).overflowX);
    const clips = (el: Element) => {
      const style = getComputedStyle(el);
      return style.overflowX === 'hidden' || style.overflowX === 'clip';
    };
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      problems.push({
        kind: 'page wider than the window',
        what: `${document.documentElement.scrollWidth} > ${window.innerWidth}`,
      });
    }
    const boxes = [
      ...document.querySelectorAll('.card, .stat, .data-table, .ticket-side, .ticket-chat, .agent-count'),
    ].filter(shown);
    for (const box of boxes) {
      const frame = box.getBoundingClientRect();
      if (!scrolls(box) && box.scrollWidth > box.clientWidth + 1) {
        problems.push({
          kind: 'content wider than its box',
          what: `${name(box)}: ${box.scrollWidth} > ${box.clientWidth}`,
        });
      }
      for (const el of box.querySelectorAll('*')) {
        if (!shown(el)) continue;
        // Inside a container that scrolls (a table's own frame), running past the box is scrolling, not overflow.
        let inScroller = false;
        for (let up = el.parentElement; up && up !== box; up = up.parentElement) {
          if (scrolls(up) || clips(up)) inScroller = true;
        }
        if (inScroller) continue;
        const rect = el.getBoundingClientRect();
        if (rect.right > frame.right + 1 || rect.left < frame.left - 1) {
          problems.push({ kind: 'runs out of its box', what: `${name(el)} in ${name(box)}` });
        }
        const text = getComputedStyle(el).textOverflow === 'ellipsis';
        if (!text && !scrolls(el) && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
          problems.push({ kind: 'content wider than its element', what: `${name(el)} in ${name(box)}` });
        }
      }
    }
    const outer = boxes.filter((box) => !boxes.some((other) => other !== box && other.contains(box)));
    for (const [i, a] of outer.entries()) {
      const ra = a.getBoundingClientRect();
      for (const b of outer.slice(i + 1)) {
        const rb = b.getBoundingClientRect();
        const overlapX = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const overlapY = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (overlapX > 1 && overlapY > 1)
          problems.push({ kind: 'boxes overlap', what: `${name(a)} and ${name(b)}` });
      }
    }
    for (const value of document.querySelectorAll('dl.facts dd')) {
      if (shown(value) && value.getBoundingClientRect().width < 100) {
        problems.push({ kind: 'a value squeezed under 100 px', what: name(value) });
      }
    }
    return problems;
  });
}

/** Console errors and uncaught errors of a page. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

describe('back-office layout, tables, ticket panel, times and cold load (issue 30 points 15 and 17)', () => {
  let server: RunningServer;
  let browser: Browser;
  let staff: BrowserContext;
  let admin: Page;
  let playerId = '';
  let ticketId = '';
  let verificationId = '';
  let postId = 0;

  /** A staff API call from the signed-in admin's page (its cookie, its origin). */
  const staffApi = <T>(method: string, path: string, body?: unknown) =>
    admin.evaluate(
      async ([m, p, b]) => {
        const res = await fetch(`/api/staff${p}`, {
          method: m as string,
          headers: b === undefined ? {} : { 'content-type': 'application/json' },
          body: b === undefined ? undefined : JSON.stringify(b),
        });
        return { status: res.status, body: await res.json().catch(() => null) };
      },
      [method, path, body] as const,
    ) as Promise<{ status: number; body: T }>;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    staff = await browser.newContext({ ...viewports.desktop, reducedMotion: 'reduce' });
    admin = await staff.newPage();
    const { email, password } = demoStaffAccounts.admin;
    await enrolAndSignIn(admin, server.backOffice, email, password);

    // The demo player: banned once with a long reason and lifted, a note, a document handed in.
    const players = await staffApi<{ items: { id: string }[] }>(
      'GET',
      `/players?q=${encodeURIComponent(demoAccounts.player.email)}`,
    );
    playerId = players.body.items[0]?.id ?? '';
    expect(playerId).not.toBe('');
    const reason = 'Several accounts opened from one device to claim the welcome bonus more than once';
    expect(
      (await staffApi('POST', `/players/${playerId}/ban`, { reason, endsAt: null })).status,
    ).toBeLessThan(300);
    expect(
      (await staffApi('POST', `/players/${playerId}/unban`, { reason: 'Appeal upheld after review' })).status,
    ).toBeLessThan(300);
    await staffApi('POST', `/players/${playerId}/notes`, {
      body: 'Called about the duplicate accounts; agreed to close the second one.',
    });

    const playerContext = await browser.newContext(viewports.phone);
    const player = await playerContext.newPage();
    await signInByEmailLink(player, server.platform, demoAccounts.player.email, demoAccounts.player.password);
    const handedIn = await player.evaluate(async () => {
      const started = await fetch('/api/platform/verification-sessions');
      const { verificationUrl } = (await started.json()) as { verificationUrl: string };
      const sessionId = new URL(verificationUrl, location.href).pathname.split('/').pop();
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(256).fill(7)]);
      const form = new FormData();
      form.append('document', new Blob([png], { type: 'image/png' }), 'passport.png');
      const res = await fetch(`/api/platform/kyc/sandbox/sessions/${sessionId}/document`, {
        method: 'POST',
        body: form,
      });
      return res.status;
    });
    expect(handedIn).toBe(201);
    await playerContext.close();
    const verifications = await staffApi<{ items: { id: string }[] }>('GET', '/verifications');
    verificationId = verifications.body.items[0]?.id ?? '';
    expect(verificationId).not.toBe('');

    // A visitor with a long e-mail address writes in.
    const res = await fetch(`${server.landing}/api/tickets/tickets/unAuth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.landing },
      body: JSON.stringify({
        nameOfUser: 'Vivienne Longaddress',
        email: longEmail,
        invocationCategory: 'CONSULTATION',
        message: 'Which documents do you accept to verify my address?',
      }),
    });
    expect(res.status).toBe(201);
    ticketId = ((await res.json()) as { id: string }).id;

    const post = await staffApi<{ id: number }>('POST', '/news/posts', {
      title: 'Wild Paws gets a new bonus round',
      content: 'Three scatters now open twelve free spins.',
      category: 'EVENT_ANNOUNCEMENT',
      mediaKey: null,
      publicationDate: null,
    });
    expect(post.status).toBe(201);
    postId = post.body.id;
  }, 240_000);

  afterAll(async () => {
    await staff?.close();
    await browser?.close();
    await server?.stop();
  });

  /** Every page of the router, with the ids of the data made above; the player page once per tab. */
  function pages(): string[] {
    const concrete: Record<string, string> = {
      'players/:id': `/players/${playerId}`,
      'tickets/:id': `/tickets/${ticketId}`,
      'verifications/:id': `/verifications/${verificationId}`,
      'news/:id': `/news/${postId}`,
    };
    const paths = routerPaths();
    expect(paths.length).toBeGreaterThan(15);
    const unknown = paths.filter((path) => path.includes(':') && !concrete[path]);
    expect(unknown, 'a page with a parameter this test cannot fill in').toEqual([]);
    return [
      ...paths.map((path) => concrete[path] ?? `/${path}`),
      ...playerTabs.map((tab) => `/players/${playerId}?tab=${tab}`),
    ];
  }

  it('a cold load logs no console error, signed out and signed in', async () => {
    const visitor = await browser.newContext(viewports.desktop);
    try {
      const page = await visitor.newPage();
      const errors = watchConsole(page);
      await page.goto(`${server.backOffice}/dashboard`);
      await page.getByLabel('E-mail').waitFor();
      await page.waitForLoadState('networkidle');
      expect(errors, 'signed out').toEqual([]);
    } finally {
      await visitor.close();
    }
    const page = await staff.newPage();
    try {
      const errors = watchConsole(page);
      await page.goto(`${server.backOffice}/dashboard`);
      await settle(page);
      expect(errors, 'signed in').toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("the Games table's per-row labels are for screen readers only", async () => {
    await admin.goto(`${server.backOffice}/games`);
    const table = admin.getByRole('table', { name: 'Games' });
    await table.getByLabel('Order of Wild Paws').waitFor();
    await table.getByLabel('Category of Wild Paws').waitFor();
    const visibleLabels = await table.locator('label').evaluateAll((labels) =>
      labels
        .filter((label) => {
          const rect = label.getBoundingClientRect();
          return rect.width > 1 && rect.height > 1 && /^(Order|Category) of /.test(label.textContent ?? '');
        })
        .map((label) => label.textContent),
    );
    expect(visibleLabels).toEqual([]);
  });

  it("the ticket side panel wraps a long e-mail, and the ticket's age advances", async () => {
    const ticket = await staffApi<{ createdAt: string }>('GET', `/tickets/${ticketId}`);
    const createdAt = Date.parse(ticket.body.createdAt);
    const context = await browser.newContext({
      ...viewports.desktop,
      storageState: await staff.storageState(),
    });
    try {
      // The page's clock starts 5 s after the ticket was opened and runs from there.
      await context.clock.install({ time: new Date(createdAt + 5_000) });
      const page = await context.newPage();
      await page.goto(`${server.backOffice}/tickets/${ticketId}`);
      await settle(page);
      const side = page.getByRole('complementary', { name: 'Player and ticket' });
      await side.getByText(longEmail).first().waitFor();
      const sideBox = await side.boundingBox();
      const rights = await side
        .getByText(longEmail)
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
      for (const right of rights) {
        expect(right).toBeLessThanOrEqual((sideBox?.x ?? 0) + (sideBox?.width ?? 0) + 1);
      }
      expect(await layoutProblems(page)).toEqual([]);

      // 20 s after the ticket was opened, then second by second: the age follows without waiting for a refresh.
      const age = side.locator('dt:text-is("Age") + dd');
      await page.clock.pauseAt(new Date(createdAt + 20_000));
      await expect.poll(() => age.textContent()).toBe('20 s');
      for (const seconds of [21, 22, 23]) {
        await page.clock.runFor(1_000);
        await expect.poll(() => age.textContent()).toBe(`${seconds} s`);
      }
      // Past the minute it counts minutes.
      await page.clock.runFor(35_000);
      await expect
        .poll(async () => {
          await page.clock.runFor(1_000);
          return age.textContent();
        })
        .toBe('1 min');
    } finally {
      await context.close();
    }
  });

  it('the ticket desk on a phone: the queue and both panes of a ticket stay inside the screen', async () => {
    const context = await browser.newContext({
      ...viewports.phone,
      storageState: await staff.storageState(),
    });
    try {
      const page = await context.newPage();
      const look = async (name: string) => {
        expect(await layoutProblems(page), name).toEqual([]);
        expectClean(await audit(page, `${name} (phone)`));
        if (screens) {
          mkdirSync(screens, { recursive: true });
          await page.screenshot({ path: join(screens, `phone-${name}.png`), fullPage: true });
        }
      };
      await page.goto(`${server.backOffice}/tickets`);
      await settle(page);
      await look('tickets');
      await page.goto(`${server.backOffice}/tickets/${ticketId}`);
      await settle(page);
      await look('ticket-chat');
      await page.getByRole('tab', { name: 'Player and ticket' }).click();
      await page
        .getByRole('complementary', { name: 'Player and ticket' })
        .getByText(longEmail)
        .first()
        .waitFor();
      await look('ticket-side');
    } finally {
      await context.close();
    }
  });

  it('staff times say their zone', async () => {
    await admin.goto(`${server.backOffice}/audit`);
    const table = admin.getByRole('table', { name: 'Audit log' });
    await table.getByText('staff.sign_in', { exact: true }).first().waitFor();
    const times = await table.locator('tbody tr td:first-child').allTextContents();
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(time).toMatch(/\d{2}:\d{2}\sUTC$/);
    await admin.goto(`${server.backOffice}/tickets/${ticketId}`);
    await admin.getByText(/opened .*\d{2}:\d{2}\sUTC/).waitFor();
  });

  describe.each(widths)('at %i px wide', (width) => {
    it('no page runs out of its cards or panels, none overlap, and axe finds nothing serious', async () => {
      await admin.setViewportSize({ width, height: 900 });
      const problems: string[] = [];
      const findings: Finding[] = [];
      for (const path of pages()) {
        await admin.goto(`${server.backOffice}${path}`);
        await settle(admin);
        for (const problem of await layoutProblems(admin)) {
          problems.push(`${path} at ${width}: ${problem.kind}: ${problem.what}`);
        }
        findings.push(...(await audit(admin, `${path} at ${width}`)));
        if (screens) {
          mkdirSync(screens, { recursive: true });
          const file = `${width}${path.replace(/[^a-z0-9]+/gi, '-')}.png`;
          await admin.screenshot({ path: join(screens, file), fullPage: true });
        }
      }
      expect(problems.join('\n')).toBe('');
      expectClean(findings);
    }, 300_000);
  });
});
