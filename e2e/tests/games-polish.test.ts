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
import { afterAll, beforeAll, describe, type ExpectStatic, expect, it } from 'vitest';
import { audit, expectClean } from '../helpers/axe.ts';
import { launchBrowser, moving, viewports } from '../helpers/browser.ts';
import { playerFetch } from '../helpers/player-fetch.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { animationsDone } from '../helpers/settle.ts';
import { signUpNewPlayer, watchErrors } from './identity-support.ts';

const PASSWORD = 'Polish#2026';
/** Where the screenshots go, taken only when E2E_SHOTS names a folder: they are for a person to look at. */
const SHOTS = process.env.E2E_SHOTS;
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
/**
 * Each element's box as `box` reads it, and whether Playwright would take it as visible, for all of a
 * locator's elements in one call instead of a round trip each.
 */
const boxes = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      const shown =
        element.checkVisibility() &&
        getComputedStyle(element).visibility === 'visible' &&
        width > 0 &&
        height > 0;
      return { x, y, width, height, shown };
    }),
  );
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/**
 * Issue 30 points 5, 6 and 8 and issue 28 point 6: the games' names, Wild Paws' pace and plain returns, the
 * bet history's results with their verify links, and the roulette and Loto tables on phones.
 */
// Every test has its own context and player, so they run side by side (at most E2E_CONCURRENCY at a time):
// their waits (the outbox, a paced spin, roulette's betting window, a game's load) overlap. Each test asserts
// with the `expect` of its own context, as a concurrent test must for expect.poll.
describe.concurrent('games polish', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let serial = 0;

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
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

  /** A new player, signed in (the header shows their menu), with `dollars` deposited. */
  async function player(page: Page, dollars = 50) {
    serial += 1;
    await signUpNewPlayer(page, server.platform, `games-polish${serial}@example.com`, {
      password: PASSWORD,
    });
    const deposit = await playerFetch(page, '/api/platform/users/deposit', {
      amount: dollars,
      paymentMethod: 'CARD',
    });
    expect(deposit, JSON.stringify(deposit.body)).toMatchObject({ status: 201 });
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

  const shot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
  };

  describe('6. one name per game', () => {
    it.for(['en', 'es', 'fr', 'it'])(
      'the catalogue and the game page say the same name, in %s',
      {
        timeout: 120_000,
      },
      async (language, { expect }) => {
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
        for (const [code, title] of Object.entries(names)) expect(listed.get(code)).toBe(title);
        // The tile cuts a long name at 15 characters (spec 000 §9) and keeps it whole in its title.
        await Promise.all(
          Object.values(names).map((title) => list.locator(`button[title="${title}"]`).waitFor()),
        );
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
    async function timeASpin(expect: ExpectStatic, game: FrameLocator, frame: Frame) {
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

    it.for([
      ['desktop', moving(viewports.desktop)],
      ['phone with reduced motion', viewports.phone],
    ] as const)(
      'takes at least 2.5 s from the press to the result, with no autoplay nor turbo, on a %s',
      {
        timeout: 120_000,
      },
      async ([name, options], { expect }) => {
        const { page, errors } = await openPage(options);
        await player(page);
        const { game, frame } = await openGame(page, 'wild-paws', 'Wild Paws');
        for (let i = 0; i < 2; i++) expect(await timeASpin(expect, game, frame)).toBeGreaterThanOrEqual(2500);
        expect(await game.getByRole('button', { name: /auto|turbo|quick|fast/i }).count()).toBe(0);
        expect(await game.getByRole('checkbox').count()).toBe(0);
        await shot(page, `28-6-wild-paws-${name.replaceAll(' ', '-')}`);
        expectClean(await audit(page, 'Wild Paws'));
        expect(errors, errors.join('\n')).toEqual([]);
      },
    );
  });

  describe('8. the bet history', () => {
    it.for([
      ['phone', viewports.phone],
      ['desktop', viewports.desktop],
    ] as const)(
      "shows each round's result and win with a link that verifies it, on a %s",
      {
        timeout: 150_000,
      },
      async ([name, options], { expect }) => {
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

    /** The accessible name of every button the frame's accessibility tree shows, as getByRole matches them. */
    async function buttonNames(game: FrameLocator) {
      const tree = await game.locator('body').ariaSnapshot();
      return [...tree.matchAll(/^\s*- button "((?:[^"\\]|\\.)*)"/gm)].map(([, name]) =>
        JSON.parse(`"${name}"`),
      );
    }

    it.for([
      ['390x844', viewports.phone],
      ['320 px', narrowPhone],
    ] as const)(
      'at %s every bet spot is a named 44 px control that the chips and buttons never cover',
      {
        timeout: 240_000,
      },
      async ([name, options], { expect }) => {
        const { page, errors } = await openPage(options);
        await player(page);
        const { game, frame } = await openGame(page, 'european-roulette', 'European Roulette');
        const controls = game.locator('footer.controls');
        const stage = game.locator('main.stage');
        await game.getByRole('button', { name: 'Place bets', exact: true }).waitFor();
        await shot(page, `5-roulette-top-${name}`);

        // Each spot is one button with its name, as getByRole(…, { exact: true }) would find it.
        const named = await buttonNames(game);
        for (const spotName of spotNames) {
          expect(named.filter((n) => n === spotName).length, `buttons named ${spotName}`).toBe(1);
        }
        // The table is still, as Playwright waits for before it scrolls to a spot.
        await animationsDone(frame);
        // All the spots in one call: each scrolled into view as Playwright scrolls (centred if it is out of
        // sight, to the nearest edge if partly in it), then its box, the bar's and the stage's, and what a
        // finger on its middle touches: the spot itself, or the table that hit-tests the tap.
        const spots = await frame.evaluate((names) => {
          const rect = (element: Element) => {
            const { x, y, width, height } = element.getBoundingClientRect();
            const shown =
              element.checkVisibility() &&
              getComputedStyle(element).visibility === 'visible' &&
              width > 0 &&
              height > 0;
            return { x, y, width, height, shown };
          };
          const bars = document.querySelectorAll('footer.controls');
          const stages = document.querySelectorAll('main.stage');
          const buttons = [...document.querySelectorAll('button')];
          return names.map((label) => {
            const found = buttons.filter((b) => b.getAttribute('aria-label') === label);
            const spotEl = found[0];
            if (found.length !== 1 || !spotEl || bars.length !== 1 || stages.length !== 1) {
              return { label, found: found.length, bars: bars.length, stages: stages.length };
            }
            // Chromium's own scroll-if-needed, the one Playwright's scrollIntoViewIfNeeded asks for.
            // (Chromium only, so not in TypeScript's DOM types.)
            (spotEl as unknown as { scrollIntoViewIfNeeded(centre: boolean): void }).scrollIntoViewIfNeeded(
              true,
            );
            const spot = rect(spotEl);
            const el = document.elementFromPoint(spot.x + spot.width / 2, spot.y + spot.height / 2);
            const touched =
              !!el &&
              (spotEl.contains(el) ||
                el.classList.contains('rt-inside') ||
                el.closest('.rt-inside') !== null);
            return {
              label,
              found: 1,
              bars: 1,
              stages: 1,
              spot,
              bar: rect(bars[0] as Element),
              stage: rect(stages[0] as Element),
              touched,
            };
          });
        }, spotNames);
        expect(spots.map((s) => s.label)).toEqual(spotNames);
        for (const { label: spotName, found, bars, stages, spot, bar, stage, touched } of spots) {
          expect({ found, bars, stages }, `${spotName}, the bar and the stage`).toEqual({
            found: 1,
            bars: 1,
            stages: 1,
          });
          if (!spot || !bar || !stage) throw new Error(`${spotName} was not measured`);
          expect(
            { spot: spot.shown, bar: bar.shown, stage: stage.shown },
            `${spotName}, the bar and the stage are shown`,
          ).toEqual({ spot: true, bar: true, stage: true });
          expect(overlaps(spot, bar), `${spotName} lies under the bar`).toBe(false);
          expect(spot.y + spot.height, `${spotName} is cut off`).toBeLessThanOrEqual(
            stage.y + stage.height + 0.5,
          );
          expect(spot.height, `${spotName} is too short to tap`).toBeGreaterThanOrEqual(44);
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

    it('takes a straight bet from the keyboard', { timeout: 150_000 }, async ({ expect }) => {
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

    it.for(['en', 'fr'])(
      'in %s the buttons fit at 320 px, on lines of their own',
      { timeout: 120_000 },
      async (language, { expect }) => {
        const { page, errors } = await openPage(narrowPhone, language);
        await player(page);
        const { game } = await openGame(page, 'european-roulette', 'European Roulette');
        const buttons = game.locator('footer.controls .ctl-row button');
        await buttons.first().waitFor();
        // The buttons' boxes read in one call, not a round trip each.
        const measured = await boxes(buttons);
        for (const [i, a] of measured.entries()) {
          expect(a.shown, `button ${i + 1} is shown`).toBe(true);
          expect(a.x).toBeGreaterThanOrEqual(0);
          expect(a.x + a.width).toBeLessThanOrEqual(320);
          expect(a.height).toBeGreaterThanOrEqual(44);
          for (const b of measured.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
        }
        await shot(page, `5-roulette-controls-320-${language}`);
        expect(errors, errors.join('\n')).toEqual([]);
      },
    );

    it.for([
      ['390x844', viewports.phone],
      ['320 px', narrowPhone],
    ] as const)(
      "gives Loto's 80 numbers 44 px each at %s",
      { timeout: 120_000 },
      async ([name, options], { expect }) => {
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
      },
    );
  });
});
