import type { FrameLocator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Spins Wild Paws once at the shown stake and waits until the round is settled. The balance cannot tell: a $1
 * spin may return exactly $1. The reels turn for 2.5 s with Spin disabled, and Spin comes back once the
 * server's answer is shown; the line below the reels then tells the result ('Good luck!' only while turning).
 */
export async function spinOnce(game: FrameLocator): Promise<void> {
  const spin = game.getByRole('button', { name: 'Spin', exact: true });
  await spin.click({ timeout: 20_000 });
  await expect.poll(() => spin.isEnabled(), { timeout: 15_000 }).toBe(false);
  await expect.poll(() => spin.isEnabled(), { timeout: 15_000 }).toBe(true);
  await expect(game.locator('.slot-lineinfo').textContent()).resolves.not.toMatch(/Good luck/);
}
