import { mkdirSync } from 'node:fs';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Frame,
  FrameLocator,
  Locator,
  Page,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, expectClean } from '../helpers/axe.ts';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { until } from '../helpers/settle.ts';
import { linkIn, waitForMessage, watchErrors } from './identity-support.ts';

const PASSWORD = 'Polish#2026';
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/games-polish';
const narrowPhone = {
  ...viewports.phone,
  viewport: { width: 320, height: 640 },
} satisfies BrowserContextOptions;

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('the element is not shown');
  return rect;
};
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/**
 * Issue 30 points 5, 6 and 8 and issue 28 point 6: the games' names, Wild Paws' pace and plain returns, the
 * bet history's results with their verify links, and the roulette and Loto tables on phones.
 */
describe('games polish', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let serial = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  async function openPage(options: BrowserContextOptions, language = 'en') {
    const context = await browser.newContext({ ...options, bypassCSP: true });
    contexts.push(context);
    await context.addInitScript((lang) => {
      localStorage.setItem('onboardingStep', 'COMPLETED');
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    }, language);
    const page = await context.newPage();
    return { context, page, errors: watchErrors(page) };
  }

  /** A new player, signed in, with `dollars` deposited. */
  async function player(page: Page, dollars = 50) {
    serial += 1;
    const email = `games-polish${serial}@example.com`;
    await page.goto(`${server.platform}/faq`);
    const { status } = await playerFetch(page, '/api/identity/auth/registration', {
      email,
      password: PASSWORD,
      ageConfirmed: true,
      callbackUrl: `${server.platform}/callback/register`,
    });
    expect(status).toBe(201);
    await page.goto(linkIn(await waitForMessage(server.platform, email)));
    await until(async () => (await page.evaluate(() => document.cookie)).includes('signed_in'));
    const deposit = await playerFetch(page, '/api/platform/users/deposit', {
      amount: dollars,
      paymentMethod: 'CARD',
    });
    expect(deposit.status).toBe(201);
  }

  async function openGame(
    page: Page,
    code: string,
    title: string,
  ): Promise<{ game: FrameLocator; frame: Frame }> {
    await page.goto(
      `${server.platform}/game?gameCode=${code}&providerCodeName=paws-studio&title=${encodeURIComponent(title)}`,
    );
    const game = page.frameLocator('iframe');
    await game.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    const frame = await (await page.locator('iframe').elementHandle())?.contentFrame();
    if (!frame) throw new Error('the game frame is gone');
    return { game, frame };
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

  describe('6. one name per game', () => {
    it.each(['en', 'es', 'fr', 'it'])(
      'the catalogue and the game page say the same name, in %s',
      {
        timeout: 120_000,
      },
      async (language) => {
        const { page, errors } = await openPage(viewports.desktop, language);
        await player(page);
        const names = {
          'european-roulette': 'European Roulette',
          'video-poker': 'Video Poker',
          loto: 'Loto',
        };
        const catalogue = await playerFetch(page, '/api/platform/catalog');
        const listed = new Map(
          (catalogue.body as { gameCode: string; name: string }[]).map((g) => [g.gameCode, g.name]),
        );
        await page.goto(`${server.platform}/`);
        const list = page.locator('#games-list');
        await list.scrollIntoViewIfNeeded();
        for (const [code, title] of Object.entries(names)) {
          expect(listed.get(code)).toBe(title);
          // The tile cuts a long name at 15 characters (spec 000 §9) and keeps it whole in its title.
          await list.locator(`button[title="${title}"]`).waitFor();
        }
        await shot(page, `6-catalogue-${language}`);
        for (const [code, title] of Object.entries(names)) {
          const { game } = await openGame(page, code, title);
          await expect.poll(() => game.locator('.topbar__title').textContent()).toBe(title);
        }
        await shot(page, `6-loto-title-${language}`);
        expect(errors, errors.join('\n')).toEqual([]);
      },
    );
  });

  describe('issue 28 point 6: Wild Paws', () => {
    /** Milliseconds from the press of Spin to the spin's result on screen. */
    async function timeASpin(game: FrameLocator, frame: Frame) {
      const spin = game.getByRole('button', { name: 'Spin', exact: true });
      await expect.poll(() => spin.isEnabled(), { timeout: 20_000 }).toBe(true);
      const started = Date.now();
      await spin.click();
      await frame.waitForFunction(
        () => {
          const info = document.querySelector('.slot-lineinfo')?.textContent ?? '';
          const meter = document.querySelector('.slot-meter strong')?.textContent ?? '—';
          return meter !== '—' || (info !== 'Good luck!' && info !== '');
        },
        undefined,
        { timeout: 20_000, polling: 20 },
      );
      return Date.now() - started;
    }

    it.each([
      ['desktop', viewports.desktop],
      ['phone with reduced motion', { ...viewports.phone, reducedMotion: 'reduce' }],
    ] as const)(
      'takes at least 2.5 s from the press to the result, with no autoplay nor turbo, on a %s',
      {
        timeout: 120_000,
      },
      async (name, options) => {
        const { page, errors } = await openPage(options);
        await player(page);
        const { game, frame } = await openGame(page, 'wild-paws', 'Wild Paws');
        for (let i = 0; i < 2; i++) expect(await timeASpin(game, frame)).toBeGreaterThanOrEqual(2500);
        expect(await game.getByRole('button', { name: /auto|turbo|quick|fast/i }).count()).toBe(0);
        expect(await game.getByRole('checkbox').count()).toBe(0);
        await shot(page, `28-6-wild-paws-${name.replaceAll(' ', '-')}`);
        expectClean(await audit(page, 'Wild Paws'));
        expect(errors, errors.join('\n')).toEqual([]);
      },
    );
  });

  describe('8. the bet history', () => {
    it.each([
      ['phone', viewports.phone],
      ['desktop', viewports.desktop],
    ] as const)(
      "shows each round's result and win with a link that verifies it, on a %s",
      {
        timeout: 150_000,
      },
      async (name, options) => {
        const { page, errors } = await openPage(options);
        await player(page);
        const { game } = await openGame(page, 'loto', 'Loto');
        await game.getByRole('button', { name: 'Quick pick' }).click();
        const play = game.getByRole('button', { name: 'Play', exact: true });
        await play.click();
        await expect.poll(() => play.isEnabled(), { timeout: 20_000 }).toBe(true);

        await page.goto(`${server.platform}/profile/history`);
        const bets = page.getByRole('list', { name: 'Bets' });
        const row = bets.getByRole('listitem').first();
        await row.getByText(/^(Won \$[\d.]+|Returned \$[\d.]+|No win)$/).waitFor();
        const link = row.getByRole('link', { name: /^Verify the round of Loto of / });
        const href = (await link.getAttribute('href')) ?? '';
        expect(new URL(href, server.platform).pathname).toBe('/studio/verify.html');
        expect(new URL(href, server.platform).searchParams.get('game')).toBe('loto');
        await shot(page, `8-bet-history-${name}`);
        expectClean(await audit(page, 'bet history'));

        const [verify] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
        await verify.waitForLoadState();
        expect(new URL(verify.url()).pathname).toBe('/studio/verify.html');
        await expect.poll(() => verify.locator('select[name="game"]').inputValue()).toBe('loto');
        expect(errors, errors.join('\n')).toEqual([]);
      },
    );
  });

  describe('5. roulette and Loto on phones', () => {
    /** Every bet spot of the roulette table, by its accessible name. */
    const spotNames = [
      ...Array.from({ length: 37 }, (_, n) => `Bet on ${n}`),
      'Bet on 1st 12',
      'Bet on 2nd 12',
      'Bet on 3rd 12',
      'Bet on column 1, 2:1',
      'Bet on column 2, 2:1',
      'Bet on column 3, 2:1',
      'Bet on 1–18',
      'Bet on even',
      'Bet on red',
      'Bet on black',
      'Bet on odd',
      'Bet on 19–36',
    ];

    it.each([
      ['390x844', viewports.phone],
      ['320 px', narrowPhone],
    ] as const)(
      'at %s every bet spot is a named 44 px control that the chips and buttons never cover',
      {
        timeout: 240_000,
      },
      async (name, options) => {
        const { page, errors } = await openPage(options);
        await player(page);
        const { game, frame } = await openGame(page, 'european-roulette', 'European Roulette');
        const controls = game.locator('footer.controls');
        const stage = game.locator('main.stage');
        await game.getByRole('button', { name: 'Place bets', exact: true }).waitFor();
        await shot(page, `5-roulette-top-${name}`);

        for (const spotName of spotNames) {
          const spot = game.getByRole('button', { name: spotName, exact: true });
          await spot.scrollIntoViewIfNeeded();
          const [spotBox, barBox, stageBox] = await Promise.all([box(spot), box(controls), box(stage)]);
          expect(overlaps(spotBox, barBox), `${spotName} lies under the bar`).toBe(false);
          expect(spotBox.y + spotBox.height, `${spotName} is cut off`).toBeLessThanOrEqual(
            stageBox.y + stageBox.height + 0.5,
          );
          expect(spotBox.height, `${spotName} is too short to tap`).toBeGreaterThanOrEqual(44);
          // What a finger on its middle touches: the spot itself, or the table that hit-tests the tap.
          const centre = { x: spotBox.x + spotBox.width / 2, y: spotBox.y + spotBox.height / 2 };
          const touched = await frame.evaluate(
            ({ x, y, label }) => {
              const frameOffset = window.frameElement?.getBoundingClientRect() ?? { left: 0, top: 0 };
              const el = document.elementFromPoint(x - frameOffset.left, y - frameOffset.top);
              const spotEl = [...document.querySelectorAll('button')].find(
                (b) => b.getAttribute('aria-label') === label,
              );
              return (
                !!el &&
                !!spotEl &&
                (spotEl.contains(el) ||
                  el.classList.contains('rt-inside') ||
                  el.closest('.rt-inside') !== null)
              );
            },
            { ...centre, label: spotName },
          );
          expect(touched, `${spotName} is covered`).toBe(true);
        }
        // The bar and the table each keep their own strip of the screen.
        const [barBox, stageBox] = await Promise.all([box(controls), box(stage)]);
        expect(stageBox.y + stageBox.height).toBeLessThanOrEqual(barBox.y + 0.5);
        await shot(page, `5-roulette-outside-${name}`);
        expectClean(await audit(page, `roulette ${name}`));
        expect(errors, errors.join('\n')).toEqual([]);
      },
    );

    it('takes a straight bet from the keyboard', { timeout: 150_000 }, async () => {
      const { page, errors } = await openPage(viewports.phone);
      await player(page);
      const { game, frame } = await openGame(page, 'european-roulette', 'European Roulette');
      await frame.waitForFunction(
        () => {
          const left = Number(
            (document.querySelector('.rt-phase__time')?.textContent ?? '').replace(/[^0-9.]/g, ''),
          );
          return document.querySelector('.rt-phase__label')?.textContent === 'Place your bets' && left >= 5;
        },
        undefined,
        { timeout: 45_000, polling: 100 },
      );
      await game.getByRole('button', { name: 'Bet on 17', exact: true }).focus();
      await page.keyboard.press('Enter');
      await game.getByText('+ $1.00 to confirm').waitFor({ timeout: 5_000 });
      await game.getByRole('button', { name: 'Bet on red', exact: true }).focus();
      await page.keyboard.press('Space');
      await game.getByText('+ $2.00 to confirm').waitFor({ timeout: 5_000 });
      await shot(page, '5-roulette-keyboard-phone');
      expect(errors, errors.join('\n')).toEqual([]);
    });

    it.each(['en', 'fr'])(
      'in %s the buttons fit at 320 px, on lines of their own',
      { timeout: 120_000 },
      async (language) => {
        const { page, errors } = await openPage(narrowPhone, language);
        await player(page);
        const { game } = await openGame(page, 'european-roulette', 'European Roulette');
        const buttons = game.locator('footer.controls .ctl-row button');
        await buttons.first().waitFor();
        const boxes = await Promise.all((await buttons.all()).map(box));
        for (const [i, a] of boxes.entries()) {
          expect(a.x).toBeGreaterThanOrEqual(0);
          expect(a.x + a.width).toBeLessThanOrEqual(320);
          expect(a.height).toBeGreaterThanOrEqual(44);
          for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
        }
        await shot(page, `5-roulette-controls-320-${language}`);
        expect(errors, errors.join('\n')).toEqual([]);
      },
    );

    it.each([
      ['390x844', viewports.phone],
      ['320 px', narrowPhone],
    ] as const)("gives Loto's 80 numbers 44 px each at %s", { timeout: 120_000 }, async (name, options) => {
      const { page, errors } = await openPage(options);
      await player(page);
      const { game } = await openGame(page, 'loto', 'Loto');
      const numbers = game.getByRole('group', { name: 'Numbers 1 to 80' }).getByRole('button');
      await numbers.first().waitFor();
      expect(await numbers.count()).toBe(80);
      // The 80 boxes read in one call, not a round trip each.
      const sides = await numbers.evaluateAll((cells) =>
        cells.map((cell) => {
          const { width, height } = cell.getBoundingClientRect();
          return Math.min(width, height);
        }),
      );
      expect(sides).toHaveLength(80);
      for (const side of sides) expect(side).toBeGreaterThanOrEqual(44);
      await shot(page, `5-loto-${name.replace(' ', '')}`);
      expectClean(await audit(page, `Loto ${name}`));
      expect(errors, errors.join('\n')).toEqual([]);
    });
  });
});
