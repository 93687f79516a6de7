import { randomUUID } from 'node:crypto';
import type { Notification } from '@paws/contracts/notifications';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/modules/notifications/schema.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/signature.ts';
import { quiesce } from '../backbone/helpers.ts';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastLinkTo,
  PASSWORD,
  PLATFORM_HOST,
  tokenOf,
} from '../identity/helpers.ts';
import { approveWithdrawal, deposit, eventually, signedInPlayer, WITHDRAW } from '../payments/helpers.ts';
import { changePassword, listOf, NOTIFICATIONS_API, originOf } from './helpers.ts';

let ctx: IdentityTestApp;
let _origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createIdentityTestApp();
  _origin = await originOf(ctx.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx?.close();
});

const notify = (userId: string, category: Notification['category'], message: string) =>
  ctx.app.notifications.notify({ userId, category, message });

/** A signed-in player whose sign-up notices (the welcome bonus) have arrived and been cleared. */
async function quietPlayer() {
  const player = await signedInPlayer(ctx);
  // Signing up by e-mail confirms it: its welcome bonus is told as a SYSTEM notice.
  await eventually(async () =>
    expect(
      await ctx.app.database.db.$count(notifications, eq(notifications.userId, player.userId)),
    ).toBeGreaterThan(0),
  );
  await quiesce(ctx.app);
  await ctx.app.database.db.delete(notifications).where(eq(notifications.userId, player.userId));
  return player;
}

