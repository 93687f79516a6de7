import type { Dashboard } from '@paws/contracts/staff-reports';
import type { CannedResponse, StaffTicketDetail, StaffTicketListItem } from '@paws/contracts/staff-tickets';
import { staffTicketMessages } from '@paws/contracts/staff-tickets';
import { TICKET_AUTO_CLOSE_HOURS, ticketMessages } from '@paws/contracts/tickets';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_CLOSE_JOB } from '../../src/modules/tickets/plugin.ts';
import { tickets } from '../../src/modules/tickets/schema.ts';
import { seedTickets } from '../../src/modules/tickets/seed.ts';
import { type StaffSession, staffSession } from '../helpers/staff.ts';
import { signedInNewPlayer } from '../staff/helpers.ts';
import {
  createTicket,
  createTicketsTestApp,
  form,
  patch,
  statusOf,
  TICKETS,
  type TicketsTestApp,
} from './helpers.ts';

const DESK = '/api/staff/tickets';
let t: TicketsTestApp;
let alice: Awaited<ReturnType<typeof signedInNewPlayer>>;
let support: StaffSession;
let support2: StaffSession;
let finance: StaffSession;
beforeAll(async () => {
  t = await createTicketsTestApp();
  alice = await signedInNewPlayer(t.app);
  support = await staffSession(t.app, ['support']);
  support2 = await staffSession(t.app, ['support']);
  finance = await staffSession(t.app, ['finance']);
}, 60_000);
afterAll(() => t.close());

const act = async (who: StaffSession, url: string, payload?: object) => {
  const res = await who.inject({ method: 'POST', url, payload: payload ?? {} });
  return res;
};
const detailOf = async (id: string) =>
  (await support.inject({ method: 'GET', url: `${DESK}/${id}` })).json() as StaffTicketDetail;
