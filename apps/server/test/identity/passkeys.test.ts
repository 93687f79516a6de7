import { PASSKEY_CHALLENGE_MINUTES, passkeyMessages } from '@paws/contracts/passkeys';
import { STEP_UP_REQUIRED, STEP_UP_WINDOW_MINUTES, stepUpMessages } from '@paws/contracts/step-up';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../src/core/events/schema.ts';
import { playerPasskeys } from '../../src/modules/identity/passkeys-schema.ts';
import { signIns } from '../../src/modules/identity/schema.ts';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastCodeTo,
  lastMessageTo,
  PLATFORM,
  PLATFORM_HOST,
  userData,
} from './helpers.ts';
import { CHROME_ON_MAC, PASSKEYS, passkeyKit } from './passkey-helpers.ts';
import { softAuthenticator } from './soft-authenticator.ts';

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx?.close());

const kit = () => passkeyKit(ctx);
const player = () => kit().player();
const addPasskey: ReturnType<typeof passkeyKit>['addPasskey'] = (...args) => kit().addPasskey(...args);
const signInWith: ReturnType<typeof passkeyKit>['signInWith'] = (...args) => kit().signInWith(...args);
const signInOptions = (b: Browser) => kit().signInOptions(b);
const listOf = (b: Browser) => kit().listOf(b);

/** A step-up by a code e-mailed to the player: their session's proof of presence is fresh again. */
async function proveByEmail(b: Browser, email: string) {
  ctx.clock.advance(61_000);
  expect((await b.post(`${ID}/auth/step-up/code`, { channel: 'email' })).statusCode).toBe(201);
  const proved = await b.post(`${ID}/auth/step-up`, {
    method: 'email',
    code: await lastCodeTo(ctx.app, email),
  });
  expect(proved.statusCode).toBe(201);
}

