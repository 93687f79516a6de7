import { createHmac, timingSafeEqual } from 'node:crypto';
import { TICKET_GUEST_LINK_DAYS } from '@paws/contracts/tickets';

const MAC_BYTES = 24;
const ID_BYTES = 16;
const VERSION_BYTES = 4;
const DAY_MS = 86_400_000;

/** What a link needs of its ticket: the id, the links' generation and the last activity. */
export interface GuestLinkTicket {
  id: string;
  guestLinkVersion: number;
  activityAt: Date;
}

/** A token we made: the ticket it opens and the generation of links it belongs to. */
export interface GuestLinkClaim {
  ticketId: string;
  version: number;
}

const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * A visitor's private link to their ticket: the ticket id and the ticket's link generation
 * (tickets.guest_link_version) with a MAC of both under the server's secret, in one url-safe token. Nothing
 * is stored per link; no one can make one for another ticket or another generation without the secret.
 *
 * A link opens its ticket while (1) its generation is the ticket's current one (staff revoking the links
 * bumps it: every link made before stops at once) and (2) the ticket has had activity (a message or a status
 * change) within TICKET_GUEST_LINK_DAYS: a conversation in progress keeps its link, one left alone for a
 * month closes its door.
 *
 * Tokens made before generations existed (id + MAC of the id) read as generation 0, so the links already
 * e-mailed follow the same two rules.
 */
export function createGuestLinks(secret: string) {
  const key = createHmac('sha256', secret).update('tickets.guest-link').digest();
  const legacyMacOf = (ticketId: string) =>
    createHmac('sha256', key).update(ticketId).digest().subarray(0, MAC_BYTES);
  const macOf = (ticketId: string, version: number) =>
    createHmac('sha256', key).update(`${ticketId}:v${version}`).digest().subarray(0, MAC_BYTES);

  return {
    tokenFor(ticket: Pick<GuestLinkTicket, 'id' | 'guestLinkVersion'>): string {
      const id = Buffer.from(ticket.id.replaceAll('-', ''), 'hex');
      const version = Buffer.alloc(VERSION_BYTES);
      version.writeUInt32BE(ticket.guestLinkVersion);
      return Buffer.concat([id, version, macOf(ticket.id, ticket.guestLinkVersion)]).toString('base64url');
    },

    /** The ticket and generation a token names, or undefined for a token we did not make. */
    claimOf(token: string): GuestLinkClaim | undefined {
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.toString('base64url') !== token) return undefined;
      const ticketId = uuidOf(bytes.subarray(0, ID_BYTES).toString('hex'));
      if (bytes.length === ID_BYTES + MAC_BYTES) {
        return timingSafeEqual(bytes.subarray(ID_BYTES), legacyMacOf(ticketId))
          ? { ticketId, version: 0 }
          : undefined;
      }
      if (bytes.length !== ID_BYTES + VERSION_BYTES + MAC_BYTES) return undefined;
      const version = bytes.readUInt32BE(ID_BYTES);
      return timingSafeEqual(bytes.subarray(ID_BYTES + VERSION_BYTES), macOf(ticketId, version))
        ? { ticketId, version }
        : undefined;
    },
  };
}
export type GuestLinks = ReturnType<typeof createGuestLinks>;

/** Whether a link of generation `version` still opens `ticket` at `now` (see createGuestLinks). */
export function guestLinkOpens(ticket: GuestLinkTicket, version: number, now: Date): boolean {
  if (version !== ticket.guestLinkVersion) return false;
  return now.getTime() < ticket.activityAt.getTime() + TICKET_GUEST_LINK_DAYS * DAY_MS;
}
