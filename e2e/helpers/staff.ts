import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Signs a staff member in on the back office, enrolling their authenticator at this first sign-in. */
export async function enrolAndSignIn(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await page.locator('.secret code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // What the member's authenticator app would show.
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await codes.waitFor();
  expect(await codes.getByRole('listitem').count()).toBe(10);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}
