import type { TicketMessage, TicketRequestAck } from '@paws/contracts/tickets';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, type StaffSession, staffSession } from '../helpers/staff.ts';
import type { Browser } from '../identity/helpers.ts';
import { nextEvent, originOf, refused } from '../notifications/helpers.ts';
import { signedInNewPlayer, signIn } from '../staff/helpers.ts';
import {
  cookieOf,
  createTicket,
  createTicketsTestApp,
  joined,
  openTicketChannel,
  pngOf,
  TICKETS,
  type TicketsTestApp,
} from './helpers.ts';

/**
 * Only the back-office session grants a staff power: an account holding staff roles, signed in on the
 * player site (password, no second factor), is a player there: its own tickets only, writing as itself.
 */
let t: TicketsTestApp;
let origin: string;
let alice: Awaited<ReturnType<typeof signedInNewPlayer>>;
let support: StaffSession;
/** The support account's player-site session. */
let staffAsPlayer: Browser;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTicketsTestApp();
  origin = await originOf(t.app);
  alice = await signedInNewPlayer(t.app);
  support = await staffSession(t.app, ['support']);
  staffAsPlayer = await signIn(t.app, support.email, STAFF_PASSWORD);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

const send = (socket: Socket, request: object) =>
  new Promise<TicketRequestAck>((resolve) => socket.emit('ticketRequest', request, resolve));

describe('a staff account on the player site', () => {
  it("gets 404 for another player's ticket and its attachment (the desk's file route still serves staff)", async () => {
    const png = await pngOf();
    const { id } = await createTicket(alice.b, { message: 'See the screenshot' }, [
      { filename: 'shot.png', contentType: 'image/png', data: png },
    ]);
    const [first] = await t.app.tickets.messagesOf(id);
    expect((await alice.b.get(`${TICKETS}/files/${first!.id}`)).statusCode).toBe(200);

    expect((await staffAsPlayer.get(`${TICKETS}/files/${first!.id}`)).statusCode).toBe(404);
    expect((await staffAsPlayer.get(`${TICKETS}/user/${id}`)).statusCode).toBe(404);
    const desk = await support.inject({ method: 'GET', url: `/api/staff/tickets/files/${first!.id}` });
    expect(desk.statusCode).toBe(200);
    expect(desk.rawPayload.equals(png)).toBe(true);
  });

  it("cannot join another player's ticket chat, like any non-owner", async () => {
    const { id } = await createTicket(alice.b);
    const socket = openTicketChannel(origin, { ticketId: id }, sockets, cookieOf(staffAsPlayer));
    expect((await refused(socket)).data?.statusCode).toBe(404);
    expect((await t.app.tickets.messagesOf(id)).every((m) => !m.byManager)).toBe(true);
  });

  it('writes in its own ticket as a player: no byManager, on the socket and over HTTP', async () => {
    const { id } = await createTicket(staffAsPlayer, { message: 'My own question' });
    const socket = openTicketChannel(origin, { ticketId: id }, sockets, cookieOf(staffAsPlayer));
    expect((await joined(socket)).map((m) => m.byManager)).toEqual([false]);
    const heard = nextEvent<TicketMessage>(socket, 'receiveTicketMessage');
    expect(await send(socket, { message: 'And another thing' })).toMatchObject({ ok: true });
    expect(await heard).toMatchObject({ message: 'And another thing', byManager: false });
    const read = nextEvent<{ byManager: boolean }>(socket, 'read');
    socket.emit('read');
    expect((await read).byManager).toBe(false);

    const rows = await t.app.tickets.messagesOf(id);
    expect(rows.map((m) => [m.message, m.byManager])).toEqual([
      ['My own question', false],
      ['And another thing', false],
    ]);
    const [ticket] = await t.app.tickets.byIds([id]);
    // Still waiting for support: the message was the player's, not an answer.
    expect(ticket).toMatchObject({ status: 'CREATED', firstResponseAt: null, assigneeId: null });
    const listed = (await staffAsPlayer.get(`${TICKETS}/user`)).json().tickets as Array<{
      id: string;
      byManager: boolean;
    }>;
    expect(listed.find((x) => x.id === id)?.byManager).toBe(false);
  });

  it('gets 404 from POST /api/notifications/notifications/broadcast (broadcasts are the back office’s)', async () => {
    const res = await staffAsPlayer.post('/api/notifications/notifications/broadcast', {
      notificationMessage: 'Free spins for everyone',
    });
    expect(res.statusCode).toBe(404);
    const admin = await staffSession(t.app, ['admin']);
    const adminAsPlayer = await signIn(t.app, admin.email, STAFF_PASSWORD);
    expect(
      (
        await adminAsPlayer.post('/api/notifications/notifications/broadcast', {
          notificationMessage: 'Free spins for everyone',
        })
      ).statusCode,
    ).toBe(404);
    expect((await alice.b.get('/api/notifications/notifications?category=ADVERTISING')).json().count).toBe(0);
  });
});
