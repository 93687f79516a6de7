import { randomUUID } from 'node:crypto';
import { renderNotificationMessage } from '@paws/contracts/notifications-messages';
import type { StaffPage } from '@paws/contracts/staff-lists';
import {
  type BroadcastComposeInput,
  type BroadcastPreview,
  broadcastMessages,
  type StaffBroadcast,
} from '@paws/contracts/staff-promotions';
import { and, eq, gte, inArray, isNotNull, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { sessions, users } from '../../src/modules/identity/schema.ts';
import { broadcasts, notifications } from '../../src/modules/notifications/schema.ts';
import { balanceTransactions } from '../../src/modules/payments/schema.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { listOf } from '../notifications/helpers.ts';
import { deposit, eventually, signedInPlayer } from '../payments/helpers.ts';

const API = '/api/staff/broadcasts';
const DAY = 86_400_000;
let ctx: IdentityTestApp;
let content: StaffSession;
let finance: StaffSession;
/** Signed in now, deposited, verified. */
let depositor: Awaited<ReturnType<typeof signedInPlayer>>;
/** Signed in now; nothing else. */
let newcomer: Awaited<ReturnType<typeof signedInPlayer>>;
/** Never signed in; verified. */
let dormant: string;
/** Last signed in 10 days ago. */
let lapsed: string;

const db = () => ctx.app.database.db;

async function insertPlayer(values: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await db()
    .insert(users)
    .values({ email: `b-${randomUUID()}@broadcast.test`, passwordHash: 'x', ...values })
    .returning({ id: users.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [content, finance] = await Promise.all([
    staffSession(ctx.app, ['content']),
    staffSession(ctx.app, ['finance']),
  ]);
  depositor = await signedInPlayer(ctx, { verified: true });
  await deposit(depositor.b, 25);
  newcomer = await signedInPlayer(ctx);
  dormant = await insertPlayer({ verificationType: 'APPROVED' });
  lapsed = await insertPlayer();
  const tenDaysAgo = new Date(Date.now() - 10 * DAY);
  await db()
    .insert(sessions)
    .values({
      familyId: randomUUID(),
      userId: lapsed,
      tokenHash: randomUUID(),
      createdAt: tenDaysAgo,
      lastUsedAt: tenDaysAgo,
      expiresAt: new Date(tenDaysAgo.getTime() + 30 * DAY),
    });
});
afterAll(() => ctx?.close());

/** Each segment worked out from the tables, independently of the service. */
async function expectedSegment(body: BroadcastComposeInput): Promise<string[]> {
  const players = await ctx.app.identity.activePlayerIds();
  const ids = async (query: Promise<{ id: string }[]>) => new Set((await query).map((row) => row.id));
  const depositors = await ids(
    db()
      .selectDistinct({ id: balanceTransactions.userId })
      .from(balanceTransactions)
      .where(and(eq(balanceTransactions.type, 'DEPOSIT'), eq(balanceTransactions.status, 'COMPLETED'))),
  );
  switch (body.segment) {
    case 'ALL':
      return players;
    case 'DEPOSITED':
      return players.filter((id) => depositors.has(id));
    case 'NEVER_DEPOSITED':
      return players.filter((id) => !depositors.has(id));
    case 'VERIFIED': {
      const verified = await ids(
        db().select({ id: users.id }).from(users).where(eq(users.verificationType, 'APPROVED')),
      );
      return players.filter((id) => verified.has(id));
    }
    case 'ACTIVE': {
      const since = new Date(Date.now() - (body.activeDays ?? 0) * DAY);
      const seen = await ids(
        db()
          .selectDistinct({ id: sessions.userId })
          .from(sessions)
          .where(or(gte(sessions.createdAt, since), gte(sessions.lastUsedAt, since))),
      );
      return players.filter((id) => seen.has(id));
    }
  }
}

const compose = (body: Partial<BroadcastComposeInput> = {}): BroadcastComposeInput => ({
  title: 'Weekend reload',
  text: 'Deposit $50 and get $10 in bonus money.',
  segment: 'ALL',
  ...body,
});

async function preview(body: BroadcastComposeInput) {
  const res = await content.inject({ method: 'POST', url: `${API}/preview`, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BroadcastPreview;
}

async function history(query = '') {
  const res = await content.inject({ method: 'GET', url: `${API}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StaffPage<StaffBroadcast>;
}

describe('broadcast preview', () => {
  it('counts exactly the segment, for every segment, and writes nothing', async () => {
    const before = await db().$count(notifications, isNotNull(notifications.broadcastId));
    const segments: BroadcastComposeInput[] = [
      compose({ segment: 'ALL' }),
      compose({ segment: 'DEPOSITED' }),
      compose({ segment: 'NEVER_DEPOSITED' }),
      compose({ segment: 'VERIFIED' }),
      compose({ segment: 'ACTIVE', activeDays: 7 }),
      compose({ segment: 'ACTIVE', activeDays: 30 }),
    ];
    const counts: Record<string, number> = {};
    for (const body of segments) {
      const expected = await expectedSegment(body);
      const shown = await preview(body);
      expect(shown.recipients, `${body.segment} ${body.activeDays ?? ''}`).toBe(expected.length);
      counts[`${body.segment}${body.activeDays ?? ''}`] = shown.recipients;
    }
    // The fixtures sit where they should.
    expect(await expectedSegment(compose({ segment: 'DEPOSITED' }))).toContain(depositor.userId);
    expect(await expectedSegment(compose({ segment: 'VERIFIED' }))).toEqual(
      expect.arrayContaining([depositor.userId, dormant]),
    );
    const week = await expectedSegment(compose({ segment: 'ACTIVE', activeDays: 7 }));
    expect(week).toEqual(expect.arrayContaining([depositor.userId, newcomer.userId]));
    expect(week).not.toContain(lapsed);
    expect(await expectedSegment(compose({ segment: 'ACTIVE', activeDays: 30 }))).toContain(lapsed);
    expect(counts.DEPOSITED! + counts.NEVER_DEPOSITED!).toBe(counts.ALL);
    expect(counts.ACTIVE30).toBe(counts.ACTIVE7! + 1);
    // No broadcast notification was written (other notices, e.g. the fixtures' welcome ones, may land meanwhile).
    expect(await db().$count(notifications, isNotNull(notifications.broadcastId))).toBe(before);
    expect(await db().$count(broadcasts)).toBe(0);
  });

  it('renders the notification players will read', async () => {
    const shown = await preview(compose());
    expect(shown.notification).toMatchObject({
      notificationMessage: 'Weekend reload: Deposit $50 and get $10 in bonus money.',
      category: 'ADVERTISING',
      isRead: false,
    });
    const exclaimed = await preview(compose({ title: 'Big weekend!', text: 'Double points on Loto.' }));
    expect(exclaimed.notification.notificationMessage).toBe('Big weekend! Double points on Loto.');
  });

  it('refuses bad input on every field, naming it', async () => {
    const cases: [Partial<BroadcastComposeInput> | Record<string, unknown>, string, string][] = [
      [{ title: '  ' }, 'title', broadcastMessages.title],
      [{ title: 'x'.repeat(101) }, 'title', broadcastMessages.title],
      [{ title: undefined }, 'title', broadcastMessages.title],
      [{ text: '' }, 'text', broadcastMessages.text],
      [{ text: 'x'.repeat(899) }, 'text', broadcastMessages.text],
      [{ segment: 'VIP' }, 'segment', broadcastMessages.segment],
      [{ segment: 'ACTIVE' }, 'activeDays', broadcastMessages.activeDays],
      [{ segment: 'ACTIVE', activeDays: 0 }, 'activeDays', broadcastMessages.activeDays],
      [{ segment: 'ACTIVE', activeDays: 366 }, 'activeDays', broadcastMessages.activeDays],
      [{ segment: 'ACTIVE', activeDays: 2.5 }, 'activeDays', broadcastMessages.activeDays],
      [{ segment: 'ALL', activeDays: 7 }, 'activeDays', broadcastMessages.activeDaysNotApplicable],
    ];
    for (const url of [`${API}/preview`, API]) {
      for (const [change, field, message] of cases) {
        const res = await content.inject({ method: 'POST', url, payload: { ...compose(), ...change } });
        expect(res.statusCode, `${url} ${JSON.stringify(change)}`).toBe(400);
        expect(res.json(), JSON.stringify(change)).toMatchObject({ field, message });
      }
    }
    expect(await db().$count(broadcasts)).toBe(0);
  });

  it('is for content and admins: finance may not preview, send or read the history', async () => {
    expect(
      (await finance.inject({ method: 'POST', url: `${API}/preview`, payload: compose() })).statusCode,
    ).toBe(403);
    expect((await finance.inject({ method: 'POST', url: API, payload: compose() })).statusCode).toBe(403);
    expect((await finance.inject({ method: 'GET', url: API })).statusCode).toBe(403);
  });
});

describe('sending a broadcast', () => {
  it('queues it, delivers one ADVERTISING notification per recipient, and shows it in the history', async () => {
    const body = compose({
      segment: 'ACTIVE',
      activeDays: 7,
      title: 'Loto night',
      text: 'Double points from 8 pm.',
    });
    const expected = await expectedSegment(body);
    const { recipients } = await preview(body);

    const sent = await content.inject({ method: 'POST', url: API, payload: body });
    expect(sent.statusCode, sent.body).toBe(202);
    const queued = sent.json() as StaffBroadcast;
    expect(queued).toMatchObject({
      title: 'Loto night',
      message: 'Loto night: Double points from 8 pm.',
      segment: 'ACTIVE',
      activeDays: 7,
      recipients,
      createdBy: content.userId,
      createdByEmail: content.email,
    });

    const done = await eventually(async () => {
      const { items } = await history();
      const found = items.find((item) => item.id === queued.id);
      expect(found?.status).toBe('SENT');
      return found!;
    }, 20_000);
    expect(done.recipients).toBe(expected.length);
    expect(done.sentAt).not.toBeNull();

    const rows = await db().select().from(notifications).where(eq(notifications.broadcastId, queued.id));
    expect(rows).toHaveLength(expected.length);
    expect(new Set(rows.map((row) => row.userId))).toEqual(new Set(expected));
    expect(rows.every((row) => row.category === 'ADVERTISING')).toBe(true);

    // Players read it through their own notifications API; one outside the segment does not get it.
    for (const player of [depositor, newcomer]) {
      const list = await listOf(player.b, '?category=ADVERTISING');
      expect(list.notifications.filter((n) => n.notificationMessage === done.message)).toHaveLength(1);
    }
    expect(
      await db().$count(
        notifications,
        and(eq(notifications.userId, lapsed), eq(notifications.broadcastId, queued.id)),
      ),
    ).toBe(0);

    // A retried job writes nobody twice.
    await db().update(broadcasts).set({ status: 'SENDING' }).where(eq(broadcasts.id, queued.id));
    await ctx.app.notifications.deliverBroadcast(queued.id);
    expect(await db().$count(notifications, eq(notifications.broadcastId, queued.id))).toBe(expected.length);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broadcast.send'), eq(auditLog.targetId, queued.id)));
    expect(audit).toMatchObject({
      actorId: content.userId,
      actorRoles: ['content'],
      targetType: 'broadcast',
      after: { title: 'Loto night', segment: 'ACTIVE', activeDays: 7, recipients },
    });
  });

  it('refuses an empty segment on segment', async () => {
    // Nobody verified for a moment: the VERIFIED segment is empty.
    const verified = await db()
      .update(users)
      .set({ verificationType: 'NONE' })
      .where(eq(users.verificationType, 'APPROVED'))
      .returning({ id: users.id });
    try {
      expect(await expectedSegment(compose({ segment: 'VERIFIED' }))).toEqual([]);
      expect((await preview(compose({ segment: 'VERIFIED' }))).recipients).toBe(0);
      const res = await content.inject({
        method: 'POST',
        url: API,
        payload: compose({ segment: 'VERIFIED' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'segment', message: broadcastMessages.noRecipients });
    } finally {
      await db()
        .update(users)
        .set({ verificationType: 'APPROVED' })
        .where(
          inArray(
            users.id,
            verified.map((row) => row.id),
          ),
        );
    }
  });

  it('the history filters, sorts, pages and exports CSV', async () => {
    await content.inject({
      method: 'POST',
      url: API,
      payload: compose({ segment: 'DEPOSITED', title: 'For depositors' }),
    });
    await content.inject({ method: 'POST', url: API, payload: compose({ title: 'Everyone' }) });
    const all = await history('sort=createdAt&order=desc');
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.title)).toEqual(['Everyone', 'For depositors', 'Loto night']);
    expect(all.items[0]).toMatchObject({
      segment: 'ALL',
      message: 'Everyone: Deposit $50 and get $10 in bonus money.',
    });
    expect((await history('segment=DEPOSITED')).items.map((item) => item.title)).toEqual(['For depositors']);
    expect((await history('limit=1&page=3')).items.map((item) => item.title)).toEqual(['Loto night']);
    expect((await history(`dateFrom=${new Date(Date.now() + DAY).toISOString().slice(0, 10)}`)).total).toBe(
      0,
    );

    const csv = await content.inject({ method: 'GET', url: `${API}?format=csv&order=asc` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Created at,Sent by,Segment,Title,Message,Recipients,Status,Sent at');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(
      `${content.email},Players active in the last 7 days,Loto night,Loto night: Double points from 8 pm.`,
    );

    for (const [query, field] of [
      ['segment=VIP', 'segment'],
      ['status=LOST', 'status'],
      ['dateTo=soon', 'dateTo'],
      ['sort=title', 'sort'],
    ] as const) {
      const res = await content.inject({ method: 'GET', url: `${API}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });
});

describe('a broadcast in four languages (issue 31)', () => {
  it('each player reads it in their language, English where staff wrote none', async () => {
    const body = compose({
      segment: 'DEPOSITED',
      title: 'Weekend reload',
      text: 'Deposit $50 and get $10 in bonus money.',
      translations: {
        es: { title: 'Recarga de fin de semana', text: 'Deposita $50 y recibe $10 de bono.' },
        fr: { title: 'Recharge du week-end', text: 'Déposez 50 $ et recevez 10 $ de bonus.' },
        it: { title: '  ', text: '' },
      },
    });
    const shown = await preview(body);
    expect(renderNotificationMessage(shown.notification, 'es')).toBe(
      'Recarga de fin de semana: Deposita $50 y recibe $10 de bono.',
    );

    const sent = await content.inject({ method: 'POST', url: API, payload: body });
    expect(sent.statusCode, sent.body).toBe(202);
    const queued = sent.json() as StaffBroadcast;
    // Italian left empty is no translation.
    expect(Object.keys(queued.translations).sort()).toEqual(['es', 'fr']);
    await eventually(async () => {
      expect(await db().$count(notifications, eq(notifications.broadcastId, queued.id))).toBeGreaterThan(0);
    }, 20_000);

    const list = await listOf(depositor.b, '?category=ADVERTISING');
    const mine = list.notifications.find((n) => n.notificationMessage.startsWith('Weekend reload: Deposit'));
    expect(mine).toBeDefined();
    const read = (language: string) => renderNotificationMessage(mine!, language);
    expect(read('en')).toBe('Weekend reload: Deposit $50 and get $10 in bonus money.');
    expect(read('es')).toBe('Recarga de fin de semana: Deposita $50 y recibe $10 de bono.');
    expect(read('fr')).toBe('Recharge du week-end: Déposez 50 $ et recevez 10 $ de bonus.');
    expect(read('it')).toBe('Weekend reload: Deposit $50 and get $10 in bonus money.');
  });

  it('a translation with a title and no text (or the reverse) is refused on that field', async () => {
    const before = await db().$count(broadcasts);
    for (const [translation, field, message] of [
      [{ title: 'Solo título' }, 'translations.es.text', broadcastMessages.translationText],
      [{ text: 'Solo texto' }, 'translations.es.title', broadcastMessages.translationTitle],
      [{ title: 'x'.repeat(101), text: 'y' }, 'translations.es.title', broadcastMessages.translationTitle],
    ] as const) {
      const res = await content.inject({
        method: 'POST',
        url: API,
        payload: { ...compose(), translations: { es: translation } },
      });
      expect(res.statusCode, JSON.stringify(translation)).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
    expect(await db().$count(broadcasts)).toBe(before);
  });
});
