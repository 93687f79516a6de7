import { createHmac } from 'node:crypto';
import type { StaffTicketDetail } from '@paws/contracts/staff-tickets';
import { staffTicketMessages } from '@paws/contracts/staff-tickets';
import { TICKET_GUEST_LINK_DAYS, ticketMessages } from '@paws/contracts/tickets';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/modules/tickets/schema.ts';
import { type StaffSession, staffSession } from '../helpers/staff.ts';
import { LANDING_HOST } from '../helpers/test-app.ts';
import { lastMessageTo, uniqueAddress } from '../identity/helpers.ts';
import { nextEvent, originOf, refused } from '../notifications/helpers.ts';
import { signedInNewPlayer } from '../staff/helpers.ts';
import {
  createTicket,
  createTicketsTestApp,
  form,
  joined,
  openTicketChannel,
  pngOf,
  TICKETS,
  type TicketsTestApp,
  ticketFields,
} from './helpers.ts';

let t: TicketsTestApp;
let origin: string;
let support: StaffSession;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTicketsTestApp();
  origin = await originOf(t.app);
  support = await staffSession(t.app, ['support']);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

const DAY = 86_400_000;
const ipBase = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
let ipCounter = 10;
const linkIn = (body: string) => body.match(/https?:\/\/\S+\/support\/ticket\/(\S+)/)?.[1];