describe('GET /notifications', () => {
  it('answers 401 signed out', async () => {
    const res = await browser(ctx.app, PLATFORM_HOST).get(`${NOTIFICATIONS_API}/notifications`);
    expect(res.statusCode).toBe(401);
  });

  it('lists a deposit as a FINANCIAL notification, unread', async () => {
    const { b } = await signedInPlayer(ctx);
    await deposit(b, 25);
    const list = await eventually(async () => {
      const found = await listOf(b, '?category=FINANCIAL');
      expect(found.notifications).toHaveLength(1);
      return found;
    });
    expect(list.notifications[0]).toMatchObject({
      category: 'FINANCIAL',
      isRead: false,
      notificationMessage: 'Your deposit of $25.00 was credited to your balance.',
    });
    expect(list.unreadCounts).toMatchObject({ FINANCIAL: 1 });
  });

  it('filters by category, dates and search, newest first, and pages with count and hasMore', async () => {
    const { b, userId } = await quietPlayer();
    for (let i = 1; i <= 5; i++) await notify(userId, 'SYSTEM', `System note ${i}`);
    await notify(userId, 'SECURITY', 'Password changed: 100% sure_it was you?');
    const [old] = await ctx.app.database.db
      .update(notifications)
      .set({ createdAt: new Date('2026-01-15T12:00:00Z') })
      .where(sql`user_id = ${userId} and message = 'System note 1'`)
      .returning();
    expect(old).toBeDefined();

    const system = await listOf(b, '?category=SYSTEM&limit=2');
    expect(system.count).toBe(5);
    expect(system.hasMore).toBe(true);
    expect(system.notifications.map((n) => n.notificationMessage)).toEqual([
      'System note 5',
      'System note 4',
    ]);
    const last = await listOf(b, '?category=SYSTEM&limit=2&page=3');
    expect(last.notifications.map((n) => n.notificationMessage)).toEqual(['System note 1']);
    expect(last.hasMore).toBe(false);

    const january = await listOf(b, '?dateFrom=2026-01-01&dateTo=2026-01-31');
    expect(january.notifications.map((n) => n.notificationMessage)).toEqual(['System note 1']);
    const recent = await listOf(b, '?dateFrom=2026-02-01');
    expect(recent.count).toBe(5);

    // % and _ are literal characters of the search, not wildcards.
    expect((await listOf(b, `?search=${encodeURIComponent('100% sure_')}`)).count).toBe(1);
    expect((await listOf(b, `?search=${encodeURIComponent('note%1')}`)).count).toBe(0);
    expect((await listOf(b, '?search=NOTE')).count).toBe(5);
    expect((await listOf(b, '?category=')).count).toBe(6);
  });

  it('counts unread per category exactly, past the 9+ badge cap', async () => {
    const { b, userId } = await quietPlayer();
    for (let i = 0; i < 12; i++) await notify(userId, 'GAME_RESULT', `Win ${i}`);
    await notify(userId, 'ADVERTISING', 'Weekend tournament');
    const { unreadCounts } = await listOf(b);
    expect(unreadCounts).toEqual({
      '': 13,
      SYSTEM: 0,
      GAME_RESULT: 12,
      FINANCIAL: 0,
      ADVERTISING: 1,
      SECURITY: 0,
    });
  });

  it('answers the page, its count and the unread counts from one moment while notifications arrive', async () => {
    const { b, userId } = await quietPlayer();
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) await notify(userId, 'GAME_RESULT', `Win ${i}`);
    })();
    try {
      // Every row is unread and unfiltered: a response read at one moment counts as many of each.
      for (let i = 0; i < 60; i++) {
        const list = await listOf(b, '?limit=1');
        expect(list.unreadCounts['']).toBe(list.count);
        expect(list.unreadCounts.GAME_RESULT).toBe(list.count);
      }
    } finally {
      writing = false;
      await writer;
    }
  });

  it('names the field of a bad query', async () => {
    const { b } = await signedInPlayer(ctx);
    for (const [query, field] of [
      ['?category=GAMES', 'category'],
      ['?page=0', 'page'],
      ['?limit=500', 'limit'],
      ['?dateFrom=yesterday', 'dateFrom'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await b.get(`${NOTIFICATIONS_API}/notifications${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
  });
});

describe('read and delete', () => {
  it('marks the owner’s notification read and lowers the unread count', async () => {
    const { b, userId } = await quietPlayer();
    const note = await notify(userId, 'SYSTEM', 'Welcome to PAWS');
    const res = await b.send({ method: 'PATCH', url: `${NOTIFICATIONS_API}/notifications/read/${note.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: note.id, isRead: true });
    const list = await listOf(b);
    expect(list.notifications[0]?.isRead).toBe(true);
    expect(list.unreadCounts['']).toBe(0);
  });

  it('deletes the owner’s notification (204), then it is gone (404)', async () => {
    const { b, userId } = await quietPlayer();
    const note = await notify(userId, 'SYSTEM', 'To be deleted');
    expect((await b.del(`${NOTIFICATIONS_API}/notifications/${note.id}`)).statusCode).toBe(204);
    expect((await listOf(b)).count).toBe(0);
    expect((await b.del(`${NOTIFICATIONS_API}/notifications/${note.id}`)).statusCode).toBe(404);
  });

  it('another player’s notification cannot be read, marked or deleted: 404, nothing changes', async () => {
    const owner = await quietPlayer();
    const other = await quietPlayer();
    const note = await notify(owner.userId, 'FINANCIAL', 'Private');
    expect((await listOf(other.b)).count).toBe(0);
    const mark = await other.b.send({
      method: 'PATCH',
      url: `${NOTIFICATIONS_API}/notifications/read/${note.id}`,
    });
    expect(mark.statusCode).toBe(404);
    expect(mark.json().message).toBe('Notification not found');
    expect((await other.b.del(`${NOTIFICATIONS_API}/notifications/${note.id}`)).statusCode).toBe(404);
    const mine = await listOf(owner.b);
    expect(mine.notifications).toMatchObject([{ id: note.id, isRead: false }]);
  });

  it('answers 400 on a malformed id and 404 on an unknown one', async () => {
    const { b } = await signedInPlayer(ctx);
    const bad = await b.del(`${NOTIFICATIONS_API}/notifications/42`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
    expect((await b.del(`${NOTIFICATIONS_API}/notifications/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('producers', () => {
  it('a withdrawal tells it is processed, then paid out or declined (FINANCIAL)', async () => {
    ctx.app.payments.setSettleDelay(60_000);
    const { b } = await signedInPlayer(ctx, { verified: true });
    await deposit(b, 50);
    const paid = (await b.post(WITHDRAW, { amount: 10, paymentMethod: 'CARD' })).json().transaction.id;
    const declined = (await b.post(WITHDRAW, { amount: 5.13, paymentMethod: 'CARD' })).json().transaction.id;
    await approveWithdrawal(ctx, paid);
    await approveWithdrawal(ctx, declined);
    await ctx.app.payments.settle(paid);
    await ctx.app.payments.settle(declined);
    const list = await eventually(async () => {
      const found = await listOf(b, '?category=FINANCIAL');
      expect(found.notifications).toHaveLength(5);
      return found;
    });
    expect(list.notifications.map((n) => n.notificationMessage).sort()).toEqual([
      'Your deposit of $50.00 was credited to your balance.',
      'Your withdrawal of $10.00 is being processed.',
      'Your withdrawal of $10.00 was paid out.',
      'Your withdrawal of $5.13 is being processed.',
      'Your withdrawal of $5.13 was declined; the amount is back on your balance.',
    ]);
  });

  it('a failing notification never fails the payment behind it, and arrives once it recovers', async () => {
    const { b, userId } = await quietPlayer();
    const original = ctx.app.notifications.write;
    let tried = false;
    ctx.app.notifications.write = async (_tx, input) => {
      tried ||= input.userId === userId;
      throw new Error('notifications are down');
    };
    try {
      expect(
        (await b.post(`/api/platform/users/deposit`, { amount: 12, paymentMethod: 'CARD' })).statusCode,
      ).toBe(201);
      // The deposit's notice reached the notifications module and failed there: only then does an
      // empty list say that nothing was written (rather than that nothing was tried yet).
      await expect.poll(() => tried, { timeout: 15_000 }).toBe(true);
      expect((await listOf(b)).count).toBe(0);
    } finally {
      ctx.app.notifications.write = original;
    }
    // The event stays queued and is retried with backoff: once notifications work, it arrives, once.
    await quiesce(ctx.app, 30_000);
    const list = await listOf(b, '?category=FINANCIAL');
    expect(list.notifications.map((n) => n.notificationMessage)).toEqual([
      'Your deposit of $12.00 was credited to your balance.',
    ]);
  });

  it('a notable win (10× the stake) is a GAME_RESULT; a small one is not', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 10);
    const session = await ctx.app.wallet.createGameSession({
      userId,
      currency: 'USD',
      gameCode: 'wild-paws',
      providerCode: STUDIO_PROVIDER.code,
    });
    const round = async (stake: number, win: number) => {
      const roundId = randomUUID();
      const base = {
        providerCode: STUDIO_PROVIDER.code,
        roundId,
        sessionToken: session.token,
        userId,
        currency: 'USD' as const,
        gameCode: 'wild-paws',
      };
      await ctx.app.wallet.bet({ ...base, transactionId: `bet-${roundId}`, amount: stake });
      await ctx.app.wallet.win({ ...base, transactionId: `win-${roundId}`, amount: win });
    };
    await round(100, 200);
    await round(100, 1500);
    const wins = await eventually(async () => {
      const found = await listOf(b, '?category=GAME_RESULT');
      expect(found.notifications).toHaveLength(1);
      return found;
    });
    expect(wins.notifications[0]?.notificationMessage).toBe(
      'Big win! You won $15.00 (×15 your stake). Congratulations!',
    );
  });

  it('a sign-in from a new browser and a password change are SECURITY notifications', async () => {
    const b = browser(ctx.app, PLATFORM_HOST);
    const email = `sec-${randomUUID().slice(0, 8)}@example.com`;
    const signIn = async (userAgent: string, password = PASSWORD) => {
      const other = browser(ctx.app, PLATFORM_HOST);
      ctx.clock.advance(61_000); // past the wait between two links to one address
      await other.post(
        `${ID}/auth/login`,
        { email, password, callbackUrl: `${LANDING}/callback/login` },
        { headers: { 'user-agent': userAgent } },
      );
      const verify = await other.post(
        `${ID}/auth/login/verify`,
        { token: tokenOf(await lastLinkTo(ctx.app, email)) },
        { headers: { 'user-agent': userAgent } },
      );
      expect(verify.statusCode).toBe(201);
      return other;
    };
    const res = await b.post(
      `${ID}/auth/registration`,
      { email, password: PASSWORD, ageConfirmed: true, callbackUrl: `${LANDING}/callback/register` },
      { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0' } },
    );
    expect(res.statusCode).toBe(201);
    await b.post(
      `${ID}/auth/registration/verify`,
      { token: tokenOf(await lastLinkTo(ctx.app, email)) },
      { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0' } },
    );
    // The browser of the registration: nothing to report.
    await signIn('Mozilla/5.0 (Windows NT 10.0) Chrome/130.0');
    const phone = await signIn('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1');
    const security = await eventually(async () => {
      const found = await listOf(phone, '?category=SECURITY');
      expect(found.notifications).toHaveLength(1);
      return found;
    });
    expect(security.notifications[0]?.notificationMessage).toBe(
      'New sign-in to your account from Safari on iOS. If this was not you, change your password.',
    );

    await changePassword(ctx, b, email, 'Changed#456');
    const after = await signIn('Mozilla/5.0 (Windows NT 10.0) Chrome/130.0', 'Changed#456');
    const both = await eventually(async () => {
      const found = await listOf(after, '?category=SECURITY');
      expect(found.notifications).toHaveLength(2);
      return found;
    });
    expect(both.notifications[0]?.notificationMessage).toBe(
      'Your password was changed and every session was signed out. If this was not you, contact support at once.',
    );
  });
});
