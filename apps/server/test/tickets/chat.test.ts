import { STAFF_SOCKET_PATH, type StaffTicketDetail } from '@paws/contracts/staff-tickets';
import type { TicketMessage, TicketRequestAck } from '@paws/contracts/tickets';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, eventInbox } from '../../src/core/events/schema.ts';
import { quiesce, recorded } from '../backbone/helpers.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import { connected, nextEvent, originOf, refused } from '../notifications/helpers.ts';
import { signedInNewPlayer } from '../staff/helpers.ts';
import {
  cookieOf,
  createTicket,
  createTicketsTestApp,
  exeBytes,
  form,
  joined,
  openTicketChannel,
  patch,
  pngOf,
  TICKETS,
  type TicketsTestApp,
} from './helpers.ts';

let t: TicketsTestApp;
let origin: string;
let alice: Awaited<ReturnType<typeof signedInNewPlayer>>;
let bob: Awaited<ReturnType<typeof signedInNewPlayer>>;
let support: StaffSession;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTicketsTestApp();
  origin = await originOf(t.app);
  alice = await signedInNewPlayer(t.app);
  bob = await signedInNewPlayer(t.app);
  support = await staffSession(t.app, ['support']);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

function openDesk(cookie: string | undefined, from = BACKOFFICE) {
  const socket = connect(`${origin}/desk`, {
    path: STAFF_SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    timeout: 5000,
    extraHeaders: { host: new URL(BACKOFFICE).host, origin: from, ...(cookie ? { cookie } : {}) },
  });
  sockets.push(socket);
  return socket;
}
const joinDesk = (desk: Socket, ticketId: string) =>
  new Promise<boolean>((resolve) => desk.emit('join', ticketId, (ok: boolean) => resolve(ok)));
const send = (socket: Socket, request: object) =>
  new Promise<TicketRequestAck>((resolve) => socket.emit('ticketRequest', request, resolve));
const staffReply = (ticketId: string, message: string, files: Parameters<typeof form>[1] = []) =>
  support.inject({
    method: 'POST',
    url: `/api/staff/tickets/${ticketId}/messages`,
    ...form({ message }, files),
  });