/** A visitor's ticket with an attachment, and the private link e-mailed for it. */
async function openVisitorTicket() {
  const email = uniqueAddress().email;
  const body = form(ticketFields({ email, nameOfUser: 'Vera Visitor', message: 'I cannot sign up' }), [
    { filename: 'screen.png', contentType: 'image/png', data: await pngOf() },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${TICKETS}/unAuth`,
    remoteAddress: `${ipBase}.${ipCounter++}`,
    payload: body.payload,
    headers: { ...body.headers, host: LANDING_HOST },
  });
  expect(res.statusCode).toBe(201);
  const token = linkIn((await lastMessageTo(t.app, email)).body);
  expect(token).toBeDefined();
  const [first] = await t.app.tickets.messagesOf(res.json().id);
  return { id: res.json().id as string, email, token: token!, fileId: first!.id };
}

const read = (token: string) => t.app.inject({ method: 'GET', url: `${TICKETS}/guest/${token}` });
const post = (token: string, message: string) =>
  t.app.inject({ method: 'POST', url: `${TICKETS}/guest/${token}/messages`, payload: { message } });
const file = (token: string, messageId: string) =>
  t.app.inject({ method: 'GET', url: `${TICKETS}/guest/${token}/files/${messageId}` });
const lastActivity = (id: string, at: Date) =>
  t.app.database.db.update(tickets).set({ activityAt: at }).where(eq(tickets.id, id));
const revoke = (who: StaffSession, id: string) =>
  who.inject({ method: 'POST', url: `/api/staff/tickets/${id}/guest-links/revoke` });

/** Every way the link is used: the ticket, a reply, an attachment, the chat's handshake. */
async function expectRefused(ticket: Awaited<ReturnType<typeof openVisitorTicket>>, statusCode: number) {
  for (const res of [
    await read(ticket.token),
    await post(ticket.token, 'still there?'),
    await file(ticket.token, ticket.fileId),
  ]) {
    expect(res.statusCode).toBe(statusCode);
    expect(res.json()).toMatchObject({ statusCode, message: ticketMessages.guestLinkExpired });
  }
  const socket = openTicketChannel(origin, { ticketId: ticket.id, guestToken: ticket.token }, sockets);
  const refusal = await refused(socket);
  expect(refusal.data?.statusCode).toBe(statusCode);
  expect(refusal.message).toBe(ticketMessages.guestLinkExpired);
}

describe("a visitor's private link", () => {
  it(`opens the ticket while it had activity within ${TICKET_GUEST_LINK_DAYS} days, and answers 410 after`, async () => {
    const ticket = await openVisitorTicket();
    // Fresh: the ticket, a reply, the attachment and the chat.
    expect((await read(ticket.token)).statusCode).toBe(200);
    expect((await post(ticket.token, 'Any news?')).statusCode).toBe(201);
    expect((await file(ticket.token, ticket.fileId)).statusCode).toBe(200);
    const live = openTicketChannel(origin, { ticketId: ticket.id, guestToken: ticket.token }, sockets);
    expect(await joined(live)).toHaveLength(2);
    live.disconnect();

    // A conversation alive within the window keeps its (old) link.
    await lastActivity(ticket.id, new Date(Date.now() - (TICKET_GUEST_LINK_DAYS - 1) * DAY));
    expect((await read(ticket.token)).statusCode).toBe(200);

    // Left alone longer: refused everywhere, with the text the visitor's page shows.
    await lastActivity(ticket.id, new Date(Date.now() - (TICKET_GUEST_LINK_DAYS + 1) * DAY));
    await expectRefused(ticket, 410);
    expect((await t.app.tickets.messagesOf(ticket.id)).map((m) => m.message)).not.toContain('still there?');

    // A link we did not make is still simply not valid (404), not expired.
    const forged = `${ticket.token.slice(0, -4)}AAAA`;
    expect((await read(forged)).json()).toMatchObject({
      statusCode: 404,
      message: ticketMessages.guestToken,
    });
  });

  it('opens again when staff answer: the reply is activity, and its e-mail carries the link', async () => {
    const ticket = await openVisitorTicket();
    await lastActivity(ticket.id, new Date(Date.now() - (TICKET_GUEST_LINK_DAYS + 1) * DAY));
    expect((await read(ticket.token)).statusCode).toBe(410);
    const answer = await support.inject({
      method: 'POST',
      url: `/api/staff/tickets/${ticket.id}/messages`,
      payload: { message: 'Sorry for the wait' },
    });
    expect(answer.statusCode).toBe(200);
    await expect
      .poll(async () => (await lastMessageTo(t.app, ticket.email)).body, { timeout: 5000 })
      .toContain('Sorry for the wait');
    const mailed = linkIn((await lastMessageTo(t.app, ticket.email)).body)!;
    expect((await read(mailed)).statusCode).toBe(200);
    expect((await read(ticket.token)).statusCode).toBe(200);
  });

  it('reads a link made before link generations (id and MAC only) as generation 0', async () => {
    const ticket = await openVisitorTicket();
    const key = createHmac('sha256', t.app.env.SECRET).update('tickets.guest-link').digest();
    const mac = createHmac('sha256', key).update(ticket.id).digest().subarray(0, 24);
    const legacy = Buffer.concat([Buffer.from(ticket.id.replaceAll('-', ''), 'hex'), mac]).toString(
      'base64url',
    );
    expect((await read(legacy)).statusCode).toBe(200);
    expect((await revoke(support, ticket.id)).statusCode).toBe(200);
    expect((await read(legacy)).statusCode).toBe(410);
  });
});

describe("revoking a visitor's links", () => {
  it('stops every link sent so far, drops the open chat, is audited, and the next reply e-mails a working link', async () => {
    const ticket = await openVisitorTicket();
    const open = openTicketChannel(origin, { ticketId: ticket.id, guestToken: ticket.token }, sockets);
    await joined(open);
    const dropped = nextEvent<{ statusCode: number; message: string }>(open, 'socketError');

    const res = await revoke(support, ticket.id);
    expect(res.statusCode).toBe(200);
    expect((res.json() as StaffTicketDetail).id).toBe(ticket.id);
    expect(await dropped).toEqual({ statusCode: 410, message: ticketMessages.guestLinkExpired });
    await expectRefused(ticket, 410);

    const { entries } = await t.app.audit.list({ targetId: ticket.id, page: 1, limit: 50 } as Parameters<
      typeof t.app.audit.list
    >[0]);
    const audited = entries.find((e) => e.action === 'tickets.guest_links_revoke');
    expect(audited).toMatchObject({
      actorId: support.userId,
      targetType: 'ticket',
      before: { guestLinkVersion: 0 },
      after: { guestLinkVersion: 1 },
    });

    await support.inject({
      method: 'POST',
      url: `/api/staff/tickets/${ticket.id}/messages`,
      payload: { message: 'Here is a new link' },
    });
    await expect
      .poll(async () => (await lastMessageTo(t.app, ticket.email)).body, { timeout: 5000 })
      .toContain('Here is a new link');
    const fresh = linkIn((await lastMessageTo(t.app, ticket.email)).body)!;
    expect(fresh).not.toBe(ticket.token);
    expect((await read(fresh)).statusCode).toBe(200);
    expect((await post(fresh, 'Thanks')).statusCode).toBe(201);
    const chat = openTicketChannel(origin, { ticketId: ticket.id, guestToken: fresh }, sockets);
    expect((await joined(chat)).map((m) => m.message)).toContain('Thanks');
    expect((await read(ticket.token)).statusCode).toBe(410);
  });

  it("is refused on a player's ticket (409) and for staff without tickets.answer (403)", async () => {
    const player = await signedInNewPlayer(t.app);
    const own = await createTicket(player.b);
    const res = await revoke(support, own.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(staffTicketMessages.notGuestTicket);
    const ticket = await openVisitorTicket();
    const content = await staffSession(t.app, ['content']);
    expect((await revoke(content, ticket.id)).statusCode).toBe(403);
    expect((await read(ticket.token)).statusCode).toBe(200);
  });
});
