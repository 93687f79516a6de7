import { type GuestTicketResponse, type TicketMessage, ticketStatusLabels } from '@paws/contracts/tickets';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/core/events/record.ts';
import { domainEvents, eventInbox } from '../../src/core/events/schema.ts';
import { recorded } from '../backbone/helpers.ts';
import { type StaffSession, staffSession } from '../helpers/staff.ts';
import { LANDING_HOST } from '../helpers/test-app.ts';
import { lastMessageTo, messagesTo, uniqueAddress } from '../identity/helpers.ts';
import { nextEvent, originOf, refused } from '../notifications/helpers.ts';
import { eventually } from '../payments/helpers.ts';
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
  // One visitor IP gets 5 tickets an hour (RATE_LIMIT_IP_SCALE 1).
  t = await createTicketsTestApp({ RATE_LIMIT_IP_SCALE: '1' });
  origin = await originOf(t.app);
  support = await staffSession(t.app, ['support']);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

// Fresh addresses each run: with REDIS_URL the counters outlive the app.
const ipBase = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
let ipCounter = 10;
const nextIp = () => `${ipBase}.${ipCounter++}`;
const visitorTicket = (fields: Record<string, string>, ip: string) => {
  const body = form(ticketFields(fields));
  return t.app.inject({
    method: 'POST',
    url: `${TICKETS}/unAuth`,
    remoteAddress: ip,
    payload: body.payload,
    headers: { ...body.headers, host: LANDING_HOST },
  });
};
async function openVisitorTicket(email = uniqueAddress().email, ip = nextIp()) {
  const body = form(ticketFields({ email, nameOfUser: 'Vera Visitor', message: 'I cannot sign up' }));
  const res = await t.app.inject({
    method: 'POST',
    url: `${TICKETS}/unAuth`,
    remoteAddress: ip,
    payload: body.payload,
    headers: { ...body.headers, host: LANDING_HOST },
  });
  expect(res.statusCode).toBe(201);
  const link = (await lastMessageTo(t.app, email)).body.match(/https?:\/\/\S+\/support\/ticket\/(\S+)/);
  expect(link).not.toBeNull();
  return { id: res.json().id as string, email, token: link![1]!, ip };
}