describe('the tickets channel', () => {
  it('lets the owner in with the messages so far, and refuses another player, a lapsed session and a bad handshake', async () => {
    const { id } = await createTicket(alice.b, { message: 'Where is my deposit?' });
    const own = openTicketChannel(origin, { ticketId: id }, sockets, cookieOf(alice.b));
    const messages = await joined(own);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      message: 'Where is my deposit?',
      byManager: false,
      changeStatus: null,
    });

    const stranger = openTicketChannel(origin, { ticketId: id }, sockets, cookieOf(bob.b));
    expect((await refused(stranger)).data?.statusCode).toBe(404);
    const nobody = openTicketChannel(origin, { ticketId: id }, sockets);
    expect(await nextEvent<{ statusCode: number }>(nobody, 'socketError')).toMatchObject({
      statusCode: 4001,
    });
    const shapeless = openTicketChannel(
      origin,
      { ticketId: 'nope' } as { ticketId: string },
      sockets,
      cookieOf(alice.b),
    );
    expect((await refused(shapeless)).data?.statusCode).toBe(400);
  });

  it('carries a live chat both ways with attachments, status pushes, typing and read state', async () => {
    const { id } = await createTicket(alice.b, { message: 'My screen is blank' });
    const player = openTicketChannel(origin, { ticketId: id }, sockets, cookieOf(alice.b));
    await joined(player);
    const desk = openDesk(support.cookie);
    await connected(desk);
    expect(await joinDesk(desk, id)).toBe(true);

    // The player writes with an image: both sides receive it.
    const png = await pngOf();
    const deskHears = nextEvent<{ ticketId: string; message: TicketMessage }>(desk, 'ticketMessage');
    const playerHears = nextEvent<TicketMessage>(player, 'receiveTicketMessage');
    const ack = await send(player, {
      message: 'Here is a screenshot',
      file: { buffer: png, mimetype: 'image/png', originalname: 'shot.png' },
    });
    expect(ack.ok).toBe(true);
    const mine = await playerHears;
    expect(mine).toMatchObject({
      message: 'Here is a screenshot',
      byManager: false,
      fileName: 'shot.png',
      fileType: 'image/png',
    });
    expect(mine.linkFull).toBe(`${TICKETS}/files/${mine.id}`);
    const atDesk = await deskHears;
    expect(atDesk.ticketId).toBe(id);
    expect(atDesk.message.linkFull).toBe(`/api/staff/tickets/files/${mine.id}`);
    const staffFile = await support.inject({ method: 'GET', url: atDesk.message.linkFull! });
    expect(staffFile.statusCode).toBe(200);
    expect(staffFile.rawPayload.equals(png)).toBe(true);

    // Staff reply with an attachment: the player hears it, then the status change to IN_PROGRESS.
    const reply = nextEvent<TicketMessage>(
      player,
      'receiveTicketMessage',
      (m) => m.byManager && m.changeStatus === null,
    );
    const marker = nextEvent<TicketMessage>(player, 'receiveTicketMessage', (m) => m.changeStatus !== null);
    const status = nextEvent<{ status: string }>(player, 'ticketStatus');
    const res = await staffReply(id, 'Thanks, looking into it', [
      { filename: 'fix.png', contentType: 'image/png', data: png },
    ]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as StaffTicketDetail).status).toBe('IN_PROGRESS');
    const answer = await reply;
    expect(answer).toMatchObject({
      message: 'Thanks, looking into it',
      byManager: true,
      fileName: 'fix.png',
    });
    expect((await alice.b.get(answer.linkFull!)).statusCode).toBe(200);
    expect((await marker).changeStatus).toBe('IN_PROGRESS');
    expect(await status).toEqual({ status: 'IN_PROGRESS' });

    // Typing goes to the other side.
    const deskTyping = nextEvent<{ ticketId: string; typing: boolean }>(desk, 'typing');
    player.emit('typing', true);
    expect(await deskTyping).toEqual({ ticketId: id, typing: true });
    const playerTyping = nextEvent<{ byManager: boolean; typing: boolean }>(player, 'typing');
    desk.emit('typing', { ticketId: id, typing: true });
    expect(await playerTyping).toEqual({ byManager: true, typing: true });

    // Read state: the player's read reaches the desk and the ticket; staff's reaches the player.
    const deskRead = nextEvent<{ ticketId: string; messageId: string }>(desk, 'read');
    player.emit('read');
    const read = await deskRead;
    expect(read.ticketId).toBe(id);
    const detail = (
      await support.inject({ method: 'GET', url: `/api/staff/tickets/${id}` })
    ).json() as StaffTicketDetail;
    expect(detail.playerReadMessageId).toBe(read.messageId);
    expect(detail.messages.at(-1)?.id).toBe(read.messageId);
    const playerRead = nextEvent<{ byManager: boolean }>(player, 'read');
    desk.emit('read', { ticketId: id });
    expect((await playerRead).byManager).toBe(true);
    const listed = (await alice.b.get(`${TICKETS}/user`))
      .json()
      .tickets.find((x: { id: string }) => x.id === id);
    expect(listed).toMatchObject({
      byManager: true,
      lastTicketMessage: 'Thanks, looking into it',
      unreadCount: 0,
    });
  });

  it('refuses a disguised file and any message once the ticket is finished', async () => {
    const { id } = await createTicket(alice.b);
    const player = openTicketChannel(origin, { ticketId: id }, sockets, cookieOf(alice.b));
    await joined(player);
    const exe = await send(player, {
      message: '',
      file: { buffer: exeBytes(), mimetype: 'image/png', originalname: 'cat.png' },
    });
    expect(exe).toMatchObject({ ok: false, statusCode: 400 });
    const empty = await send(player, { message: '  ' });
    expect(empty).toMatchObject({ ok: false, statusCode: 400 });
    const nul = await send(player, { message: 'a\u0000b' });
    expect(nul).toMatchObject({ ok: false, statusCode: 400 });
    const wrongShape = await send(player, { message: 5 });
    expect(wrongShape).toMatchObject({ ok: false, statusCode: 400 });
    expect((await patch(alice.b, `${TICKETS}/${id}/resolve`)).statusCode).toBe(200);
    const late = await send(player, { message: 'one more thing' });
    expect(late).toMatchObject({ ok: false, statusCode: 409 });
    // A burst past 10 messages in 10 seconds is refused before it reaches the ticket.
    const burst = await Promise.all(Array.from({ length: 12 }, () => send(player, { message: 'spam' })));
    expect(burst.filter((ack) => !ack.ok && ack.statusCode === 429).length).toBeGreaterThanOrEqual(5);
    expect((await t.app.tickets.messagesOf(id)).filter((m) => m.changeStatus === null)).toHaveLength(1);
  });

  it('tells a socket whose session ended 4001 when it next writes, and takes nothing from it', async () => {
    const carol = await signedInNewPlayer(t.app);
    const { id } = await createTicket(carol.b);
    const player = openTicketChannel(origin, { ticketId: id }, sockets, cookieOf(carol.b));
    await joined(player);
    // Signed out elsewhere: the socket still carries the cookie it connected with, whose session is over.
    expect((await carol.b.post('/api/identity/auth/logout')).statusCode).toBeLessThan(300);
    const lapsed = nextEvent<{ statusCode: number }>(player, 'socketError');
    player.emit('ticketRequest', { message: 'still there?' }, () => {});
    expect((await lapsed).statusCode).toBe(4001);
    expect((await t.app.tickets.messagesOf(id)).map((m) => m.message)).not.toContain('still there?');
  });

  it('notifies the player of a staff reply only when they are not in the chat', async () => {
    const { id } = await createTicket(alice.b);
    const noticesOf = async () =>
      (await alice.b.get('/api/notifications/notifications?limit=50')).json().notifications as Array<{
        notificationMessage: string;
      }>;
    // Counted by their text: a notice of an earlier test's event may still be on its way to alice.
    const aboutThisReply = async () =>
      (await noticesOf()).filter((notice) => notice.notificationMessage.includes('We fixed it')).length;
    expect(await aboutThisReply()).toBe(0);
    expect((await staffReply(id, 'We fixed it')).statusCode).toBe(200);
    await expect.poll(aboutThisReply, { timeout: 5000 }).toBe(1);
    const unread = (await alice.b.get(`${TICKETS}/user`))
      .json()
      .tickets.find((x: { id: string }) => x.id === id);
    expect(unread).toMatchObject({ byManager: true, lastTicketMessage: 'We fixed it', unreadCount: 1 });

    const player = openTicketChannel(origin, { ticketId: id }, sockets, cookieOf(alice.b));
    await joined(player);
    const heard = nextEvent<TicketMessage>(player, 'receiveTicketMessage');
    expect((await staffReply(id, 'Anything else?')).statusCode).toBe(200);
    await heard;
    // The notifications module has handled the reply's event once its inbox row is there, written in
    // the same transaction as any notice would be: only then does an unchanged list mean no notice.
    const [event] = (await recorded(t.app, 'tickets.replied')).filter(
      (e) => e.ticketId === id && e.reply === 'Anything else?',
    );
    const [row] = await t.app.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.name, 'tickets.replied'), eq(domainEvents.payload, event!)));
    const handled = async () =>
      (
        await t.app.database.db
          .select({ eventId: eventInbox.eventId })
          .from(eventInbox)
          .where(and(eq(eventInbox.subscriber, 'notifications.notices'), eq(eventInbox.eventId, row!.id)))
      ).length;
    await expect.poll(handled, { timeout: 15_000 }).toBe(1);
    const notices = (await noticesOf()).map((notice) => notice.notificationMessage);
    expect(notices.filter((text) => text.includes('Anything else?'))).toEqual([]);
    expect(notices.filter((text) => text.includes('We fixed it'))).toHaveLength(1);
  });
});

