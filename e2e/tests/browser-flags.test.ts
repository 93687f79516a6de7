import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type LaunchOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserLaunchOptions,
  playwrightDisabledFeatures,
  windowInterfaceFeatures,
} from '../helpers/browser.ts';

/** Every process: its parent and its arguments, by pid. */
function processTable(): Map<number, { parent: number; args: string[] }> {
  const table = new Map<number, { parent: number; args: string[] }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      table.set(Number(entry), { parent, args: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0') });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return table;
}

/**
 * The command lines of `root`'s descendants, each as one string: Chromium's child processes rewrite theirs
 * as one space-separated title.
 */
function descendants(root: number): string[] {
  const table = processTable();
  const inTree = (pid: number): boolean => {
    for (let at = table.get(pid)?.parent; at !== undefined && at > 1; at = table.get(at)?.parent) {
      if (at === root) return true;
    }
    return false;
  };
  return [...table.entries()].filter(([pid]) => inTree(pid)).map(([, { args }]) => args.join(' '));
}

/**
 * One launched Chromium's arguments, and its processes as it runs a page: whether the window's address-bar WebUI
 * came up within `watchMs` of the page, and after how long.
 */
async function chromiumProcesses(options: LaunchOptions, watchMs: number) {
  const server = await chromium.launchServer(options);
  try {
    const pid = server.process().pid ?? -1;
    const ownArgs = processTable().get(pid)?.args ?? [];
    const browser = await chromium.connect(server.wsEndpoint());
    const page = await browser.newPage();
    await page.setContent('<h1>A page</h1>');
    const shown = Date.now();
    const webUiRenderers = () =>
      descendants(pid).filter((command) => command.includes('--top-chrome-webui')).length;
    const webUi = await expect
      .poll(webUiRenderers, { timeout: watchMs })
      .toBeGreaterThan(0)
      .then(
        () => true,
        () => false,
      );
    const webUiAfterMs = Date.now() - shown;
    const renderers = descendants(pid).filter((command) => command.includes('--type=renderer')).length;
    await browser.close();
    return { ownArgs, webUi, webUiAfterMs, renderers };
  } finally {
    await server.close();
  }
}

/** The features a command line turns off: Chromium keeps the last `--disable-features` it is given. */
const disabledFeatures = (args: string[]) =>
  args
    .filter((arg) => arg.startsWith('--disable-features='))
    .at(-1)
    ?.slice('--disable-features='.length)
    .split(',') ?? [];

// The suite's Chromium turns off its windows' address-bar popup (helpers/browser.ts) without undoing the
// features Playwright itself turns off.
describe("the suite's Chromium", () => {
  it("keeps every feature Playwright turns off, and opens a page without the address bar's WebUI", async () => {
    const withoutOurs = {
      ...browserLaunchOptions,
      args: browserLaunchOptions.args?.filter((arg) => !arg.startsWith('--disable-features=')),
    };
    // Without the flag the WebUI comes up beside the page, within a moment of it on a busy machine.
    const playwrightOnly = await chromiumProcesses(withoutOurs, 30_000);
    const playwrightList = disabledFeatures(playwrightOnly.ownArgs);
    expect(playwrightList.length).toBeGreaterThan(0);
    expect(playwrightDisabledFeatures).toEqual(expect.arrayContaining(playwrightList));
    // What the flag is for: without it, the page's window runs the popup's WebUI.
    expect(playwrightOnly.webUi).toBe(true);

    // With it, none comes up in twice the time the first one took.
    const suites = await chromiumProcesses(
      browserLaunchOptions,
      Math.max(2 * playwrightOnly.webUiAfterMs, 1_000),
    );
    expect(disabledFeatures(suites.ownArgs)).toEqual(
      expect.arrayContaining([...playwrightList, ...windowInterfaceFeatures]),
    );
    expect(suites.renderers).toBeGreaterThan(0);
    expect(suites.webUi).toBe(false);
  }, 120_000);
});
