import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_COOKIE, authServerMessages } from '@paws/contracts/auth';
import type { UserData } from '@paws/contracts/profile';
import type { StaffBan } from '@paws/contracts/staff-players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_PROVIDER, signBody } from '../../src/modules/wallet/signature.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastLinkTo,
  PASSWORD,
  PLATFORM_HOST,
  tokenOf,
  userData,
} from '../identity/helpers.ts';
import { listOf } from '../notifications/helpers.ts';
import { DEPOSIT, deposit, eventually, signedInPlayer, WITHDRAW } from '../payments/helpers.ts';

let ctx: IdentityTestApp;
let support: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  support = await staffSession(ctx.app, ['support']);
});
afterAll(() => ctx?.close());

const PLAYERS = '/api/staff/players';
const ban = (userId: string, reason = 'Chargeback fraud', endsAt: string | null = null) =>
  support.inject({ method: 'POST', url: `${PLAYERS}/${userId}/ban`, payload: { reason, endsAt } });
const unban = (userId: string) =>
  support.inject({
    method: 'POST',
    url: `${PLAYERS}/${userId}/unban`,
    payload: { reason: 'Appeal accepted' },
  });

/** A bet through the seamless-wallet contract, signed as the studio signs it. */
function signedBet(userId: string, sessionToken: string, amount = 1) {
  const id = `bet-${randomUUID()}`;
  const payload = JSON.stringify({
    transactionId: id,
    roundId: `round-${id}`,
    sessionToken,
    userId,
    currency: 'USD',
    amount,
    gameCode: 'european-roulette',
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/wallet/${STUDIO_PROVIDER.code}/bet`,
    headers: {
      'content-type': 'application/json',
      'x-signature': signBody(ctx.env.STUDIO_WALLET_SECRET, payload),
    },
    payload,
  });
}

async function fundedPlayerWithGame() {
  const player = await signedInPlayer(ctx, { verified: true });
  await deposit(player.b, 50);
  // An open game session, as a launch makes it.
  const session = await ctx.app.wallet.createGameSession({
    userId: player.userId,
    currency: 'USD',
    gameCode: 'european-roulette',
    providerCode: STUDIO_PROVIDER.code,
  });
  return { ...player, token: session.token };
}

const reads = (b: Browser) => [
  b.get('/api/platform/profile/user-data'),
  b.get('/api/platform/catalog'),
  b.get('/api/platform/profile/balance-transactions'),
  b.get('/api/platform/profile/bets-transactions'),
  b.get('/api/bonuses/user-bonuses'),
  b.get(`${ID}/profile/referral`),
];

describe('a banned player', () => {
  it('browses and sees the ban in the user data; every action is refused with 403 and the ban; lifting restores play', async () => {
    const player = await fundedPlayerWithGame();
    expect((await signedBet(player.userId, player.token)).statusCode).toBe(200);
    expect((await userData(player.b)).json().user.ban).toBeUndefined();

    const res = await ban(player.userId);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as StaffBan;
    const info = { reason: 'Chargeback fraud', startedAt: created.startsAt, endsAt: null };

    // Reads: the user data carries the ban, so the client shows the banned modal at once.
    for (const read of await Promise.all(reads(player.b))) expect(read.statusCode, read.body).toBe(200);
    expect(((await userData(player.b)).json() as UserData).user.ban).toEqual(info);

    // Actions: a deposit, a game launch, a profile edit; each 403 with the ban.
    const refused = [
      await player.b.post(DEPOSIT, { amount: 10, paymentMethod: 'CARD' }),
      await player.b.post('/api/platform/catalog/game/url', {
        gameCode: 'european-roulette',
        providerCodeName: STUDIO_PROVIDER.code,
      }),
      await player.b.post(`${ID}/profile/edit/username`, { value: 'banned_one' }),
    ];
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json()).toEqual({ statusCode: 403, message: authServerMessages.banned, ban: info });
    }

    // The open game session stops taking bets: the contract's INVALID_SESSION, with the reason.
    const bet = await signedBet(player.userId, player.token);
    expect(bet.statusCode, bet.body).toBe(401);
    expect(bet.json()).toMatchObject({ code: 'INVALID_SESSION', message: authServerMessages.banned });
    // The studio's in-process calls refuse alike.
    await expect(
      ctx.app.wallet.bet({
        providerCode: STUDIO_PROVIDER.code,
        transactionId: `bet-${randomUUID()}`,
        roundId: randomUUID(),
        sessionToken: player.token,
        userId: player.userId,
        currency: 'USD',
        amount: 100,
        gameCode: 'european-roulette',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_SESSION' });

    // The session is kept: the refresh still works (past the access token's 15 minutes, too).
    expect((await player.b.post(`${ID}/auth/refresh-tokens`)).statusCode).toBe(201);

    // A withdrawal of the balance is taken (held for staff review), not refused by the ban.
    const withdraw = await player.b.post(WITHDRAW, { amount: 5, paymentMethod: 'CARD' });
    expect(withdraw.statusCode, withdraw.body).toBe(201);

    // Lifted: everything works again without a new sign-in.
    expect((await unban(player.userId)).statusCode).toBe(200);
    expect(((await userData(player.b)).json() as UserData).user.ban).toBeUndefined();
    expect((await signedBet(player.userId, player.token)).statusCode).toBe(200);
    expect((await player.b.post(DEPOSIT, { amount: 10, paymentMethod: 'CARD' })).statusCode).toBe(201);
  });

  it('can sign in while banned, and sees the ban on the first load', async () => {
    const player = await signedInPlayer(ctx);
    const email = ((await userData(player.b)).json() as UserData).user.email as string;
    expect((await ban(player.userId, 'Abuse of chat')).statusCode).toBe(201);
    ctx.clock.advance(61_000);
    const b = browser(ctx.app, PLATFORM_HOST);
    const login = await b.post(`${ID}/auth/login`, {
      email,
      password: PASSWORD,
      callbackUrl: `${LANDING}/callback/login`,
    });
    expect(login.statusCode, login.body).toBe(201);
    const verify = await b.post(`${ID}/auth/login/verify`, {
      token: tokenOf(await lastLinkTo(ctx.app, email)),
    });
    expect(verify.statusCode, verify.body).toBe(201);
    const me = await userData(b);
    expect(me.statusCode).toBe(200);
    expect((me.json() as UserData).user.ban).toMatchObject({ reason: 'Abuse of chat', endsAt: null });
    // A write still answers the ban.
    expect((await b.post(DEPOSIT, { amount: 10, paymentMethod: 'CARD' })).statusCode).toBe(403);
  });

  it('a timed ban ends on its own: play resumes without a new sign-in', async () => {
    const player = await fundedPlayerWithGame();
    const endsAt = new Date(ctx.clock.now().getTime() + 10 * 60_000).toISOString();
    expect((await ban(player.userId, 'Cooling off', endsAt)).statusCode).toBe(201);
    expect((await signedBet(player.userId, player.token)).statusCode).toBe(401);
    ctx.clock.advance(11 * 60_000);
    expect((await signedBet(player.userId, player.token)).statusCode).toBe(200);
    expect((await player.b.post(DEPOSIT, { amount: 10, paymentMethod: 'CARD' })).statusCode).toBe(201);
  });

  it('app.requireNotBanned refuses a read-shaped action of a banned player', async () => {
    const player = await signedInPlayer(ctx);
    expect((await ban(player.userId)).statusCode).toBe(201);
    const sessions = await ctx.app.identity.sessions.check(player.b.jar.get(ACCESS_TOKEN_COOKIE));
    expect(sessions.user?.ban).toMatchObject({ reason: 'Chargeback fraud' });
    const request = { user: sessions.user } as Parameters<typeof ctx.app.requireNotBanned>[0];
    await expect(
      ctx.app.requireNotBanned(request, {} as Parameters<typeof ctx.app.requireNotBanned>[1]),
    ).rejects.toMatchObject({ statusCode: 403, message: authServerMessages.banned });
  });

  it('is told by a notification when a ban is put on and when it is lifted (the ban events)', async () => {
    const player = await signedInPlayer(ctx);
    expect((await ban(player.userId, 'Abusive chat')).statusCode).toBe(201);
    const restricted = await eventually(async () => {
      const found = (await listOf(player.b)).notifications.find((n) => n.messageKey === 'account.restricted');
      expect(found).toBeDefined();
      return found!;
    });
    expect(restricted).toMatchObject({ category: 'SECURITY', messageParams: { reason: 'Abusive chat' } });
    expect(restricted.notificationMessage).toContain('Abusive chat');

    expect((await unban(player.userId)).statusCode).toBe(200);
    await eventually(async () => {
      const keys = (await listOf(player.b)).notifications.map((n) => n.messageKey);
      expect(keys).toContain('account.restrictionLifted');
    });
  });
});
