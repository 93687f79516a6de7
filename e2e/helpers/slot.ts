import type { FrameLocator } from 'playwright-core';
import { expect } from 'vitest';
import { until } from './settle.ts';

/**
 * Spins Wild Paws once at the shown stake and waits until the round is settled. The balance cannot tell: a $1
 * spin may return exactly $1. The reels turn for 2.5 s with Spin disabled, and Spin comes back once the
 * server's answer is shown; the line below the reels then tells the result ('Good luck!' only while turning).
 */
export async function spinOnce(game: FrameLocator): Promise<void> {
  const spin = game.getByRole('button', { name: 'Spin', exact: true });
  await spin.click({ timeout: 20_000 });
  // Polled by until, not expect.poll: a test that runs concurrently has no current test for the global expect.
  const poll = { timeout: 15_000, interval: 50 };
  expect(await until(async () => !(await spin.isEnabled()), poll), 'Spin turned disabled').toBe(true);
  expect(await until(() => spin.isEnabled(), poll), 'Spin came back').toBe(true);
  expect(await game.locator('.slot-lineinfo').textContent()).not.toMatch(/Good luck/);
}
