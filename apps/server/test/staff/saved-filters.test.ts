import {
  SAVED_FILTERS_PER_QUEUE,
  type SavedFilter,
  savedFilterMessages,
} from '@paws/contracts/staff-saved-filters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE, backOfficeInject, type StaffSession, staffSession } from '../helpers/staff.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';

const SAVED = '/api/staff/saved-filters';
let ctx: IdentityTestApp;
let support: StaffSession;
let other: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [support, other] = await Promise.all([
    staffSession(ctx.app, ['support']),
    staffSession(ctx.app, ['content']),
  ]);
});
afterAll(() => ctx?.close());

const save = (staff: StaffSession, body: Record<string, unknown>) =>
  staff.inject({ method: 'PUT', url: SAVED, payload: body });
async function list(staff: StaffSession, queue: string) {
  const res = await staff.inject({ method: 'GET', url: `${SAVED}?queue=${queue}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SavedFilter[];
}

describe('saved filters', () => {
  it('a member saves, lists by name, replaces by name and removes their own filters of a queue', async () => {
    const overdue = { status: 'open', category: 'PAYMENTS', assignee: 'none', search: '' };
    const first = await save(support, {
      queue: 'tickets',
      name: '  Payments, unassigned ',
      filters: overdue,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ queue: 'tickets', name: 'Payments, unassigned', filters: overdue });
    expect(
      (await save(support, { queue: 'tickets', name: 'Mine', filters: { assignee: 'me' } })).statusCode,
    ).toBe(200);
    expect((await list(support, 'tickets')).map((f) => f.name)).toEqual(['Mine', 'Payments, unassigned']);
    // Other queues keep their own.
    expect(await list(support, 'audit')).toEqual([]);

    // The same name again replaces its filters; it stays one.
    const replaced = await save(support, {
      queue: 'tickets',
      name: 'Mine',
      filters: { assignee: 'me', status: 'all' },
    });
    expect(replaced.json()).toMatchObject({ filters: { assignee: 'me', status: 'all' } });
    const mine = (await list(support, 'tickets')).filter((f) => f.name === 'Mine');
    expect(mine).toHaveLength(1);

    const removed = await support.inject({ method: 'DELETE', url: `${SAVED}/${mine[0]!.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await list(support, 'tickets')).map((f) => f.name)).toEqual(['Payments, unassigned']);
  });

  it("nobody reads or removes another member's filters", async () => {
    const saved = (
      await save(support, { queue: 'audit', name: 'Promo codes', filters: { action: 'promo_code' } })
    ).json();
    expect(await list(other, 'audit')).toEqual([]);
    const refused = await other.inject({ method: 'DELETE', url: `${SAVED}/${saved.id}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: savedFilterMessages.notFound });
    expect((await list(support, 'audit')).map((f) => f.name)).toEqual(['Promo codes']);
  });

  it('bad input is a 400 naming the field; a signed-out call is refused', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ queue: 'players', name: 'x', filters: {} }, 'queue', savedFilterMessages.queue],
      [{ queue: 'tickets', name: '   ', filters: {} }, 'name', savedFilterMessages.name],
      [{ queue: 'tickets', name: 'x'.repeat(41), filters: {} }, 'name', savedFilterMessages.name],
      [
        { queue: 'tickets', name: 'x', filters: { 'not a name': 'a' } },
        'filters',
        savedFilterMessages.filters,
      ],
      [
        { queue: 'tickets', name: 'x', filters: { status: 'a'.repeat(201) } },
        'filters',
        savedFilterMessages.filters,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await save(support, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toMatch(new RegExp(`^${field}`));
      expect(res.json().message).toBe(message);
    }
    const query = await support.inject({ method: 'GET', url: `${SAVED}?queue=nope` });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ field: 'queue' });
    const anonymous = await backOfficeInject(ctx.app, { method: 'GET', url: `${SAVED}?queue=tickets` });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`keeps at most ${SAVED_FILTERS_PER_QUEUE} a queue, even when saved at once; replacing one still works`, async () => {
    const staff = await staffSession(ctx.app, ['finance']);
    const results = await Promise.all(
      Array.from({ length: SAVED_FILTERS_PER_QUEUE + 5 }, (_, i) =>
        save(staff, { queue: 'audit', name: `View ${i}`, filters: { action: 'promo_code' } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(SAVED_FILTERS_PER_QUEUE);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json()).toMatchObject({ message: savedFilterMessages.tooMany });
    expect(await list(staff, 'audit')).toHaveLength(SAVED_FILTERS_PER_QUEUE);
    const kept = (await list(staff, 'audit'))[0]!;
    expect(
      (await save(staff, { queue: 'audit', name: kept.name, filters: { action: 'ban' } })).statusCode,
    ).toBe(200);
  });
});