describe('tickets.replied', () => {
  it("is recorded with the staff reply, and the notifications module's subscriber tells the player from it", async () => {
    const { id } = await createTicket(bob.b);
    expect((await staffReply(id, 'Your deposit is credited')).statusCode).toBe(200);
    const [event] = (await recorded(t.app, 'tickets.replied')).filter((e) => e.ticketId === id);
    expect(event).toMatchObject({
      ticketId: id,
      userId: bob.userId,
      reply: 'Your deposit is credited',
      status: 'IN_PROGRESS',
    });
    await quiesce(t.app);
    const [row] = await t.app.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.name, 'tickets.replied'), eq(domainEvents.payload, event!)));
    const handled = await t.app.database.db
      .select()
      .from(eventInbox)
      .where(and(eq(eventInbox.subscriber, 'notifications.notices'), eq(eventInbox.eventId, row!.id)));
    expect(handled).toHaveLength(1);
    const notices = (await bob.b.get('/api/notifications/notifications?limit=50')).json().notifications;
    expect(notices[0]).toMatchObject({
      category: 'SYSTEM',
      messageKey: 'ticket.repliedStatusChanged',
      messageParams: { snippet: 'Your deposit is credited' },
    });

    // Bob's own message records nothing for him to be told.
    await t.app.tickets.postAsPlayer(bob.userId, null, id, { message: 'Thanks!' });
    expect((await recorded(t.app, 'tickets.replied')).filter((e) => e.ticketId === id)).toHaveLength(1);
  });
});

describe('the desk socket', () => {
  it('is for staff holding tickets.answer, from the back office only', async () => {
    expect((await refused(openDesk(undefined))).data?.statusCode).toBe(401);
    expect((await refused(openDesk(cookieOf(alice.b)))).data?.statusCode).toBe(401);
    const content = await staffSession(t.app, ['content']);
    expect((await refused(openDesk(content.cookie))).data?.statusCode).toBe(403);
    const foreign = openDesk(support.cookie, 'http://platform.test');
    await expect(connected(foreign)).rejects.toBeTruthy();
    const desk = openDesk(support.cookie);
    await connected(desk);
    expect(await joinDesk(desk, '00000000-0000-4000-8000-000000000000')).toBe(false);
    // Every desk hears the queue change when a ticket arrives.
    const updated = nextEvent<{ ticketId: string }>(desk, 'ticketUpdated');
    const { id } = await createTicket(bob.b);
    expect((await updated).ticketId).toBe(id);
  });
});
