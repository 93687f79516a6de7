import {
  TICKET_FILE_MAX_BYTES,
  type TicketDetail,
  type TicketMessage,
  ticketMessages,
  type UserTicketsResponse,
} from '@paws/contracts/tickets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession } from '../helpers/staff.ts';
import { signedInNewPlayer } from '../staff/helpers.ts';
import {
  createTicket,
  createTicketsTestApp,
  exeBytes,
  form,
  patch,
  pngOf,
  statusOf,
  TICKETS,
  type TicketsTestApp,
  ticketFields,
} from './helpers.ts';

let t: TicketsTestApp;
let alice: Awaited<ReturnType<typeof signedInNewPlayer>>;
let bob: Awaited<ReturnType<typeof signedInNewPlayer>>;
beforeAll(async () => {
  t = await createTicketsTestApp();
  alice = await signedInNewPlayer(t.app);
  bob = await signedInNewPlayer(t.app);
}, 60_000);
afterAll(() => t.close());

const listOf = async (b: typeof alice.b, query = '') => {
  const res = await b.get(`${TICKETS}/user${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as UserTicketsResponse;
};

describe('a player opens and follows tickets', () => {
  it('opens a ticket with an image; it lists with its last message, reads in detail, and its file opens for the owner only', async () => {
    const png = await pngOf();
    const { id, status } = await createTicket(alice.b, {}, [
      { filename: 'screen.png', contentType: 'image/png', data: png },
    ]);
    expect(status).toBe('CREATED');

    const list = await listOf(alice.b);
    const item = list.tickets.find((ticket) => ticket.id === id);
    expect(item).toMatchObject({
      status: 'CREATED',
      invocationCategory: 'TECHNICAL_PROBLEM',
      byManager: false,
      lastTicketMessage: 'The game froze after my bet',
      unreadCount: 0,
    });

    const detail = await alice.b.get(`${TICKETS}/user/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id, status: 'CREATED', rating: null, ratingText: null });

    const [message] = (await t.app.tickets.messagesOf(id)).map((row) => row);
    expect(message).toMatchObject({ fileName: 'screen.png', fileType: 'image/png', fileSize: png.length });
    const file = await alice.b.get(`${TICKETS}/files/${message!.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    // Never under the public uploads.
    expect((await alice.b.get(`/uploads/${id}/${message!.id}.png`)).statusCode).toBe(404);

    const stranger = await bob.b.get(`${TICKETS}/files/${message!.id}`);
    expect(stranger.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${TICKETS}/files/${message!.id}` })).statusCode).toBe(
      401,
    );
  });

  it("fills an empty name and e-mail from the account, and refuses someone else's userId", async () => {
    const res = await alice.b.post(TICKETS, {
      nameOfUser: '',
      email: '',
      invocationCategory: 'CONSULTATION',
      message: 'How do bonuses work?',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.tickets.byIds([res.json().id]);
    expect(row).toMatchObject({ email: alice.email, userId: alice.userId, category: 'CONSULTATION' });
    expect(row?.nameOfUser.length).toBeGreaterThan(0);

    const other = await alice.b.post(TICKETS, { ...ticketFields(), userId: bob.userId });
    expect(other.statusCode).toBe(400);
    expect(other.json().field).toBe('userId');
  });

  it('refuses bad fields with a 400 naming the field', async () => {
    const category = await alice.b.post(TICKETS, ticketFields({ invocationCategory: 'REFUND' }));
    expect(category.statusCode).toBe(400);
    expect(category.json()).toMatchObject({
      field: 'invocationCategory',
      message: ticketMessages.invocationCategory,
    });
    const empty = await alice.b.post(TICKETS, ticketFields({ message: '   ' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'message', message: ticketMessages.message });
    const email = await alice.b.send({
      method: 'POST',
      url: TICKETS,
      ...form(ticketFields({ email: 'nope' })),
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().field).toBe('email');
    const nul = await alice.b.send({
      method: 'POST',
      url: TICKETS,
      ...form(ticketFields({ message: 'a\u0000b' })),
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().field).toBe('message');
  });

  it('refuses a disguised file (an executable named .png), a wrong extension and a file over the limit', async () => {
    const before = (await listOf(alice.b)).total;
    const exe = await alice.b.send({
      method: 'POST',
      url: TICKETS,
      ...form(ticketFields(), [{ filename: 'cute-cat.png', contentType: 'image/png', data: exeBytes() }]),
    });
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ field: 'file', message: ticketMessages.fileType });

    const png = await pngOf();
    const renamed = await alice.b.send({
      method: 'POST',
      url: TICKETS,
      ...form(ticketFields(), [{ filename: 'notes.txt', contentType: 'text/plain', data: png }]),
    });
    expect(renamed.statusCode).toBe(400);
    const script = await alice.b.send({
      method: 'POST',
      url: TICKETS,
      ...form(ticketFields(), [
        { filename: 'run.exe', contentType: 'application/octet-stream', data: exeBytes() },
      ]),
    });
    expect(script.statusCode).toBe(400);

    const big = Buffer.concat([png, Buffer.alloc(TICKET_FILE_MAX_BYTES)]);
    const tooBig = await alice.b.send({
      method: 'POST',
      url: TICKETS,
      ...form(ticketFields(), [{ filename: 'big.png', contentType: 'image/png', data: big }]),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ field: 'file', message: ticketMessages.fileSize });
    expect((await listOf(alice.b)).total).toBe(before);

    const text = await alice.b.send({
      method: 'POST',
      url: TICKETS,
      ...form(ticketFields(), [
        { filename: 'log.txt', contentType: 'text/plain', data: Buffer.from('line one\nline two\n') },
      ]),
    });
    expect(text.statusCode).toBe(201);
    const pdf = await alice.b.send({
      method: 'POST',
      url: TICKETS,
      ...form(ticketFields(), [
        {
          filename: 'receipt.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n%\xe2\xe3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'),
        },
      ]),
    });
    expect(pdf.statusCode).toBe(201);
  });

  it("answers 404 for another player's ticket, whatever the call", async () => {
    const { id } = await createTicket(alice.b);
    expect((await bob.b.get(`${TICKETS}/user/${id}`)).statusCode).toBe(404);
    expect((await patch(bob.b, `${TICKETS}/${id}/resolve`)).statusCode).toBe(404);
    expect((await patch(bob.b, `${TICKETS}/${id}/return`)).statusCode).toBe(404);
    expect((await patch(bob.b, `${TICKETS}/${id}/rate`, { rating: 5 })).statusCode).toBe(404);
    expect((await listOf(bob.b)).tickets.some((ticket) => ticket.id === id)).toBe(false);
    expect(await statusOf(t.app, id)).toBe('CREATED');
    expect((await alice.b.get(`${TICKETS}/user/not-a-uuid`)).json().field).toBe('id');
  });

  it('follows the status rules: return only from RESOLVE_REQUEST, Problem solved closes, rating once and only when CLOSED', async () => {
    const { id } = await createTicket(alice.b);
    const back = await patch(alice.b, `${TICKETS}/${id}/return`);
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(ticketMessages.notResolveRequest);
    const early = await patch(alice.b, `${TICKETS}/${id}/rate`, { rating: 4 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ticketMessages.notClosed);

    const solved = await patch(alice.b, `${TICKETS}/${id}/resolve`);
    expect(solved.statusCode).toBe(200);
    expect((solved.json() as TicketDetail).status).toBe('CLOSED');
    const again = await patch(alice.b, `${TICKETS}/${id}/resolve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ticketMessages.finished);

    const badRating = await patch(alice.b, `${TICKETS}/${id}/rate`, { rating: 6 });
    expect(badRating.statusCode).toBe(400);
    expect(badRating.json().field).toBe('rating');
    const rated = await patch(alice.b, `${TICKETS}/${id}/rate`, { rating: 5, text: 'Quick and kind' });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toMatchObject({ status: 'CLOSED', rating: 5, ratingText: 'Quick and kind' });
    const twice = await patch(alice.b, `${TICKETS}/${id}/rate`, { rating: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ticketMessages.alreadyRated);

    // Every change posted a status-change marker.
    const markers = (await t.app.tickets.messagesOf(id)).filter((m) => m.changeStatus !== null);
    expect(markers.map((m) => m.changeStatus)).toEqual(['CLOSED']);
    // A finished ticket takes no message.
    await expect(
      t.app.tickets.postAsPlayer(alice.userId, null, id, { message: 'one more thing' }),
    ).rejects.toMatchObject({ statusCode: 409, message: ticketMessages.finished });
  });

  it("takes a banned player's appeal: they open a ticket, chat in it and close it, but nothing else", async () => {
    const banned = await signedInNewPlayer(t.app);
    const support = await staffSession(t.app, ['support']);
    const ban = await support.inject({
      method: 'POST',
      url: `/api/staff/players/${banned.userId}/ban`,
      payload: { reason: 'Chargeback fraud', endsAt: null },
    });
    expect(ban.statusCode).toBe(201);
    const { id } = await createTicket(banned.b, { message: 'Please review my ban' });
    expect((await banned.b.get(`${TICKETS}/user/${id}`)).statusCode).toBe(200);
    const change = await t.app.tickets.postAsPlayer(banned.userId, null, id, { message: 'Any news?' });
    expect(change.messages).toHaveLength(1);
    expect((await patch(banned.b, `${TICKETS}/${id}/resolve`)).statusCode).toBe(200);
    // Other writes stay refused.
    expect(
      (await banned.b.post('/api/identity/profile/edit/username', { username: 'appeal' })).statusCode,
    ).toBe(403);
  });

  it('filters the list by category and pages it', async () => {
    const fresh = await signedInNewPlayer(t.app);
    for (const category of ['BUG_REPORT', 'BUG_REPORT', 'CONSULTATION']) {
      await createTicket(fresh.b, { invocationCategory: category });
    }
    const bugs = await listOf(fresh.b, '?invocationCategory=BUG_REPORT');
    expect(bugs.total).toBe(2);
    expect(bugs.tickets.every((ticket) => ticket.invocationCategory === 'BUG_REPORT')).toBe(true);
    expect((await listOf(fresh.b, '?invocationCategory=')).total).toBe(3);
    const page = await listOf(fresh.b, '?page=2&limit=2');
    expect(page.tickets).toHaveLength(1);
    expect(page.total).toBe(3);
    expect((await fresh.b.get(`${TICKETS}/user?limit=500`)).json().field).toBe('limit');
  });
});

export type { TicketMessage };
