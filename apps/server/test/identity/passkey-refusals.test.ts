import { passkeyMessages } from '@paws/contracts/passkeys';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../src/core/events/schema.ts';
import { signIns } from '../../src/modules/identity/schema.ts';
import { listOf as notificationsOf } from '../notifications/helpers.ts';
import { eventually } from '../payments/helpers.ts';
import {
  createIdentityTestApp,
  type IdentityTestApp,
  lastMessageTo,
  messagesTo,
  PLATFORM,
} from './helpers.ts';
import { CHROME_ON_MAC, passkeyKit } from './passkey-helpers.ts';
import { softAuthenticator } from './soft-authenticator.ts';

let ctx: IdentityTestApp;
let kit: ReturnType<typeof passkeyKit>;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
  kit = passkeyKit(ctx);
});
afterAll(() => ctx?.close());

/** The account's refused sign-ins, oldest first, as the back office's sign-in history reads them. */
async function refusalsOf(userId: string) {
  const { items } = await ctx.app.identity.signInsOf(userId, {
    page: 1,
    limit: 50,
    order: 'asc',
    success: false,
  });
  return items.map((row) => ({ failure: row.failure, userAgent: row.userAgent }));
}

const blockedEventsOf = async (userId: string) =>
  (
    await ctx.app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.name, 'identity.passkey_blocked'))
  )
    .map((e) => e.payload as { userId: string; passkeyId: string; name: string })
    .filter((p) => p.userId === userId);

describe('refused passkey sign-ins in the sign-in log', () => {
  it('a bad signature, no user verification or another account’s user handle writes a failure naming a passkey', async () => {
    const owner = await kit.player();
    await kit.addPasskey(owner.b, owner.device);
    const other = await kit.player();
    await kit.addPasskey(other.b, other.device);

    const wrongSite = await kit.signInWith(owner.device, { rpId: 'evil.example' });
    expect(wrongSite.res.statusCode).toBe(401);
    const noUv = await kit.signInWith(owner.device, { userVerified: false });
    expect([noUv.res.statusCode, noUv.res.json().message]).toEqual([401, passkeyMessages.notVerified]);
    const swapped = await kit.signInWith(owner.device, {
      userHandle: other.device.credentials[0]!.userHandle,
    });
    expect([swapped.res.statusCode, swapped.res.json().message]).toEqual([401, passkeyMessages.unknown]);

    expect(await refusalsOf(owner.userId)).toEqual([
      { failure: 'passkey_invalid', userAgent: CHROME_ON_MAC },
      { failure: 'passkey_unverified', userAgent: CHROME_ON_MAC },
      { failure: 'passkey_invalid', userAgent: CHROME_ON_MAC },
    ]);
    // The account whose handle was borrowed was not the one tried.
    expect(await refusalsOf(other.userId)).toEqual([]);
    // A right answer after them is logged as a success.
    expect((await kit.signInWith(owner.device)).res.statusCode).toBe(201);
    expect(await refusalsOf(owner.userId)).toHaveLength(3);
  });

  it('an unknown passkey names no account: nothing is written', async () => {
    const stranger = softAuthenticator(PLATFORM);
    stranger.create({ challenge: 'x', rp: {}, user: { id: 'AAAAAAAAAAAAAAAAAAAAAA' } });
    const agent = 'Unknown passkey probe/1.0';
    const { res } = await kit.signInWith(stranger, {}, undefined, agent);
    expect([res.statusCode, res.json().message]).toEqual([401, passkeyMessages.unknown]);
    const rows = await ctx.app.database.db.select().from(signIns).where(eq(signIns.userAgent, agent));
    expect(rows).toEqual([]);
  });

  it('a player on a time-out refused at a passkey sign-in: the failure names a passkey', async () => {
    const { b, device, userId } = await kit.player();
    await kit.addPasskey(b, device);
    await ctx.app.identity.restrictSelf(userId, {
      kind: 'TIME_OUT',
      endsAt: new Date(ctx.clock.now().getTime() + 86_400_000),
      returnAllowedAt: null,
    });
    expect((await kit.signInWith(device)).res.statusCode).toBe(403);
    expect(await refusalsOf(userId)).toEqual([{ failure: 'passkey_restricted', userAgent: CHROME_ON_MAC }]);
  });
});

describe('a passkey blocked as a copy', () => {
  it('logs the refusals, and tells the player once: a security notice and an e-mail, with the event', async () => {
    const { b, email, device, userId } = await kit.player();
    const added = await kit.addPasskey(b, device, 'Work laptop');
    expect((await kit.signInWith(device, { counter: 5 })).res.statusCode).toBe(201);
    const clone = await kit.signInWith(device, { counter: 5 });
    expect([clone.res.statusCode, clone.res.json().message]).toEqual([401, passkeyMessages.cloned]);
    const later = await kit.signInWith(device, { counter: 9 });
    expect([later.res.statusCode, later.res.json().message]).toEqual([401, passkeyMessages.cloned]);

    expect((await refusalsOf(userId)).map((row) => row.failure)).toEqual([
      'passkey_copied',
      'passkey_blocked',
    ]);
    expect(await blockedEventsOf(userId)).toEqual([
      { userId, passkeyId: added.json().id, name: 'Work laptop' },
    ]);

    const mail = await lastMessageTo(ctx.app, email);
    expect(mail.subject).toBe('A passkey on your PAWS account was blocked');
    expect(mail.body).toContain('"Work laptop"');
    expect(mail.body).toContain('remove it in your profile');
    const blockedMails = (await messagesTo(ctx.app, email)).filter((m) => m.subject === mail.subject);
    expect(blockedMails).toHaveLength(1);

    const notice = await eventually(async () => {
      const found = (await notificationsOf(b)).notifications.find(
        (n) => n.messageKey === 'security.passkeyBlocked',
      );
      expect(found).toBeDefined();
      return found!;
    });
    expect(notice).toMatchObject({ category: 'SECURITY', messageParams: { name: 'Work laptop' } });
    expect(notice.notificationMessage).toContain('Work laptop');
  });

  it('a passkey with no counter (always zero) is never blocked, and nothing is sent', async () => {
    const { b, email, device, userId } = await kit.player();
    await kit.addPasskey(b, device);
    expect((await kit.signInWith(device, { counter: 0 })).res.statusCode).toBe(201);
    expect((await kit.signInWith(device, { counter: 0 })).res.statusCode).toBe(201);
    expect(await blockedEventsOf(userId)).toEqual([]);
    expect(
      await ctx.app.database.db
        .select()
        .from(signIns)
        .where(and(eq(signIns.userId, userId), eq(signIns.success, false))),
    ).toEqual([]);
    expect((await lastMessageTo(ctx.app, email)).subject).not.toBe(
      'A passkey on your PAWS account was blocked',
    );
  });
});
