import { type APIRequestContext, type BrowserContext, type Page, request } from 'playwright-core';
import { expect } from 'vitest';
import { until } from '../helpers/settle.ts';

/** Shared steps of the identity journeys (not a test file itself). */

export interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

export async function outbox(origin: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${origin}/api/dev/outbox`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** The newest message to `recipient` matching `test`, waiting for it to arrive; `skip` ignores older ones. */
export async function waitForMessage(
  origin: string,
  recipient: string,
  test: (message: OutboxMessage) => boolean = () => true,
  skip = 0,
): Promise<OutboxMessage> {
  const deadline = Date.now() + 15_000;
  while (true) {
    const found = (await outbox(origin)).filter((m) => m.recipient === recipient && test(m));
    if (found.length > skip) return found[0]!;
    if (Date.now() > deadline) throw new Error(`no message to ${recipient}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const linkIn = (message: OutboxMessage) => {
  const link = message.body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in: ${message.body}`);
  return link;
};

export const codeIn = (message: OutboxMessage) => {
  const code = message.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in: ${message.body}`);
  return code;
};

/** Collects uncaught page errors, to assert none happened. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

export const dialog = (page: Page) => page.getByRole('dialog');

/** Opens the auth modal from the header ('Log in' or 'Create account'). */
export async function openAuthModal(page: Page, button: 'Log in' | 'Create account') {
  await page.getByRole('banner').getByRole('button', { name: button, exact: true }).click();
  await dialog(page).waitFor();
}

/** Ticks the sign-up's adults-only declaration, as every new player must. */
export async function confirmAge(page: Page) {
  await dialog(page)
    .getByRole('checkbox', { name: /18 or older/ })
    .check();
}

export async function submitAuthForm(page: Page, name: string) {
  await dialog(page).getByRole('button', { name, exact: true }).last().click();
}

/** Types a national number after choosing its prefix on the Phone number tab. */
export async function fillPhone(page: Page, prefix: string, national: string) {
  await dialog(page).getByRole('tab', { name: 'Phone number' }).click();
  await dialog(page).getByLabel('Country code').selectOption(prefix);
  await dialog(page).getByLabel('Phone number', { exact: true }).fill(national);
}

export async function typeCode(page: Page, code: string) {
  await dialog(page).getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** Whether this page's origin has a session: the user-data call answers 200 with the cookies it holds. */
export async function userDataFrom(page: Page): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async () => {
    const res = await fetch('/api/platform/profile/user-data', { credentials: 'include' });
    return { status: res.status, body: await res.json() };
  });
}

export async function expectSignedIn(page: Page) {
  // Polled by until, not expect.poll: a test that runs concurrently has no current test for the global expect.
  const poll = { timeout: 10_000, interval: 50 };
  const status = async () => (await userDataFrom(page)).status;
  expect(await until(async () => (await status()) === 200, poll), 'user data answers 200').toBe(true);
  // The header swapped Log in / Create account for the player's menus.
  const logIn = page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true });
  expect(await until(async () => (await logIn.count()) === 0, poll), 'Log in is gone from the header').toBe(
    true,
  );
}

/** Every cookie the browser keeps for the host of `url` (any path): localhost and 127.0.0.1 are separate jars. */
export async function cookieNames(context: BrowserContext, url: string) {
  const host = new URL(url).hostname;
  return (await context.cookies())
    .filter((cookie) => cookie.domain === host)
    .map((cookie) => cookie.name)
    .sort();
}

/** Signs a seeded player in through the header's Log in modal and the e-mail link from the outbox. */
export async function signInByEmailLink(page: Page, origin: string, email: string, password: string) {
  await page.goto(origin);
  await openAuthModal(page, 'Log in');
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByLabel('Password', { exact: true }).fill(password);
  await submitAuthForm(page, 'Log in');
  await dialog(page)
    .getByText('We sent a link to confirm your email, please check your spam box too')
    .waitFor();
  await page.goto(linkIn(await waitForMessage(origin, email, (m) => /sign-in link/.test(m.subject ?? ''))));
  // The header swapped Log in / Create account for the player's menus.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu of/ })
    .waitFor();
}

/** The header's account menu, signed in, in each of the site's languages (userMenu.label). */
export const ACCOUNT_MENU = /^(Account menu of|Menú de la cuenta de|Menu du compte de|Menu account di) /;

/**
 * Registers a new player and confirms the account as the sign-up form and the e-mailed link's page do (the same
 * two calls, the link's token taken from the outbox), through `requests`: a browser context's request client
 * (`context.request`), whose cookies are the context's own, so its pages are then signed in; or a client of its
 * own for a player another context signs in. No page is loaded: the form and the link page are journeys of
 * their own (identity-email, walkthrough-shell's sign-up), and each load costs a second of the browser's CPU.
 */
export async function registerAndConfirm(
  requests: APIRequestContext,
  origin: string,
  email: string,
  password = 'Lucky#2026',
) {
  const registration = await requests.post(`${origin}/api/identity/auth/registration`, {
    data: { email, password, ageConfirmed: true, callbackUrl: `${origin}/callback/register` },
  });
  expect(registration.status(), await registration.text()).toBe(201);
  const token = new URL(linkIn(await waitForMessage(origin, email))).searchParams.get('token');
  const confirmation = await requests.post(`${origin}/api/identity/auth/registration/verify`, {
    data: { token },
  });
  expect(confirmation.ok(), await confirmation.text()).toBe(true);
}

/**
 * A new player of the test's own, signed in on `origin` (registered and confirmed through the page's context),
 * the page on `path` (home unless given) with the header's account menu. For journeys that need a signed-in
 * player but none of the seeded demo player's state, so they can share a server.
 */
export async function signUpNewPlayer(
  page: Page,
  origin: string,
  email: string,
  { password = 'Lucky#2026', path = '/' }: { password?: string; path?: string } = {},
) {
  await registerAndConfirm(page.context().request, origin, email, password);
  await page.goto(`${origin}${path}`);
  await page.getByRole('banner').getByRole('button', { name: ACCOUNT_MENU }).waitFor();
}

/**
 * A player of the test's own besides the seeded demo player, to sign in the way the demo player does (the
 * Log in modal and the e-mailed link), where two journeys share a server and the demo player's state would
 * collide: registered and confirmed by a request client of its own (disposed after), with a username like the
 * demo player's when given, and `deposit` dollars when given.
 */
export async function registerPlayer(
  origin: string,
  email: string,
  password: string,
  { username, deposit }: { username?: string; deposit?: number } = {},
) {
  const requests = await request.newContext();
  try {
    await registerAndConfirm(requests, origin, email, password);
    const call = async (path: string, data: unknown) =>
      (await requests.post(`${origin}${path}`, { data })).status();
    if (username) expect(await call('/api/identity/profile/edit/username', { value: username })).toBe(201);
    if (deposit)
      expect(await call('/api/platform/users/deposit', { amount: deposit, paymentMethod: 'CARD' })).toBe(201);
  } finally {
    await requests.dispose();
  }
}