describe('adding passkeys in the profile', () => {
  it('adds a named passkey, lists it with no use yet, renames and removes it; the key is never shown', async () => {
    const { b, device } = await player();
    expect(await listOf(b)).toEqual([]);
    const options = (await b.post(`${PASSKEYS}/options`)).json().options;
    // A discoverable credential, the user verified, on the platform's host; the account id, not the e-mail.
    expect(options).toMatchObject({
      rp: { id: 'platform.test', name: 'PAWS' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const added = await b.post(PASSKEYS, { name: '  Laptop  ', response: device.create(options) });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Laptop', lastUsedAt: null, blocked: false });
    const list = await listOf(b);
    expect(list).toEqual([
      {
        id: added.json().id,
        name: 'Laptop',
        createdAt: expect.any(String),
        lastUsedAt: null,
        blocked: false,
      },
    ]);
    const [row] = await ctx.app.database.db
      .select()
      .from(playerPasskeys)
      .where(eq(playerPasskeys.id, added.json().id));
    // The back office's player page counts them (issue 29 point 6), never shows a key.
    const userId = (await userData(b)).json().user.userId as string;
    expect((await ctx.app.identity.playerProfile(userId))?.passkeyCount).toBe(1);
    expect(row!.transports).toEqual(['internal']);
    expect(JSON.stringify(await b.get(PASSKEYS).then((r) => r.json()))).not.toContain(row!.publicKey);

    const renamed = await b.send({
      method: 'PATCH',
      url: `${PASSKEYS}/${added.json().id}`,
      payload: { name: 'Work laptop' },
    });
    expect([renamed.statusCode, renamed.json()]).toEqual([200, { success: true }]);
    expect((await listOf(b))[0]!.name).toBe('Work laptop');

    // The next options leave out the authenticator already added.
    const next = (await b.post(`${PASSKEYS}/options`)).json().options;
    expect(next.excludeCredentials).toEqual([
      { id: device.credentials[0]!.id, transports: ['internal'], type: 'public-key' },
    ]);

    expect((await b.del(`${PASSKEYS}/${added.json().id}`)).statusCode).toBe(204);
    expect(await listOf(b)).toEqual([]);
    // Removed: it signs nobody in.
    const { res } = await signInWith(device);
    expect([res.statusCode, res.json().message]).toEqual([401, passkeyMessages.unknown]);
  });

  it('needs a session, a name, and an answer to this player’s own live challenge', async () => {
    expect((await browser(ctx.app, PLATFORM_HOST).post(`${PASSKEYS}/options`)).statusCode).toBe(401);
    expect((await browser(ctx.app, PLATFORM_HOST).get(PASSKEYS)).statusCode).toBe(401);
    const { b, device } = await player();
    const options = (await b.post(`${PASSKEYS}/options`)).json().options;
    const noName = await b.post(PASSKEYS, { name: ' ', response: device.create(options) });
    expect([noName.statusCode, noName.json().field, noName.json().message]).toEqual([
      400,
      'name',
      passkeyMessages.name,
    ]);
    const tooLong = await b.post(PASSKEYS, { name: 'x'.repeat(61), response: device.create(options) });
    expect([tooLong.statusCode, tooLong.json().field]).toEqual([400, 'name']);
    const malformed = await b.post(PASSKEYS, { name: 'Phone', response: { id: 'x' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toMatch(/^response/);

    // Another player cannot use this player's challenge.
    const other = await player();
    const stolen = await other.b.post(PASSKEYS, { name: 'Phone', response: other.device.create(options) });
    expect([stolen.statusCode, stolen.json().message]).toEqual([400, passkeyMessages.expired]);
    expect(await listOf(other.b)).toEqual([]);
  });

  it('adding or removing a passkey wants a fresh proof of presence; renaming does not', async () => {
    const { b, email, device } = await player();
    const added = await addPasskey(b, device);
    expect(added.statusCode).toBe(201);
    const pending = (await b.post(`${PASSKEYS}/options`)).json().options;
    ctx.clock.advance(STEP_UP_WINDOW_MINUTES * 60_000 + 1_000);
    const stale = [
      await b.post(`${PASSKEYS}/options`),
      await b.post(PASSKEYS, { name: 'Two', response: device.create(pending) }),
      await b.del(`${PASSKEYS}/${added.json().id}`),
    ];
    for (const refused of stale) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: STEP_UP_REQUIRED, message: stepUpMessages.required });
    }
    expect(
      (await b.send({ method: 'PATCH', url: `${PASSKEYS}/${added.json().id}`, payload: { name: 'Renamed' } }))
        .statusCode,
    ).toBe(200);
    await proveByEmail(b, email);
    expect((await b.del(`${PASSKEYS}/${added.json().id}`)).statusCode).toBe(204);
    expect(await listOf(b)).toEqual([]);
  });

  it('a registration challenge is good once and for five minutes', async () => {
    const { b, email, device } = await player();
    const options = (await b.post(`${PASSKEYS}/options`)).json().options;
    const answer = device.create(options);
    expect((await b.post(PASSKEYS, { name: 'One', response: answer })).statusCode).toBe(201);
    const again = await b.post(PASSKEYS, { name: 'Two', response: answer });
    expect([again.statusCode, again.json().message, again.json().field]).toEqual([
      400,
      passkeyMessages.expired,
      'response',
    ]);

    const late = (await b.post(`${PASSKEYS}/options`)).json().options;
    ctx.clock.advance(PASSKEY_CHALLENGE_MINUTES * 60_000 + 1_000);
    // The session's proof of presence is as old as the challenge: prove it again, so the challenge is judged.
    await proveByEmail(b, email);
    const expired = await b.post(PASSKEYS, { name: 'Late', response: device.create(late) });
    expect([expired.statusCode, expired.json().message]).toEqual([400, passkeyMessages.expired]);
    expect(await listOf(b)).toHaveLength(1);
  });

  it('refuses a device that did not verify the user, and a passkey made for another site', async () => {
    const { b, device } = await player();
    const noUv = await b.post(PASSKEYS, {
      name: 'Phone',
      response: device.create((await b.post(`${PASSKEYS}/options`)).json().options, { userVerified: false }),
    });
    expect([noUv.statusCode, noUv.json().message]).toEqual([400, passkeyMessages.response]);
    const phishing = softAuthenticator('http://platform.test.evil.example');
    const wrongOrigin = await b.post(PASSKEYS, {
      name: 'Phone',
      response: phishing.create((await b.post(`${PASSKEYS}/options`)).json().options),
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(await listOf(b)).toEqual([]);
  });

  it('nobody renames or removes another player’s passkey', async () => {
    const owner = await player();
    const id = (await addPasskey(owner.b, owner.device)).json().id as string;
    const other = await player();
    const rename = await other.b.send({
      method: 'PATCH',
      url: `${PASSKEYS}/${id}`,
      payload: { name: 'Mine' },
    });
    expect([rename.statusCode, rename.json().message]).toEqual([404, passkeyMessages.notFound]);
    expect((await other.b.del(`${PASSKEYS}/${id}`)).statusCode).toBe(404);
    expect((await listOf(owner.b))[0]).toMatchObject({ id, name: 'My phone' });
    expect((await owner.b.del(`${PASSKEYS}/not-an-id`)).statusCode).toBe(400);
  });

  it('the same authenticator is not added twice, to this account or another', async () => {
    const { b, device } = await player();
    expect((await addPasskey(b, device)).statusCode).toBe(201);
    const credential = device.credentials[0]!;
    // The same credential again (a browser ignoring excludeCredentials).
    const options = (await b.post(`${PASSKEYS}/options`)).json().options;
    const again = await b.post(PASSKEYS, {
      name: 'Again',
      response: device.create(options, { reuse: credential }),
    });
    expect([again.statusCode, again.json().message]).toEqual([409, passkeyMessages.alreadyAdded]);
    const other = await player();
    const otherOptions = (await other.b.post(`${PASSKEYS}/options`)).json().options;
    const taken = await other.b.post(PASSKEYS, {
      name: 'Mine',
      response: other.device.create(otherOptions, { reuse: credential }),
    });
    expect([taken.statusCode, taken.json().message]).toEqual([409, passkeyMessages.alreadyAdded]);
    expect(await listOf(other.b)).toEqual([]);
    expect(await listOf(b)).toHaveLength(1);
  });
});

describe('signing in with a passkey alone', () => {
  it('starts a session like every sign-in: cookies, sign-in log, event, new-device e-mail, last use', async () => {
    const { email, userId, device, b: home } = await player();
    expect((await addPasskey(home, device)).statusCode).toBe(201);
    const options = await signInOptions(browser(ctx.app, PLATFORM_HOST));
    // Any passkey of the site: no account named, the device verifies the user.
    expect(options).toMatchObject({ rpId: 'platform.test', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const { b, res } = await signInWith(device);
    expect([res.statusCode, res.json()]).toEqual([201, { success: true }]);
    expect((await userData(b)).json().user.userId).toBe(userId);

    const rows = await ctx.app.database.db
      .select()
      .from(signIns)
      .where(and(eq(signIns.userId, userId), eq(signIns.success, true)));
    expect(rows.some((row) => row.userAgent === CHROME_ON_MAC && row.newDevice)).toBe(true);
    const events = await ctx.app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.name, 'identity.signed_in'));
    expect(
      events.some((e) => {
        const p = e.payload as { userId: string; newDevice: boolean; userAgent?: string };
        return p.userId === userId && p.newDevice && p.userAgent === CHROME_ON_MAC;
      }),
    ).toBe(true);
    expect((await lastMessageTo(ctx.app, email)).subject).toBe('New sign-in to your PAWS account');
    const [listed] = await listOf(b);
    expect(listed!.lastUsedAt).toBe(ctx.clock.now().toISOString());
  });

  it('counts as both steps: no TOTP code is asked with the authenticator app on', async () => {
    const { b: home, device, userId } = await player();
    const { secret } = (await home.post(`${ID}/profile/two-step/enrolment`)).json();
    const code = await generate({ secret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) });
    expect((await home.post(`${ID}/profile/two-step/confirm`, { code })).statusCode).toBe(201);
    expect((await addPasskey(home, device)).statusCode).toBe(201);
    const { b, res } = await signInWith(device);
    expect(res.statusCode).toBe(201);
    expect((await userData(b)).json().user.userId).toBe(userId);
  });

  it('an unknown passkey, or one whose user handle names another account, is refused with 401', async () => {
    const owner = await player();
    await addPasskey(owner.b, owner.device);
    const other = await player();
    await addPasskey(other.b, other.device);

    const stranger = softAuthenticator(PLATFORM);
    stranger.create({ challenge: 'x', rp: {}, user: { id: owner.device.credentials[0]!.userHandle } });
    const unknown = await signInWith(stranger);
    expect([unknown.res.statusCode, unknown.res.json().message]).toEqual([401, passkeyMessages.unknown]);
    expect((await userData(unknown.b)).statusCode).toBe(401);

    // The owner's credential presented as the other account's.
    const swapped = await signInWith(owner.device, { userHandle: other.device.credentials[0]!.userHandle });
    expect([swapped.res.statusCode, swapped.res.json().message]).toEqual([401, passkeyMessages.unknown]);
    expect((await userData(swapped.b)).statusCode).toBe(401);
    // The owner still signs in with it.
    expect((await signInWith(owner.device)).res.statusCode).toBe(201);
  });

  it('a bad signature or no user verification is refused', async () => {
    const { b: home, device } = await player();
    await addPasskey(home, device);
    const noUv = await signInWith(device, { userVerified: false });
    expect([noUv.res.statusCode, noUv.res.json().message]).toEqual([401, passkeyMessages.notVerified]);
    const wrongSite = await signInWith(device, { rpId: 'evil.example' });
    expect([wrongSite.res.statusCode, wrongSite.res.json().message]).toEqual([401, passkeyMessages.response]);
    expect((await userData(wrongSite.b)).statusCode).toBe(401);
  });

  it('a counter that does not go up (a cloned authenticator) is refused and blocks the passkey', async () => {
    const { b: home, device } = await player();
    await addPasskey(home, device);
    expect((await signInWith(device, { counter: 5 })).res.statusCode).toBe(201);
    const clone = await signInWith(device, { counter: 5 });
    expect([clone.res.statusCode, clone.res.json().message]).toEqual([401, passkeyMessages.cloned]);
    expect((await userData(clone.b)).statusCode).toBe(401);
    // Blocked: even a higher counter signs nobody in, until the player removes it.
    const later = await signInWith(device, { counter: 9 });
    expect([later.res.statusCode, later.res.json().message]).toEqual([401, passkeyMessages.cloned]);
    const [listed] = await listOf(home);
    expect(listed).toMatchObject({ blocked: true });
    expect((await home.del(`${PASSKEYS}/${listed!.id}`)).statusCode).toBe(204);
  });

  it('an authenticator keeping no counter (always zero) signs in every time', async () => {
    const { b: home, device } = await player();
    await addPasskey(home, device);
    expect((await signInWith(device, { counter: 0 })).res.statusCode).toBe(201);
    expect((await signInWith(device, { counter: 0 })).res.statusCode).toBe(201);
  });

  it('a sign-in challenge is good once and for five minutes', async () => {
    const { b: home, device } = await player();
    await addPasskey(home, device);
    const b = browser(ctx.app, PLATFORM_HOST);
    const answer = device.get(await signInOptions(b));
    expect((await b.post(`${ID}/auth/passkey`, { response: answer })).statusCode).toBe(201);
    const replay = await browser(ctx.app, PLATFORM_HOST).post(`${ID}/auth/passkey`, { response: answer });
    expect([replay.statusCode, replay.json().message, replay.json().field]).toEqual([
      400,
      passkeyMessages.expired,
      'response',
    ]);

    const late = browser(ctx.app, PLATFORM_HOST);
    const options = await signInOptions(late);
    ctx.clock.advance(PASSKEY_CHALLENGE_MINUTES * 60_000 + 1_000);
    const expired = await late.post(`${ID}/auth/passkey`, { response: device.get(options) });
    expect([expired.statusCode, expired.json().message]).toEqual([400, passkeyMessages.expired]);
    expect((await userData(late)).statusCode).toBe(401);
  });

  it('a player on a time-out is not signed in by a passkey either', async () => {
    const { b: home, device, userId } = await player();
    await addPasskey(home, device);
    await ctx.app.identity.restrictSelf(userId, {
      kind: 'TIME_OUT',
      endsAt: new Date(ctx.clock.now().getTime() + 86_400_000),
      returnAllowedAt: null,
    });
    const { b, res } = await signInWith(device);
    expect(res.statusCode).toBe(403);
    expect((await userData(b)).statusCode).toBe(401);
  });

  it('a malformed answer is a 400 naming the field', async () => {
    const res = await browser(ctx.app, PLATFORM_HOST).post(`${ID}/auth/passkey`, {
      response: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: '!!' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toMatch(/^response/);
    expect(LANDING).not.toBe(PLATFORM);
  });
});
