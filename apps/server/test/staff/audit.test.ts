import { randomUUID } from 'node:crypto';
import type { StaffAuditEntry } from '@paws/contracts/staff-audit';
import type { StaffPage } from '@paws/contracts/staff-lists';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { type StaffSession, staffSession } from '../helpers/staff.ts';
import { createStaffTestApp, STAFF, type StaffTestApp } from './helpers.ts';

let ctx: StaffTestApp;
let admin: StaffSession;
beforeAll(async () => {
  ctx = await createStaffTestApp();
  admin = await staffSession(ctx.app, ['admin']);
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
  const actor = randomUUID();
  const target = randomUUID();
  const t0 = new Date('2030-01-01T00:00:00Z').getTime();
  beforeAll(async () => {
    for (let i = 0; i < 5; i += 1) {
      await ctx.app.audit.record({
        actorId: actor,
        actorRoles: ['finance'],
        action: i % 2 === 0 ? 'withdrawal.approve' : 'withdrawal.decline',
        targetType: 'withdrawal',
        targetId: `${target}-${i}`,
        after: { i },
        at: new Date(t0 + i * 60_000),
        ip: '192.0.2.5',
      });
    }
    // The admin's own action the next day, and one of another area.
    await ctx.app.audit.record({
      actorId: admin.userId,
      actorRoles: ['admin'],
      action: 'withdrawal_limit.set',
      targetType: 'setting',
      targetId: 'withdrawal-limit',
      before: { limit: 1 },
      after: { limit: 2, note: 'a "quoted", text' },
      at: new Date(t0 + 86_400_000),
    });
  });

  const get = async (query: string, session: StaffSession = admin) => {
    const res = await session.inject({ method: 'GET', url: `${STAFF}/audit?${query}` });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json() as StaffPage<StaffAuditEntry>;
  };
  const afters = (page: StaffPage<StaffAuditEntry>) => page.items.map((e) => e.after);

  it('pages newest first, or oldest first when asked', async () => {
    const first = await get(`who=${actor}&limit=2`);
    expect(first.total).toBe(5);
    expect(afters(first)).toEqual([{ i: 4 }, { i: 3 }]);
    expect(afters(await get(`who=${actor}&limit=2&page=3`))).toEqual([{ i: 0 }]);
    expect(afters(await get(`who=${actor}&limit=2&order=asc`))).toEqual([{ i: 0 }, { i: 1 }]);
  });

  it('filters by who: an id, or an e-mail in any case, which also shows on each entry', async () => {
    const byEmail = await get(`who=${encodeURIComponent(admin.email.toUpperCase())}&targetType=setting`);
    expect(byEmail.items).toHaveLength(1);
    expect(byEmail.items[0]).toMatchObject({
      actorId: admin.userId,
      actorEmail: admin.email,
      action: 'withdrawal_limit.set',
    });
    expect((await get(`who=${admin.userId}&targetType=setting`)).total).toBe(1);
    expect((await get(`who=${actor}`)).items[0]?.actorEmail).toBeNull();
    expect((await get('who=nobody%40staff.test')).total).toBe(0);
    expect((await get(`who=${randomUUID()}`)).total).toBe(0);
  });

  it('filters by action (exact, or every action of an area), target type and target id', async () => {
    expect(afters(await get(`who=${actor}&action=withdrawal.approve`))).toEqual([
      { i: 4 },
      { i: 2 },
      { i: 0 },
    ]);
    // 'withdrawal' is the area: its approvals and declines, not withdrawal_limit.*.
    expect((await get(`action=withdrawal&dateFrom=2030-01-01&dateTo=2030-01-02`)).total).toBe(5);
    expect((await get('action=withdrawal_limit')).total).toBe(1);
    expect((await get('action=withdrawal%25')).total).toBe(0);
    const one = await get(`targetType=withdrawal&targetId=${target}-3`);
    expect(one.items).toHaveLength(1);
    expect(one.items[0]).toMatchObject({
      actorId: actor,
      actorRoles: ['finance'],
      action: 'withdrawal.decline',
      ip: '192.0.2.5',
    });
    expect((await get('targetType=setting&targetId=withdrawal-limit')).total).toBe(1);
  });

  it('filters by time: date-times, and whole days', async () => {
    const window = await get(
      `who=${actor}&dateFrom=${new Date(t0 + 60_000).toISOString()}&dateTo=${new Date(t0 + 180_000).toISOString()}`,
    );
    expect(afters(window)).toEqual([{ i: 3 }, { i: 2 }, { i: 1 }]);
    expect((await get('dateFrom=2030-01-01&dateTo=2030-01-01')).total).toBe(5);
    expect((await get('dateFrom=2030-01-02&dateTo=2030-01-02')).items.map((e) => e.action)).toEqual([
      'withdrawal_limit.set',
    ]);
  });

  it('exports the filtered rows as CSV', async () => {
    const res = await admin.inject({
      method: 'GET',
      url: `${STAFF}/audit?dateFrom=2030-01-01&dateTo=2030-01-02&order=asc&format=csv`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'At,Actor id,Actor e-mail,Actor roles,Action,Target type,Target id,Before,After,IP',
    );
    expect(lines).toHaveLength(7);
    expect(lines[1]).toBe(
      `2030-01-01T00:00:00.000Z,${actor},,finance,withdrawal.approve,withdrawal,${target}-0,,"{""i"":0}",192.0.2.5`,
    );
    expect(lines[6]).toContain(
      `${admin.email},admin,withdrawal_limit.set,setting,withdrawal-limit,"{""limit"":1}"`,
    );
  });

  it('answers 400 naming the field for a bad page, limit, who, date or sort', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['limit=101', 'limit'],
      ['who=someone', 'who'],
      ['action=', 'action'],
      [`targetId=${'x'.repeat(201)}`, 'targetId'],
      ['dateFrom=yesterday', 'dateFrom'],
      ['dateTo=2030-13-01', 'dateTo'],
      ['sort=action', 'sort'],
      ['order=up', 'order'],
      ['format=xml', 'format'],
    ] as const) {
      const res = await admin.inject({ method: 'GET', url: `${STAFF}/audit?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
  });

  it('is for admins only: support and finance get 403', async () => {
    const [support, finance] = await Promise.all([
      staffSession(ctx.app, ['support']),
      staffSession(ctx.app, ['finance']),
    ]);
    for (const session of [support, finance]) {
      expect((await session.inject({ method: 'GET', url: `${STAFF}/audit` })).statusCode).toBe(403);
    }
  });
});
