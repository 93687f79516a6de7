import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATHER_MS, queueOf } from '../../src/core/events/bus.ts';
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
    // Quiet: no pass within the gathering time (quiesce's own passes included).
    await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
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

  it('under a stream of events a process passes at most once per gathering time, each pass carrying what came meanwhile', async () => {
    await quiesce(ctx.app);
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) {
      const userId = await newUser();
      ids.push(
        await ctx.app.database.db.transaction((tx) =>
          recordEvent(tx, 'kyc.verification_result', verified(userId)),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    // The dispatcher's own passes, not quiesce's (which drains at once), carry the whole stream.
    const undispatched = () =>
      ctx.app.database.db.$count(
        domainEvents,
        and(inArray(domainEvents.id, ids), isNull(domainEvents.dispatchedAt)),
      );
    while ((await undispatched()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // Each pass makes one job per subscriber: this queue's jobs carrying the stream are its passes.
    const result = await ctx.app.database.db.execute<{ created: Date; events: string[] }>(
      sql`select created_on as created, (select array_agg(e->>'id') from jsonb_array_elements(data->'events') e) as events
          from pgboss.job where name = ${queueOf('notifications.notices')}
            and exists (select 1 from jsonb_array_elements(data->'events') e where e->>'id' = any(${sql.param(ids)}::text[]))
          order by created_on`,
    );
    const passes = (result as unknown as { rows: { created: Date; events: string[] }[] }).rows;
    expect(passes.flatMap((pass) => pass.events).sort()).toEqual([...ids].sort());
    expect(passes.length).toBeGreaterThan(1);
    for (const [i, pass] of passes.entries()) {
      const before = passes[i - 1];
      if (before) {
        expect(new Date(pass.created).getTime() - new Date(before.created).getTime()).toBeGreaterThanOrEqual(
          GATHER_MS - 50, // a job is stamped when its pass's transaction begins, a little after the pass
        );
      }
    }
    expect(Math.max(...passes.map((pass) => pass.events.length))).toBeGreaterThan(1);
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
