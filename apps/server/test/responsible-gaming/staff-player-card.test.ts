import { staffPlayerMessages } from '@paws/contracts/staff-players';
import {
  type StaffRgPlayer,
  staffRgAuditActions,
  staffRgMessages,
} from '@paws/contracts/staff-responsible-gaming';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../src/core/events/schema.ts';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { BACKOFFICE, backOfficeInject, type StaffSession, staffSession } from '../helpers/staff.ts';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  PASSWORD,
  uniqueAddress,
} from '../identity/helpers.ts';
import { fundedPlayer, setLimit } from './helpers.ts';

const API = '/api/staff/responsible-gaming';
const RG = '/api/platform/profile/responsible-gaming';
let ctx: IdentityTestApp;
let support: StaffSession;
let finance: StaffSession;
let content: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [support, finance, content] = await Promise.all([
    staffSession(ctx.app, ['support']),
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['content']),
  ]);
});
afterAll(() => ctx?.close());

const card = async (staff: StaffSession, userId: string) => {
  const res = await staff.inject({ method: 'GET', url: `${API}/players/${userId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StaffRgPlayer;
};
const lower = (staff: StaffSession, userId: string, body: Record<string, unknown>) =>
  staff.inject({ method: 'PUT', url: `${API}/players/${userId}/limits`, payload: body });
const auditOf = (userId: string, action: string) =>
  ctx.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, action)));

/** A player with a daily deposit limit of 100 and a raise to 200 waiting its 24 hours. */
async function limitedPlayer() {
  const p = await fundedPlayer(ctx);
  expect((await setLimit(p.b, { kind: 'DEPOSIT', period: 'DAY', amount: 100 })).statusCode).toBe(200);
  // The history is newest first: each change a second after the last.
  ctx.clock.advance(1000);
  expect((await setLimit(p.b, { kind: 'DEPOSIT', period: 'DAY', amount: 200 })).statusCode).toBe(200);
  return p;
}

describe("the player's responsible gaming card", () => {
  it('support and finance read the limits in force, the pending raise and the history; others may not', async () => {
    const { userId, b } = await limitedPlayer();
    for (const staff of [support, finance]) {
      const read = await card(staff, userId);
      expect(read.limits.find((l) => l.kind === 'DEPOSIT' && l.period === 'DAY')).toMatchObject({
        amount: 100,
        pending: { amount: 200 },
      });
      expect(read.limitHistory.map((c) => [c.from, c.to, c.requestedBy])).toEqual([
        [100, 200, 'player'],
        [null, 100, 'player'],
      ]);
    }
    expect((await content.inject({ method: 'GET', url: `${API}/players/${userId}` })).statusCode).toBe(403);
    // A player's own cookies, on the back office's origin: no staff session.
    const asPlayer = await backOfficeInject(ctx.app, {
      method: 'GET',
      url: `${API}/players/${userId}`,
      cookie: b.jar.header(RG),
    });
    expect(asPlayer.statusCode).toBe(401);
    // On the player's own origin the staff API does not exist.
    expect((await b.get(`${API}/players/${userId}`)).statusCode).toBe(404);
    const unknown = await support.inject({
      method: 'GET',
      url: `${API}/players/00000000-0000-4000-8000-000000000000`,
    });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: staffPlayerMessages.notFound });
  });

  it("shows the player's reality check and daily play-time limit as they chose them", async () => {
    const { userId, b } = await fundedPlayer(ctx);
    expect((await card(support, userId)).play).toMatchObject({
      session: null,
      realityCheck: { intervalMinutes: null },
      playTime: { limitMinutes: null, pending: null, playedTodaySeconds: 0, blockedUntil: null },
    });
    const play = `${RG}/play-session`;
    for (const [url, payload] of [
      [`${RG}/reality-check`, { intervalMinutes: 15 }],
      [`${RG}/play-time-limit`, { minutes: 120 }],
    ] as const) {
      const res = await b.send({ method: 'PUT', url, payload });
      expect(res.statusCode, res.body).toBe(200);
    }
    const read = (await card(support, userId)).play;
    expect(read).toMatchObject({
      realityCheck: { intervalMinutes: 15 },
      playTime: { limitMinutes: 120, pending: null },
    });
    // The same view the player reads of themself.
    const own = (await b.get(play)).json();
    expect({ ...read, now: own.now }).toEqual(own);
  });

  it('lists the play-time limit’s changes in minutes with the money limits’, each published as an event', async () => {
    const { userId, b } = await fundedPlayer(ctx);
    const setPlayTime = (minutes: number | null) =>
      b.send({ method: 'PUT', url: `${RG}/play-time-limit`, payload: { minutes } });
    expect((await setPlayTime(120)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await setPlayTime(60)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await setPlayTime(null)).statusCode).toBe(200);
    // The same limit again changes nothing and is not a change.
    ctx.clock.advance(1000);
    expect((await setPlayTime(null)).statusCode).toBe(200);
    const at = ctx.clock.now().getTime();
    const history = (await card(support, userId)).limitHistory.filter((c) => c.kind === 'PLAY_TIME');
    expect(history.map((c) => [c.period, c.from, c.to, c.requestedBy])).toEqual([
      ['DAY', 60, null, 'player'],
      ['DAY', 120, 60, 'player'],
      ['DAY', null, 120, 'player'],
    ]);
    // Stricter at once; the removal after its 24 hours.
    expect(new Date(history[0]!.effectiveAt).getTime()).toBe(at - 1000 + 24 * 3_600_000);
    expect(history[1]!.effectiveAt).toBe(history[1]!.requestedAt);
    const events = await ctx.app.database.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.name, 'responsible-gaming.limit_changed'),
          sql`${domainEvents.payload}->>'userId' = ${userId}`,
        ),
      );
    expect(events.map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'PLAY_TIME', period: 'DAY', from: null, to: 120 }),
        expect.objectContaining({ kind: 'PLAY_TIME', period: 'DAY', from: 120, to: 60 }),
        expect.objectContaining({ kind: 'PLAY_TIME', period: 'DAY', from: 60, to: null }),
      ]),
    );
    expect(events).toHaveLength(3);
  });

  it('shows a time-out in force, which staff cannot lift', async () => {
    const { userId, b } = await fundedPlayer(ctx);
    expect((await b.post(`${RG}/time-out`, { period: 'WEEK' })).statusCode).toBe(200);
    const [restriction] = (await card(support, userId)).restrictions;
    expect(restriction).toMatchObject({
      kind: 'TIME_OUT',
      active: true,
      returnAllowedAt: null,
      source: 'PLAYER',
    });
    const unban = await support.inject({
      method: 'POST',
      url: `/api/staff/players/${userId}/unban`,
      payload: { reason: 'The player asked us to' },
    });
    expect(unban.statusCode).toBe(409);
    expect((await card(support, userId)).restrictions[0]).toMatchObject({ active: true });
  });

  it('shows a self-exclusion the sandbox national register recorded at sign-up (e-mail or phone), which staff cannot lift', async () => {
    const { email } = uniqueAddress();
    for (const address of [{ email: email.replace('@', '+selfexcluded@') }, { phone: '+447700000000' }]) {
      const registration = await browser(ctx.app).post(`${ID}/auth/registration`, {
        ...address,
        password: PASSWORD,
        ageConfirmed: true,
        callbackUrl: `${LANDING}/callback/register`,
      });
      expect(registration.statusCode, registration.body).toBe(201);
      const [found] = (
        await ctx.app.identity.searchPlayers({
          q: address.email ?? address.phone,
          page: 1,
          limit: 1,
          sort: 'createdAt',
          order: 'desc',
        })
      ).items;
      const userId = found?.id as string;
      expect((await card(support, userId)).restrictions).toMatchObject([
        { kind: 'SELF_EXCLUSION', active: true, endsAt: null, source: 'NATIONAL_REGISTER' },
      ]);
      const unban = await support.inject({
        method: 'POST',
        url: `/api/staff/players/${userId}/unban`,
        payload: { reason: 'The player asked us to' },
      });
      expect(unban.statusCode).toBe(409);
    }
  });

  it("support sets a lower limit on the player's behalf: at once, the raise dropped, audited", async () => {
    const { userId } = await limitedPlayer();
    ctx.clock.advance(1000);
    const res = await lower(support, userId, {
      kind: 'DEPOSIT',
      period: 'DAY',
      amount: 50,
      reason: 'Agreed with the player on the phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = await card(support, userId);
    expect(read.limits.find((l) => l.kind === 'DEPOSIT' && l.period === 'DAY')).toMatchObject({
      amount: 50,
      pending: null,
    });
    expect(read.limitHistory[0]).toMatchObject({ from: 100, to: 50, requestedBy: `staff:${support.userId}` });
    const [row] = await auditOf(userId, staffRgAuditActions.lowerLimit);
    expect(row).toMatchObject({
      actorId: support.userId,
      targetType: 'user',
      before: { kind: 'DEPOSIT', period: 'DAY', amount: 100 },
      after: { kind: 'DEPOSIT', period: 'DAY', amount: 50, reason: 'Agreed with the player on the phone' },
    });
    // A limit where the player had none is stricter too.
    expect(
      (
        await lower(support, userId, {
          kind: 'LOSS',
          period: 'WEEK',
          amount: 20,
          reason: 'Asked by the player',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('staff may not raise, keep or remove a limit; finance may not change one at all', async () => {
    const { userId } = await limitedPlayer();
    for (const amount of [150, 100]) {
      const refused = await lower(support, userId, {
        kind: 'DEPOSIT',
        period: 'DAY',
        amount,
        reason: 'Asked',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ field: 'amount', message: staffRgMessages.notLower });
    }
    const removal = await lower(support, userId, {
      kind: 'DEPOSIT',
      period: 'DAY',
      amount: null,
      reason: 'Asked',
    });
    expect(removal.statusCode).toBe(400);
    expect(removal.json().field).toBe('amount');
    const noReason = await lower(support, userId, { kind: 'DEPOSIT', period: 'DAY', amount: 10 });
    expect(noReason.json()).toMatchObject({ statusCode: 400, field: 'reason' });
    const byFinance = await lower(finance, userId, {
      kind: 'DEPOSIT',
      period: 'DAY',
      amount: 10,
      reason: 'Asked',
    });
    expect(byFinance.statusCode).toBe(403);
    expect(await auditOf(userId, staffRgAuditActions.lowerLimit)).toEqual([]);
    expect(
      (await card(support, userId)).limits.find((l) => l.kind === 'DEPOSIT' && l.period === 'DAY'),
    ).toMatchObject({ amount: 100, pending: { amount: 200 } });
  });
});

describe('contacts', () => {
  it("support records a contact: audited, and in the player's history", async () => {
    const { userId } = await fundedPlayer(ctx);
    const res = await support.inject({
      method: 'POST',
      url: `${API}/players/${userId}/contacts`,
      payload: { channel: 'PHONE', outcome: 'LIMITS_AGREED', note: 'Set a weekly deposit limit together' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      channel: 'PHONE',
      outcome: 'LIMITS_AGREED',
      staffEmail: support.email,
    });
    const [row] = await auditOf(userId, staffRgAuditActions.contact);
    expect(row).toMatchObject({
      actorId: support.userId,
      after: { contactId: res.json().id, channel: 'PHONE', outcome: 'LIMITS_AGREED' },
    });
    expect((await card(finance, userId)).contacts).toEqual([res.json()]);
  });

  it('bad input names the field; finance reads but does not record', async () => {
    const { userId } = await fundedPlayer(ctx);
    const url = `${API}/players/${userId}/contacts`;
    for (const [payload, field] of [
      [{ channel: 'PIGEON', outcome: 'NO_CONCERN' }, 'channel'],
      [{ channel: 'EMAIL', outcome: 'MAYBE' }, 'outcome'],
      [{ channel: 'EMAIL', outcome: 'NO_CONCERN', note: 'x'.repeat(2001) }, 'note'],
    ] as const) {
      const res = await support.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const byFinance = await finance.inject({
      method: 'POST',
      url,
      payload: { channel: 'EMAIL', outcome: 'NO_CONCERN' },
    });
    expect(byFinance.statusCode).toBe(403);
    expect(await auditOf(userId, staffRgAuditActions.contact)).toEqual([]);
  });
});