describe("a visitor's ticket", () => {
  it('is e-mailed a private link that reads the ticket and takes replies; staff replies reach the visitor by e-mail', async () => {
    const { id, email, token, ip } = await openVisitorTicket();
    const welcome = await lastMessageTo(t.app, email);
    expect(welcome.body).toContain(`http://landing.test/support/ticket/${token}`);

    const view = await t.app.inject({ method: 'GET', url: `${TICKETS}/guest/${token}` });
    expect(view.statusCode).toBe(200);
    const ticket = view.json() as GuestTicketResponse;
    expect(ticket.ticket).toMatchObject({ id, status: 'CREATED', nameOfUser: 'Vera Visitor', email });
    expect(ticket.messages.map((m) => m.message)).toEqual(['I cannot sign up']);

    // A reply with a file through the link; the file opens through the link too.
    const png = await pngOf();
    const reply = await t.app.inject({
      method: 'POST',
      url: `${TICKETS}/guest/${token}/messages`,
      remoteAddress: ip,
      ...form({ message: 'Here is the error' }, [
        { filename: 'error.png', contentType: 'image/png', data: png },
      ]),
    });
    expect(reply.statusCode).toBe(201);
    const message = reply.json() as TicketMessage;
    expect(message.linkFull).toBe(`${TICKETS}/guest/${token}/files/${message.id}`);
    const file = await t.app.inject({ method: 'GET', url: message.linkFull! });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);

    // Staff answer: the answer lands in the visitor's e-mail with the link.
    const before = (await messagesTo(t.app, email)).length;
    const answer = await support.inject({
      method: 'POST',
      url: `/api/staff/tickets/${id}/messages`,
      payload: { message: 'Please try another browser' },
    });
    expect(answer.statusCode).toBe(200);
    await expect
      .poll(async () => (await messagesTo(t.app, email)).length, { timeout: 5000 })
      .toBe(before + 1);
    const mail = await lastMessageTo(t.app, email);
    expect(mail.body).toContain('Please try another browser');
    expect(mail.body).toContain(`/support/ticket/${token}`);
  });

  it('refuses a link we did not make, and a link to a ticket of another', async () => {
    const { id, token } = await openVisitorTicket();
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await t.app.inject({ method: 'GET', url: `${TICKETS}/guest/${forged}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${TICKETS}/guest/short` })).json().field).toBe('token');
    const other = await openVisitorTicket();
    const files = await t.app.tickets.messagesOf(id);
    expect(
      (await t.app.inject({ method: 'GET', url: `${TICKETS}/guest/${other.token}/files/${files[0]!.id}` }))
        .statusCode,
    ).toBe(404);
    // A player's ticket never opens through a guest link.
    const player = await signedInNewPlayer(t.app);
    const own = await createTicket(player.b);
    const tokenForPlayerTicket = t.app.tickets.guestLinks.tokenFor({ id: own.id, guestLinkVersion: 0 });
    expect(
      (await t.app.inject({ method: 'GET', url: `${TICKETS}/guest/${tokenForPlayerTicket}` })).statusCode,
    ).toBe(404);
  });

  it('joins the tickets channel with the link and hears staff live', async () => {
    const { id, token } = await openVisitorTicket();
    const visitor = openTicketChannel(origin, { ticketId: id, guestToken: token }, sockets);
    expect((await joined(visitor)).map((m) => m.message)).toEqual(['I cannot sign up']);
    const heard = nextEvent<TicketMessage>(visitor, 'receiveTicketMessage', (m) => m.changeStatus === null);
    await support.inject({
      method: 'POST',
      url: `/api/staff/tickets/${id}/messages`,
      payload: { message: 'Hi Vera' },
    });
    expect(await heard).toMatchObject({ message: 'Hi Vera', byManager: true });

    const other = await openVisitorTicket();
    const wrong = openTicketChannel(origin, { ticketId: id, guestToken: other.token }, sockets);
    expect((await refused(wrong)).data?.statusCode).toBe(404);
  });

  it('answers 400, not 500, to a form it cannot read', async () => {
    const body = form(ticketFields());
    const res = await t.app.inject({
      method: 'POST',
      url: `${TICKETS}/unAuth`,
      remoteAddress: nextIp(),
      payload: body.payload,
      headers: { 'content-type': 'multipart/form-data; boundary=----not-the-one' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('is rate limited per e-mail address (3 an hour) and per IP (5 an hour)', async () => {
    const email = uniqueAddress().email;
    for (let i = 0; i < 3; i++) expect((await visitorTicket({ email }, nextIp())).statusCode).toBe(201);
    const fourth = await visitorTicket({ email: email.toUpperCase() }, nextIp());
    expect(fourth.statusCode).toBe(429);

    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await visitorTicket({ email: uniqueAddress().email }, ip)).statusCode).toBe(201);
    }
    const sixth = await visitorTicket({ email: uniqueAddress().email }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    expect((await visitorTicket({ email: uniqueAddress().email }, nextIp())).statusCode).toBe(201);
  });
});

describe("support's answer to a visitor (tickets.guest_replied)", () => {
  /** The subscriber's inbox row for the event, once it has run. */
  async function handledBy(subscriber: string, payload: object) {
    const [row] = await t.app.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.name, 'tickets.guest_replied'), eq(domainEvents.payload, payload)));
    if (!row) return [];
    return t.app.database.db
      .select()
      .from(eventInbox)
      .where(and(eq(eventInbox.subscriber, subscriber), eq(eventInbox.eventId, row.id)));
  }

  it('is recorded with the staff reply, and the tickets.guest-mail subscriber e-mails the visitor from it, once', async () => {
    const { id, email, token } = await openVisitorTicket();
    const before = (await messagesTo(t.app, email)).length;
    const answer = await support.inject({
      method: 'POST',
      url: `/api/staff/tickets/${id}/messages`,
      payload: { message: 'Please clear your cookies' },
    });
    expect(answer.statusCode).toBe(200);

    const events = (await recorded(t.app, 'tickets.guest_replied')).filter((e) => e.ticketId === id);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      ticketId: id,
      messageId: expect.any(String),
      reply: 'Please clear your cookies',
      status: 'IN_PROGRESS',
    });
    // A visitor's ticket tells no player.
    expect((await recorded(t.app, 'tickets.replied')).filter((e) => e.ticketId === id)).toHaveLength(0);

    const mail = await eventually(async () => {
      const mails = await messagesTo(t.app, email);
      expect(mails).toHaveLength(before + 1);
      return mails[0]!;
    });
    expect(mail.subject).toBe('Support replied to your request');
    expect(mail.body).toBe(
      [
        'Hello Vera Visitor,',
        'Support replied to your request: Please clear your cookies',
        `Request status has changed to: ${ticketStatusLabels.IN_PROGRESS}`,
        `Follow and answer your request here:\nhttp://landing.test/support/ticket/${token}`,
        'The PAWS support team',
      ].join('\n\n'),
    );
    await eventually(async () => expect(await handledBy('tickets.guest-mail', events[0]!)).toHaveLength(1));

    // The visitor's own message records nothing to tell them.
    const own = await t.app.inject({
      method: 'POST',
      url: `${TICKETS}/guest/${token}/messages`,
      payload: { message: 'Done, thanks' },
    });
    expect(own.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect((await recorded(t.app, 'tickets.guest_replied')).filter((e) => e.ticketId === id)).toHaveLength(1);
    expect(await messagesTo(t.app, email)).toHaveLength(before + 1);
  });

  it('reaches the visitor from the committed event alone (nothing after the commit is needed), with a link of the current generation', async () => {
    const { id, email, token } = await openVisitorTicket();
    expect(
      (await support.inject({ method: 'POST', url: `/api/staff/tickets/${id}/guest-links/revoke` }))
        .statusCode,
    ).toBe(200);
    const [first] = await t.app.tickets.messagesOf(id);
    const before = (await messagesTo(t.app, email)).length;
    // As if the process had died right after the answer's commit: only the event is there.
    const payload = { ticketId: id, messageId: first!.id, status: 'CLOSED' as const };
    await t.app.database.db.transaction((tx) => recordEvent(tx, 'tickets.guest_replied', payload));
    const mail = await eventually(async () => {
      const mails = await messagesTo(t.app, email);
      expect(mails).toHaveLength(before + 1);
      return mails[0]!;
    });
    expect(mail.subject).toBe(`Request status has changed to: ${ticketStatusLabels.CLOSED}`);
    const link = mail.body.match(/\/support\/ticket\/(\S+)/)?.[1];
    expect(link).toBe(t.app.tickets.guestLinks.tokenFor({ id, guestLinkVersion: 1 }));
    expect(link).not.toBe(token);
    await eventually(async () => expect(await handledBy('tickets.guest-mail', payload)).toHaveLength(1));
  });
});
