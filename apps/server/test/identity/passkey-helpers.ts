import { expect } from 'vitest';
import {
  type Browser,
  browser,
  ID,
  type IdentityTestApp,
  PLATFORM,
  PLATFORM_HOST,
  signUpByEmail,
  userData,
} from './helpers.ts';
import { softAuthenticator } from './soft-authenticator.ts';

export const PASSKEYS = `${ID}/profile/passkeys`;
export const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export type Authenticator = ReturnType<typeof softAuthenticator>;

/** The passkey tests' steps against one test app: a player with a device, adding a passkey, signing in. */
export function passkeyKit(ctx: IdentityTestApp) {
  /** A signed-in player (by e-mail) and their device's authenticator. */
  async function player() {
    const b = browser(ctx.app, PLATFORM_HOST);
    const { email } = await signUpByEmail(ctx.app, b);
    const userId = (await userData(b)).json().user.userId as string;
    return { b, email, userId, device: softAuthenticator(PLATFORM) };
  }

  /** Options, the device's answer, and the named passkey added: the response of POST /profile/passkeys. */
  async function addPasskey(b: Browser, device: Authenticator, name = 'My phone') {
    const options = await b.post(`${PASSKEYS}/options`);
    expect(options.statusCode).toBe(201);
    return b.post(PASSKEYS, { name, response: device.create(options.json().options) });
  }

  const signInOptions = async (b: Browser) => {
    const res = await b.post(`${ID}/auth/passkey/options`);
    expect(res.statusCode).toBe(201);
    return res.json().options;
  };

  /** A new browser (no session) that signs in with the device's passkey: the browser and the answer. */
  async function signInWith(
    device: Authenticator,
    extra: Parameters<Authenticator['get']>[2] = {},
    b: Browser = browser(ctx.app, PLATFORM_HOST),
    userAgent = CHROME_ON_MAC,
  ) {
    const options = await signInOptions(b);
    const res = await b.post(
      `${ID}/auth/passkey`,
      { response: device.get(options, device.credentials[0], extra) },
      { headers: { 'user-agent': userAgent } },
    );
    return { b, res };
  }

  const listOf = async (b: Browser) => (await b.get(PASSKEYS)).json().items as Array<Record<string, unknown>>;

  return { player, addPasskey, signInOptions, signInWith, listOf };
}
