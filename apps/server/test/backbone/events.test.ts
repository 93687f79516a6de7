import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATHER_MS, QUIET_EVENTS, queueOf } from '../../src/core/events/bus.ts';
import { recordEvent } from '../../src/core/events/record.ts';
import { domainEvents, eventInbox } from '../../src/core/events/schema.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { notifications } from '../../src/modules/notifications/schema.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { quiesce } from './helpers.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

async function newUser() {
  const id = randomUUID();
  await ctx.app.database.db.insert(users).values({ id, email: `${id}@example.com`, passwordHash: 'x' });
  return id;
}
const noticesOf = (userId: string) =>
  ctx.app.database.db.select().from(notifications).where(eq(notifications.userId, userId));
const verified = (userId: string) => ({ userId, result: 'APPROVED' as const });

describe('the outbox', () => {
  it('delivers an event once its transaction commits, once per subscriber', async () => {
    const userId = await newUser();
    const id = await ctx.app.database.db.transaction((tx) =>
      recordEvent(tx, 'kyc.verification_result', verified(userId)),
    );
    await quiesce(ctx.app);
    expect((await noticesOf(userId)).map((n) => n.message)).toEqual([
      'Your identity is verified. Thank you!',
    ]);
    const [row] = await ctx.app.database.db.select().from(domainEvents).where(eq(domainEvents.id, id));
    expect(row?.dispatchedAt).toBeInstanceOf(Date);
    const inbox = await ctx.app.database.db.select().from(eventInbox).where(eq(eventInbox.eventId, id));
    expect(inbox.map((r) => r.subscriber)).toEqual(['notifications.notices']);
  });

  it('never delivers an event whose transaction rolled back', async () => {
    const userId = await newUser();
    let id = '';
    await expect(
      ctx.app.database.db.transaction(async (tx) => {
        id = await recordEvent(tx, 'kyc.verification_result', verified(userId));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await quiesce(ctx.app);
    expect(await ctx.app.database.db.$count(domainEvents, eq(domainEvents.id, id))).toBe(0);
    expect(await noticesOf(userId)).toEqual([]);
  });

  it('refuses a payload that breaks the contract, failing the change that made it', async () => {
    await expect(
      ctx.app.database.db.transaction((tx) =>
        recordEvent(tx, 'kyc.verification_result', { userId: 'not-a-uuid', result: 'APPROVED' }),
      ),
    ).rejects.toThrow();
  });

  it('a delivered event handed to its subscriber again changes nothing', async () => {
    const userId = await newUser();
    const id = await ctx.app.database.db.transaction((tx) =>
      recordEvent(tx, 'kyc.verification_result', verified(userId)),
    );
    await quiesce(ctx.app);
    const [row] = await ctx.app.database.db.select().from(domainEvents).where(eq(domainEvents.id, id));
    const event = { id, name: row?.name, payload: row?.payload, createdAt: row?.createdAt.toISOString() };
    await ctx.app.jobs.send(queueOf('notifications.notices'), { events: [event, event] });
    await quiesce(ctx.app);
    expect(await noticesOf(userId)).toHaveLength(1);
    expect(
      await ctx.app.database.db.$count(
        eventInbox,
        and(eq(eventInbox.eventId, id), eq(eventInbox.subscriber, 'notifications.notices')),
      ),
    ).toBe(1);
  });

  it('two deliveries of one batch at once: the effect and the inbox row once, the later one retried and skipping', async () => {
    const userId = await newUser();
    // Not in the outbox (so never dispatched): only these two jobs carry it.
    const event = {
      id: randomUUID(),
      name: 'kyc.verification_result',
      payload: verified(userId),
      createdAt: new Date().toISOString(),
    };
    await Promise.all([
      ctx.app.jobs.send(queueOf('notifications.notices'), { events: [event] }),
      ctx.app.jobs.send(queueOf('notifications.notices'), { events: [event] }),
    ]);
    await quiesce(ctx.app);
    expect(await noticesOf(userId)).toHaveLength(1);
    const inbox = await ctx.app.database.db
      .select()
      .from(eventInbox)
      .where(and(eq(eventInbox.eventId, event.id), eq(eventInbox.subscriber, 'notifications.notices')));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.handledAt).toBeInstanceOf(Date);
  });

  it('an event in a quiet outbox leaves at once, without waiting the gathering time', async () => {
    await quiesce(ctx.app);
    const userId = await newUser();
    const id = await ctx.app.database.db.transaction((tx) =>
      recordEvent(tx, 'kyc.verification_result', verified(userId)),
    );
    const waited = async () => {
      const [row] = await ctx.app.database.db.select().from(domainEvents).where(eq(domainEvents.id, id));
      return row?.dispatchedAt ? row.dispatchedAt.getTime() - row.createdAt.getTime() : null;
    };
    let ms = await waited();
    while (ms === null) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      ms = await waited();
    }
    expect(ms).toBeLessThan(GATHER_MS);
  });

  it('events that come in numbers wait for the gathering time and leave in one job per subscriber', async () => {
    await quiesce(ctx.app);
    // Ids (UUIDv7) made as by a clock 800 ms ahead: a pass waits until the first is GATHER_MS old, a second
    // away, so the second commit, 300 ms (three polls) after the first, falls within it even on a loaded machine.
    // Written straight to the outbox, as recordEvent does; more than QUIET_EVENTS at a time.
    const ahead = Date.now() + 800;
    const ids = Array.from({ length: 2 * (QUIET_EVENTS + 1) }, (_, i) => {
      const hex = (ahead + i).toString(16).padStart(12, '0') + randomUUID().replace(/-/g, '').slice(12);
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    });
    const payloads = await Promise.all(ids.map(async () => verified(await newUser())));
    // Each part in one statement: its events become visible together.
    const commit = (from: number, to: number) =>
      ctx.app.database.db.insert(domainEvents).values(
        ids.slice(from, to).map((id, i) => ({
          id,
          name: 'kyc.verification_result',
          payload: payloads[from + i] as ReturnType<typeof verified>,
        })),
      );
    await commit(0, QUIET_EVENTS + 1);
    // Wakes the dispatcher as a recorded event does (this one rolls back): it probes every poll from now on.
    const waker = verified(await newUser());
    await ctx.app.database.db
      .transaction(async (tx) => {
        await recordEvent(tx, 'kyc.verification_result', waker);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await commit(QUIET_EVENTS + 1, ids.length);
    const undispatched = () =>
      ctx.app.database.db.$count(
        domainEvents,
        and(inArray(domainEvents.id, ids), isNull(domainEvents.dispatchedAt)),
      );
    while ((await undispatched()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const jobs = await ctx.app.database.db.execute<{ events: number }>(
      sql`select jsonb_array_length(data->'events')::int as events from pgboss.job
          where name = ${queueOf('notifications.notices')} and data->'events' @> ${JSON.stringify([{ id: ids[0] }])}::jsonb`,
    );
    expect((jobs as unknown as { rows: { events: number }[] }).rows.map((r) => r.events)).toEqual([
      ids.length,
    ]);
  });

  it('keeps a batch of many events in order of commit and delivers all of them', async () => {
    const userId = await newUser();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push(
        await ctx.app.database.db.transaction((tx) =>
          recordEvent(tx, 'kyc.verification_result', {
            userId,
            result: i % 2 === 0 ? 'APPROVED' : 'DECLINED',
          }),
        ),
      );
    }
    expect([...ids].sort()).toEqual(ids);
    await quiesce(ctx.app);
    expect(await noticesOf(userId)).toHaveLength(30);
  });
});

describe('pruning', () => {
  it('deletes dispatched events and inbox rows older than 30 days, and nothing newer', async () => {
    const userId = await newUser();
    const old = await ctx.app.database.db.transaction((tx) =>
      recordEvent(tx, 'kyc.verification_result', verified(userId)),
    );
    const fresh = await ctx.app.database.db.transaction((tx) =>
      recordEvent(tx, 'kyc.verification_result', verified(userId)),
    );
    await quiesce(ctx.app);
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await ctx.app.database.db
      .update(domainEvents)
      .set({ dispatchedAt: longAgo })
      .where(eq(domainEvents.id, old));
    await ctx.app.database.db
      .update(eventInbox)
      .set({ handledAt: longAgo })
      .where(eq(eventInbox.eventId, old));
    await ctx.app.events.prune();
    expect(await ctx.app.database.db.$count(domainEvents, eq(domainEvents.id, old))).toBe(0);
    expect(await ctx.app.database.db.$count(eventInbox, eq(eventInbox.eventId, old))).toBe(0);
    expect(await ctx.app.database.db.$count(domainEvents, eq(domainEvents.id, fresh))).toBe(1);
    expect(await ctx.app.database.db.$count(eventInbox, eq(eventInbox.eventId, fresh))).toBe(1);
  });
});