const queue = async (query: string, who = support) => {
  const res = await who.inject({ method: 'GET', url: `${DESK}?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: StaffTicketListItem[]; total: number };
};

describe('the staff desk', () => {
  it('takes, proposes the solution, hears the return, answers, and every change posts a status marker', async () => {
    const { id } = await createTicket(alice.b, { message: 'My withdrawal is stuck' });
    const fresh = await detailOf(id);
    expect(fresh).toMatchObject({
      status: 'CREATED',
      assignee: null,
      firstResponseAt: null,
      subject: 'My withdrawal is stuck',
    });
    expect(fresh.waitingSince).not.toBeNull();
    expect(new Date(fresh.firstResponseDueAt).getTime() - new Date(fresh.createdAt).getTime()).toBe(
      60 * 60_000,
    );

    const taken = await act(support, `${DESK}/${id}/take`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      status: 'IN_PROGRESS',
      assignee: { id: support.userId, email: support.email },
    });
    expect((taken.json() as StaffTicketDetail).firstResponseAt).not.toBeNull();

    const proposed = await act(support, `${DESK}/${id}/resolve-request`);
    expect(proposed.json().status).toBe('RESOLVE_REQUEST');
    const twice = await act(support, `${DESK}/${id}/resolve-request`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(staffTicketMessages.alreadyResolveRequest);

    const returned = await patch(alice.b, `${TICKETS}/${id}/return`);
    expect(returned.json().status).toBe('RETURNED');
    expect((await detailOf(id)).waitingSince).not.toBeNull();

    const answered = await act(support, `${DESK}/${id}/messages`, {
      message: 'Sent again, should arrive today',
    });
    expect(answered.json()).toMatchObject({
      status: 'IN_PROGRESS',
      waitingSince: null,
      lastMessageByManager: true,
    });

    await act(support, `${DESK}/${id}/resolve-request`);
    const accepted = await patch(alice.b, `${TICKETS}/${id}/resolve`);
    expect(accepted.json().status).toBe('CLOSED');
    expect((await act(support, `${DESK}/${id}/messages`, { message: 'late' })).statusCode).toBe(409);

    const markers = (await detailOf(id)).messages.filter((m) => m.changeStatus).map((m) => m.changeStatus);
    expect(markers).toEqual([
      'IN_PROGRESS',
      'RESOLVE_REQUEST',
      'RETURNED',
      'IN_PROGRESS',
      'RESOLVE_REQUEST',
      'CLOSED',
    ]);
  });

  it('keeps internal notes from the player, assigns only to staff who answer, and counts open tickets per agent', async () => {
    const { id } = await createTicket(alice.b, { message: 'Note test' });
    const noted = await act(support, `${DESK}/${id}/notes`, { text: 'VIP, handle with care' });
    expect(noted.statusCode).toBe(200);
    expect((noted.json() as StaffTicketDetail).notes).toEqual([
      expect.objectContaining({
        text: 'VIP, handle with care',
        authorId: support.userId,
        authorEmail: support.email,
      }),
    ]);
    expect((await act(support, `${DESK}/${id}/notes`, { text: ' ' })).json().field).toBe('text');
    const playerSees = JSON.stringify([
      (await alice.b.get(`${TICKETS}/user`)).json(),
      (await alice.b.get(`${TICKETS}/user/${id}`)).json(),
      await t.app.tickets.messagesOf(id),
    ]);
    expect(playerSees).not.toContain('VIP');

    const bad = await act(support, `${DESK}/${id}/assign`, { staffId: finance.userId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'staffId', message: staffTicketMessages.assignee });
    const assigned = await act(support, `${DESK}/${id}/assign`, { staffId: support2.userId });
    expect(assigned.json().assignee).toEqual({ id: support2.userId, email: support2.email });
    expect((await detailOf(id)).status).toBe('CREATED');

    const agents = (await support.inject({ method: 'GET', url: `${DESK}/agents` })).json().agents as Array<{
      id: string;
      open: number;
    }>;
    expect(agents.find((a) => a.id === support2.userId)?.open).toBe(1);
    expect(agents.some((a) => a.id === finance.userId)).toBe(false);
    const mine = await queue('assignee=me', support2);
    expect(mine.items.map((i) => i.id)).toEqual([id]);
    const unassign = await act(support, `${DESK}/${id}/assign`, { staffId: null });
    expect(unassign.json().assignee).toBeNull();
  });

  it('filters, sorts and exports the queue', async () => {
    const player = await signedInNewPlayer(t.app);
    const bug = await createTicket(player.b, {
      invocationCategory: 'BUG_REPORT',
      message: 'Zebra button broken',
    });
    const consult = await createTicket(player.b, {
      invocationCategory: 'CONSULTATION',
      message: 'Zebra question',
    });
    await patch(player.b, `${TICKETS}/${consult.id}/resolve`);
    const open = await queue('status=open&search=zebra');
    expect(open.items.map((i) => i.id)).toEqual([bug.id]);
    const closed = await queue('status=CLOSED,AUTO_CLOSED&search=zebra');
    expect(closed.items.map((i) => i.id)).toEqual([consult.id]);
    expect((await queue('category=BUG_REPORT&search=zebra')).total).toBe(1);
    expect(
      (await queue('assignee=none&search=zebra&sort=createdAt&order=asc')).items.map((i) => i.id),
    ).toEqual([bug.id, consult.id]);
    expect((await support.inject({ method: 'GET', url: `${DESK}?status=LOST` })).json().field).toBe('status');
    const csv = await support.inject({ method: 'GET', url: `${DESK}?format=csv&search=zebra` });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Zebra button broken');
    expect((await finance.inject({ method: 'GET', url: DESK })).statusCode).toBe(403);
  });

  it('manages canned responses (tickets.canned), which support reads', async () => {
    const created = await act(support, `${DESK}/canned`, {
      title: 'Greeting',
      text: 'Hello, thanks for writing!',
    });
    expect(created.statusCode).toBe(201);
    const canned = created.json() as CannedResponse;
    const edited = await support.inject({
      method: 'PATCH',
      url: `${DESK}/canned/${canned.id}`,
      payload: { title: 'Greeting', text: 'Hi there!' },
    });
    expect(edited.json().text).toBe('Hi there!');
    expect((await support.inject({ method: 'GET', url: `${DESK}/canned` })).json().items).toEqual([
      expect.objectContaining({ id: canned.id, text: 'Hi there!' }),
    ]);
    expect((await support.inject({ method: 'DELETE', url: `${DESK}/canned/${canned.id}` })).statusCode).toBe(
      204,
    );
    expect((await support.inject({ method: 'DELETE', url: `${DESK}/canned/${canned.id}` })).statusCode).toBe(
      404,
    );
    expect((await act(support, `${DESK}/canned`, { title: '', text: 'x' })).json().field).toBe('title');
  });

  it('audits every desk action with who did it', async () => {
    const { id } = await createTicket(alice.b);
    await act(support, `${DESK}/${id}/take`);
    await act(support, `${DESK}/${id}/messages`, { message: 'On it' });
    await act(support, `${DESK}/${id}/notes`, { text: 'checked the logs' });
    await act(support, `${DESK}/${id}/assign`, { staffId: support2.userId });
    await act(support, `${DESK}/${id}/resolve-request`);
    const { entries } = await t.app.audit.list({ targetId: id, page: 1, limit: 50 } as Parameters<
      typeof t.app.audit.list
    >[0]);
    expect(entries.map((e) => e.action).sort()).toEqual(
      ['tickets.assign', 'tickets.note', 'tickets.reply', 'tickets.resolve_request', 'tickets.take'].sort(),
    );
    expect(entries.every((e) => e.actorId === support.userId && e.targetType === 'ticket')).toBe(true);
    const take = entries.find((e) => e.action === 'tickets.take');
    expect(take?.before).toMatchObject({ status: 'CREATED', assigneeId: null });
    expect(take?.after).toMatchObject({ status: 'IN_PROGRESS', assigneeId: support.userId });
  });

  it('answers the open tickets on the dashboard', async () => {
    const count = async () =>
      ((await support.inject({ method: 'GET', url: '/api/staff/dashboard' })).json() as Dashboard)
        .openTickets;
    const before = await count();
    expect(typeof before).toBe('number');
    const { id } = await createTicket(alice.b);
    expect(await count()).toBe(before! + 1);
    await patch(alice.b, `${TICKETS}/${id}/resolve`);
    expect(await count()).toBe(before);
  });
});

describe('the auto-close job', () => {
  it(`closes a RESOLVE_REQUEST the player left unanswered for ${TICKET_AUTO_CLOSE_HOURS} hours, and nothing else`, async () => {
    const stale = await createTicket(alice.b, { message: 'stale' });
    const recent = await createTicket(alice.b, { message: 'recent' });
    const answered = await createTicket(alice.b, { message: 'answered' });
    for (const { id } of [stale, recent, answered]) await act(support, `${DESK}/${id}/resolve-request`);
    // The player wrote after the proposal: not unanswered.
    await t.app.tickets.postAsPlayer(alice.userId, null, answered.id, { message: 'It still fails' });
    const longAgo = new Date(Date.now() - (TICKET_AUTO_CLOSE_HOURS + 1) * 3_600_000);
    for (const { id } of [stale, answered]) {
      await t.app.database.db.update(tickets).set({ resolveRequestedAt: longAgo }).where(eq(tickets.id, id));
    }

    await t.app.jobs.send(AUTO_CLOSE_JOB, {});
    await expect
      .poll(() => statusOf(t.app, stale.id), { timeout: 10_000, interval: 200 })
      .toBe('AUTO_CLOSED');
    expect(await statusOf(t.app, recent.id)).toBe('RESOLVE_REQUEST');
    expect(await statusOf(t.app, answered.id)).toBe('RESOLVE_REQUEST');
    const messages = await t.app.tickets.messagesOf(stale.id);
    expect(messages.at(-1)).toMatchObject({ changeStatus: 'AUTO_CLOSED', byManager: true });
    // Rated only when CLOSED; an auto-closed ticket takes no rating and no message.
    const rate = await patch(alice.b, `${TICKETS}/${stale.id}/rate`, { rating: 3 });
    expect(rate.statusCode).toBe(409);
    expect(rate.json().message).toBe(ticketMessages.notClosed);
  });
});

describe('the demo data', () => {
  it('seeds the canned responses once, however often it runs', async () => {
    await seedTickets(t.app.database.db);
    await seedTickets(t.app.database.db);
    const canned = (await support.inject({ method: 'GET', url: `${DESK}/canned` })).json()
      .items as CannedResponse[];
    expect(canned.map((c) => c.title).sort()).toEqual([
      'Greeting',
      'Solved?',
      'Verification needed',
      'Withdrawal times',
    ]);
  });

  it('refuses a NUL in a multipart reply with a 400 naming the field, as in a JSON one', async () => {
    const { id } = await createTicket(alice.b, { message: 'A question' });
    const body = form({ message: 'bad\u0000text' });
    const res = await support.inject({ method: 'POST', url: `${DESK}/${id}/messages`, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'message' });
  });
});
