import type { Frame, Locator, Page } from 'playwright-core';

/**
 * Waits for the transitions and short animations (a fade, a slide: at most 2 s in all) running in the frame
 * now to end, then for a frame to be painted: what was just opened has stopped moving. Infinite or long ones
 * (a spinner, a round's countdown) are part of how the screen looks and are left out, and so are those that
 * start later (a countdown's tick).
 */
export async function animationsDone(frame: Frame, timeout = 10_000) {
  await frame.evaluate(async (timeout) => {
    const running = document.getAnimations().filter((animation) => {
      if (animation.playState !== 'running') return false;
      const end = Number(animation.effect?.getComputedTiming().endTime ?? 0);
      return Number.isFinite(end) && end <= 2_000;
    });
    const ended = Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    const late = new Promise((_, fail) =>
      setTimeout(() => fail(new Error(`animations still running after ${timeout} ms`)), timeout),
    );
    await Promise.race([ended, late]);
    await new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  }, timeout);
}

/** animationsDone in the page and in each of its frames (a game's iframe). */
export async function pageAnimationsDone(page: Page, timeout = 10_000) {
  for (const frame of page.frames()) {
    if (frame.isDetached() || frame.url() === 'about:blank' || frame.url() === '') continue;
    await animationsDone(frame, timeout);
  }
}

/**
 * The page has done what it was going to do: no request in flight for the browser's idle window (so every
 * load, failed one included, has answered and its handlers have run) and a frame painted since.
 */
export async function networkSettled(page: Page, timeout = 15_000) {
  await page.waitForLoadState('networkidle', { timeout });
  await animationsDone(page.mainFrame(), timeout);
}

/** Polls `check` until it holds, for waits that expect.poll cannot do (a concurrent test's helpers). */
export async function until(check: () => Promise<boolean>, { timeout = 10_000, interval = 100 } = {}) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, interval));
  }
  return true;
}

/**
 * Clicks a disclosure button (a header menu) and waits for what it controls: the button says it is expanded,
 * the element it names in aria-controls is visible, and its opening transition has ended.
 */
export async function openDisclosure(page: Page, button: Locator) {
  await button.click();
  await button.and(page.locator('[aria-expanded="true"]')).waitFor();
  const controls = await button.getAttribute('aria-controls');
  if (!controls) throw new Error('the button names no element it controls (aria-controls)');
  await page.locator(`[id="${controls}"]`).waitFor();
  await animationsDone(page.mainFrame());
}
