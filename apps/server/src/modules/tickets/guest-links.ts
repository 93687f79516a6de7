import { createHmac, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 24;

/**
 * A visitor's private link to their ticket: the ticket id and a MAC of it under the server's secret, in one
 * url-safe token. Nothing to store or look up (the server can write the link again for every e-mail), and
 * no one can make one for another ticket without the secret.
 */
export function createGuestLinks(secret: string) {
  const key = createHmac('sha256', secret).update('tickets.guest-link').digest();
  const macOf = (ticketId: string) =>
    createHmac('sha256', key).update(ticketId).digest().subarray(0, MAC_BYTES);

  return {
    tokenFor(ticketId: string): string {
      const id = Buffer.from(ticketId.replaceAll('-', ''), 'hex');
      return Buffer.concat([id, macOf(ticketId)]).toString('base64url');
    },
    /** The ticket id a token opens, or undefined for a token we did not make. */
    ticketIdOf(token: string): string | undefined {
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== 16 + MAC_BYTES || bytes.toString('base64url') !== token) return undefined;
      const hex = bytes.subarray(0, 16).toString('hex');
      const ticketId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      return timingSafeEqual(bytes.subarray(16), macOf(ticketId)) ? ticketId : undefined;
    },
  };
}
export type GuestLinks = ReturnType<typeof createGuestLinks>;
