import { resolve } from 'node:path';
import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { ticketStatusLabels } from '@paws/contracts/tickets';
import type { Server } from 'socket.io';
import { defineModule } from '../../core/module.ts';
import { createDesk, type TicketDesk } from './desk.ts';
import { createDeskServer, deskChannel } from './desk-socket.ts';
import { createPrivateFiles } from './files.ts';
import { createGuestLinks } from './guest-links.ts';
import { type EmailGuest, subscribeGuestMail } from './guest-mail.ts';
import { type Announcer, createAnnouncer } from './realtime.ts';
import { ticketsRoutes } from './routes.ts';
import type { TicketRow } from './schema.ts';
import { seedTickets } from './seed.ts';
import { createTicketsService, type TicketsService } from './service.ts';
import { ticketsChannel } from './socket.ts';

export interface TicketsOutreach {
  /** The visitor's first e-mail: the private link to follow and answer their ticket. */
  welcomeGuest(ticket: TicketRow): Promise<void>;
  /** The private link of a visitor's ticket (landing face), of its current generation. */
  guestLink(ticket: Pick<TicketRow, 'id' | 'guestLinkVersion'>): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Support tickets: the player's and visitor's calls, and the reads and writes the staff desk builds on. */
    tickets: TicketsService;
    /** The live side of tickets: announcements to the chat and the desk, typing and read state. */
    ticketsRealtime: Announcer;
    ticketsOutreach: TicketsOutreach;
    /** The staff desk's reads and audited actions (backoffice/areas/tickets). */
    ticketDesk: TicketDesk;
    /** The staff desk's socket.io server (path /api/staff/socket.io, namespace /desk). */
    deskIo: Server;
  }
}

export const AUTO_CLOSE_JOB = 'tickets.auto-close';
/** Under DATA_DIR, outside the publicly served uploads folder: attachments go only to the owner and staff. */
const TICKET_FILES_FOLDER = 'ticket-files';

/**
 * The tickets service (spec 001 §7 Tickets and its realtime channel): tickets and their chat under
 * /api/tickets, the /tickets socket namespace, the desk's socket server, the auto-close job, and the
 * visitor's e-mails (support's answers through the tickets.guest-mail subscriber). The desk's HTTP routes are the back office's (backoffice/areas/tickets).
 */
export const tickets = defineModule({
  name: 'tickets',
  provides: ['tickets', 'ticketsRealtime', 'ticketsOutreach', 'ticketDesk', 'deskIo'],
  uses: ['identity', 'audit', 'messaging', 'staff', 'staffAuth', 'authenticate', 'socketAuth'],
  async register(app, { identity, audit, messaging, staff }) {
    const serving = app.serves('tickets');
    const guestLinks = createGuestLinks(app.env.SECRET);
    const guestLink = (ticket: Pick<TicketRow, 'id' | 'guestLinkVersion'>) =>
      `${app.env.LANDING_URL}/support/ticket/${guestLinks.tokenFor(ticket)}`;
    const emailGuest: EmailGuest = (ticket, subject, text, tx) =>
      messaging.email(
        ticket.email,
        subject,
        `Hello ${ticket.nameOfUser},\n\n${text}\n\nFollow and answer your request here:\n${guestLink(ticket)}\n\nThe PAWS support team`,
        tx,
      );

    const deskIo = await createDeskServer(app, serving);
    app.decorate('deskIo', deskIo);
    const announcer = createAnnouncer({
      io: app.io,
      desk: deskIo,
      guestLinks,
      log: app.log,
    });
    app.decorate('ticketsRealtime', announcer);
    app.decorate(
      'tickets',
      createTicketsService({
        db: app.database.db,
        files: createPrivateFiles(resolve(app.env.DATA_DIR, TICKET_FILES_FOLDER)),
        now: () => new Date(),
        guestLinks,
        changed: (change) => announcer.announce(change),
      }),
    );
    app.decorate(
      'ticketDesk',
      createDesk({
        db: app.database.db,
        service: app.tickets,
        audit,
        staffMembers: async () =>
          (await staff.list()).staff.map((m) => ({ ...m, roles: m.roles.map((grant) => grant.role) })),
        isBanned: (userId) => identity.isBanned(userId),
        displayNameOf: async (staffId) => (await identity.accountOf(staffId))?.username ?? 'Manager',
        touched: (ticketId) => announcer.touched(ticketId),
        guestLinksRevoked: (ticketId, message) => announcer.dropGuests(ticketId, message),
      }),
    );
    app.decorate('ticketsOutreach', {
      guestLink,
      welcomeGuest: (ticket) =>
        emailGuest(
          ticket,
          'We have received your request',
          `Thank you for writing to us. Your request (${ticket.subject}) is registered with the status ${ticketStatusLabels[ticket.status]}; our support team will answer you by e-mail.`,
        ),
    });
    // Tests build many apps and seed what they need; the demo's desk gets its canned responses at start.
    if (app.env.SEED && app.env.NODE_ENV !== 'test')
      app.addHook('onReady', () => seedTickets(app.database.db));
    if (!serving) return;

    await app.jobs.define({
      name: AUTO_CLOSE_JOB,
      handler: async () => {
        const closed = await app.tickets.autoClose();
        if (closed.length > 0) app.log.info({ closed: closed.length }, 'stale resolve requests auto-closed');
      },
    });
    await app.jobs.schedule(AUTO_CLOSE_JOB, '*/5 * * * *');
    await subscribeGuestMail(app, emailGuest);
    ticketsChannel(app);
    deskChannel(app, deskIo);
    await app.register(ticketsRoutes, { prefix: serviceBasePaths.tickets });
  },
});
