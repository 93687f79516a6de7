import { randomUUID } from 'node:crypto';
import type { AuditPage } from '@paws/contracts/staff';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { createStaffTestApp, STAFF, type StaffTestApp, signedInStaff } from './helpers.ts';

let ctx: StaffTestApp;
beforeAll(async () => {
  ctx = await createStaffTestApp();
});
afterAll(() => ctx?.close());

/** The messages of an error and its causes (drizzle wraps the driver's error). */
function messagesOf(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.join(' | ');
}
async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return messagesOf(error);
  }
  throw new Error('the statement was not refused');
}

describe('the audit log is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, from the application and from raw SQL alike', async () => {
    const entry = await ctx.app.audit.record({
      actorId: randomUUID(),
      actorRoles: ['admin'],
      action: 'test.append_only',
      targetType: 'test',
      targetId: 'append-only',
      before: { a: 1 },
      after: { a: 2 },
      ip: '192.0.2.1',
    });
    const { db } = ctx.app.database;

    expect(
      await refusal(() =>
        db.update(auditLog).set({ action: 'test.rewritten' }).where(eq(auditLog.id, entry.id)),
      ),
    ).toMatch(/audit_log is append-only: UPDATE refused/);
    expect(await refusal(() => db.delete(auditLog).where(eq(auditLog.id, entry.id)))).toMatch(
      /audit_log is append-only: DELETE refused/,
    );
    expect(await refusal(() => db.execute(sql`delete from audit_log`))).toMatch(/DELETE refused/);
    expect(await refusal(() => db.execute(sql`truncate audit_log`))).toMatch(/TRUNCATE refused/);

    const [row] = await db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(row).toMatchObject({ action: 'test.append_only', before: { a: 1 }, after: { a: 2 } });
    // Appending still works after the refusals.
    await ctx.app.audit.record({ actorId: null, actorRoles: [], action: 'test.after', targetType: 'test' });
  });

  it('an action and its audit row commit together: a failed action leaves no row', async () => {
    const { db } = ctx.app.database;
    const marker = randomUUID();
    await expect(
      db.transaction(async (tx) => {
        await ctx.app.audit.record(
          { actorId: null, actorRoles: [], action: 'test.rolled_back', targetType: 'test', targetId: marker },
          tx,
        );
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await db.select().from(auditLog).where(eq(auditLog.targetId, marker))).toEqual([]);
  });
});

describe('GET /api/staff/audit', () => {
  it('pages newest first and filters by actor, action, target and time', async () => {
    const admin = await signedInStaff(ctx.app, 'admin');
    const actor = randomUUID();
    const target = randomUUID();
    const t0 = new Date('2030-01-01T00:00:00Z').getTime();
    for (let i = 0; i < 5; i += 1) {
      await ctx.app.audit.record({
        actorId: actor,
        actorRoles: ['finance'],
        action: i % 2 === 0 ? 'withdrawal.approve' : 'withdrawal.decline',
        targetType: 'withdrawal',
        targetId: `${target}-${i}`,
        after: { i },
        at: new Date(t0 + i * 60_000),
      });
    }
    const get = async (query: string) => {
      const res = await admin.b.get(`${STAFF}/audit?${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json() as AuditPage;
    };

    const first = await get(`actorId=${actor}&limit=2`);
    expect(first.count).toBe(5);
    expect(first.hasMore).toBe(true);
    expect(first.entries.map((e) => e.after)).toEqual([{ i: 4 }, { i: 3 }]);
    const last = await get(`actorId=${actor}&limit=2&page=3`);
    expect(last.entries.map((e) => e.after)).toEqual([{ i: 0 }]);
    expect(last.hasMore).toBe(false);

    const approvals = await get(`actorId=${actor}&action=withdrawal.approve`);
    expect(approvals.entries.map((e) => e.after)).toEqual([{ i: 4 }, { i: 2 }, { i: 0 }]);
    const one = await get(`targetType=withdrawal&targetId=${target}-3`);
    expect(one.entries).toHaveLength(1);
    expect(one.entries[0]).toMatchObject({
      actorId: actor,
      actorRoles: ['finance'],
      action: 'withdrawal.decline',
    });
    const window = await get(
      `actorId=${actor}&dateFrom=${new Date(t0 + 60_000).toISOString()}&dateTo=${new Date(t0 + 180_000).toISOString()}`,
    );
    expect(window.entries.map((e) => e.after)).toEqual([{ i: 3 }, { i: 2 }, { i: 1 }]);
    expect((await get(`actorId=${randomUUID()}`)).count).toBe(0);
  });

  it('answers 400 for a bad page, limit, actor or date', async () => {
    const admin = await signedInStaff(ctx.app, 'admin');
    for (const [query, field] of [
      ['page=0', 'page'],
      ['limit=101', 'limit'],
      ['actorId=someone', 'actorId'],
      ['dateFrom=yesterday', 'dateFrom'],
    ] as const) {
      const res = await admin.b.get(`${STAFF}/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });
});
