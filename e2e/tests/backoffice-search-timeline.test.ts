import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts } from '@paws/contracts/staff';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, expectClean, settle } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { enrolAndSignIn } from '../helpers/staff.ts';
import { signInByEmailLink, watchErrors } from './identity-support.ts';

/** Screenshots for a person to look at (E2E_SHOTS=dir). */
const shotsDir = process.env.E2E_SHOTS;
const shoot = async (page: Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
};

/**
 * The back office's global search and the player's timeline (issue 30, point 18): the demo player deposits;
 * a support member presses '/' on the dashboard, finds the player by e-mail and opens them with the keyboard,
 * reads the deposit and the sign-in on the Timeline tab, and finds the deposit again by its id. Then the same
 * on a phone's width. Last, the ticket queue's saved filters.
 */
describe('back office: the global search and the player’s timeline', () => {
  let server: RunningServer;
  let browser: Browser;
  let staff: BrowserContext;
  let player: BrowserContext;
  let support: Page;
  let paymentId = '';
  const errors: string[][] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    staff = await browser.newContext(viewports.desktop);
    player = await browser.newContext(viewports.phone);
    support = await staff.newPage();
    errors.push(watchErrors(support));
  });
  afterAll(async () => {
    await staff?.close();
    await player?.close();
    await browser?.close();
    await server?.stop();
  });

  const search = () => support.getByRole('searchbox', { name: 'Find a player, ticket or transaction' });
  const results = () => support.locator('.global-search-results');

  it('the player deposits $12', async () => {
    const page = await player.newPage();
    const { email, password } = demoAccounts.player;
    await signInByEmailLink(page, server.platform, email, password);
    const deposit = await playerFetch(page, `${server.platform}/api/platform/users/deposit`, {
      amount: 12,
      paymentMethod: 'CARD',
    });
    expect(deposit.status).toBe(201);
    paymentId = (deposit.body as { transaction: { id: string } }).transaction.id;
  });

  it("support finds the player from any page with '/' and opens them with the keyboard", async () => {
    const { email, password } = demoStaffAccounts.support;
    await enrolAndSignIn(support, server.backOffice, email, password);
    // The first page done loading: a late navigation after the sign-in closes open search results.
    await settle(support);
    await support.locator('body').press('/');
    await expect.poll(() => search().evaluate((el) => el === document.activeElement)).toBe(true);
    await support.keyboard.type(demoAccounts.player.email);
    const players = results().getByRole('region', { name: 'Players' });
    await players.getByRole('link').first().waitFor();
    await settle(support);
    expectClean(await audit(support, 'global search results'));
    await shoot(support, 'global-search-desktop');
    await support.keyboard.press('ArrowDown');
    await support.keyboard.press('Enter');
    await support.getByRole('tab', { name: 'Timeline' }).waitFor();
    expect(new URL(support.url()).pathname).toMatch(/^\/players\/[0-9a-f-]{36}$/);
    await expect.poll(() => results().isVisible()).toBe(false);
  });

  it('reads the deposit and the sign-in on the Timeline tab, newest first', async () => {
    await support.getByRole('tab', { name: 'Timeline' }).click();
    const list = support.getByRole('list', { name: 'Timeline entries, newest first' });
    const deposit = list.getByRole('listitem').filter({ hasText: /Deposit \$12\.00/ });
    await deposit.waitFor();
    await list.getByRole('listitem').filter({ hasText: 'Signed in' }).first().waitFor();
    // The deposit came after the sign-in.
    const texts = await list.getByRole('listitem').allTextContents();
    const depositAt = texts.findIndex((t) => /Deposit \$12\.00/.test(t));
    const signInAt = texts.findIndex((t) => t.includes('Signed in'));
    expect(depositAt).toBeLessThan(signInAt);
    await support
      .getByLabel('Show')
      .selectOption({ label: 'Access: sign-ins, bans and breaks, sign-in security' });
    await expect
      .poll(() =>
        list
          .getByRole('listitem')
          .filter({ hasText: /Deposit/ })
          .count(),
      )
      .toBe(0);
    await list.getByRole('listitem').filter({ hasText: 'Signed in' }).first().waitFor();
    await support.getByLabel('Show').selectOption({ label: 'Everything' });
    await deposit.waitFor();
    await settle(support);
    expectClean(await audit(support, 'player timeline'));
    await shoot(support, 'player-timeline-desktop');
  });

  it("finds the deposit by its id and opens the player's payments", async () => {
    await search().fill(paymentId);
    const found = results().getByRole('region', { name: 'Transactions' }).getByRole('link');
    await found.filter({ hasText: 'DEPOSIT 12.00 USD' }).click();
    await support.getByRole('tab', { name: 'Payments', selected: true }).waitFor();
    expect(new URL(support.url()).searchParams.get('tab')).toBe('payments');
  });

  it('works on a phone: the search takes its own row and the timeline reads in one column', async () => {
    await support.setViewportSize(viewports.phone.viewport);
    await support.getByRole('tab', { name: 'Timeline' }).click();
    const list = support.getByRole('list', { name: 'Timeline entries, newest first' });
    await list
      .getByRole('listitem')
      .filter({ hasText: /Deposit \$12\.00/ })
      .waitFor();
    const box = await search().boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    await search().fill(demoAccounts.player.email);
    await results().getByRole('region', { name: 'Players' }).getByRole('link').first().waitFor();
    const panel = await results().boundingBox();
    expect((panel?.x ?? -1) >= 0 && (panel?.x ?? 0) + (panel?.width ?? 0) <= 390).toBe(true);
    await settle(support);
    expectClean(await audit(support, 'global search on a phone'));
    await shoot(support, 'global-search-phone');
    await support.keyboard.press('Escape');
    await expect.poll(() => results().isVisible()).toBe(false);
    await shoot(support, 'player-timeline-phone');
  });

  it('saves the ticket queue’s filters under a name and applies them again in one click', async () => {
    await support.setViewportSize(viewports.desktop.viewport);
    await support.goto(`${server.backOffice}/tickets`);
    await support.getByRole('table', { name: 'Tickets' }).waitFor();
    const saved = support.getByRole('region', { name: 'Saved filters' });
    // Loaded (a retry may find the filter the first try saved: saving under its name replaces it).
    await saved.locator('.saved-filters-list, .field-hint').first().waitFor();
    await support.getByLabel('Status').selectOption({ label: 'All' });
    await support.getByLabel('Assignee').selectOption({ label: 'Nobody (unassigned)' });
    await saved.getByRole('button', { name: 'Save these filters' }).click();
    await saved.getByLabel('Name').fill('Everything unassigned');
    await saved.getByRole('button', { name: 'Save', exact: true }).click();
    const chip = saved.getByRole('button', { name: 'Everything unassigned', exact: true });
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
    await settle(support);
    expectClean(await audit(support, 'ticket queue with a saved filter'));
    await shoot(support, 'saved-filters-desktop');

    // Kept by the server: a fresh page starts on the default filters, and the saved one brings them back.
    await support.reload();
    await expect.poll(() => support.getByLabel('Status').inputValue()).toBe('open');
    await chip.click();
    await expect.poll(() => support.getByLabel('Status').inputValue()).toBe('all');
    expect(await support.getByLabel('Assignee').inputValue()).toBe('none');
    await saved.getByRole('button', { name: 'Remove saved filter Everything unassigned' }).click();
    await saved.getByText('None yet').waitFor();
    expect(errors.flat()).toEqual([]);
  });
});
