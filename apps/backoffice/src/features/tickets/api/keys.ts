/** Query keys of the tickets desk (DataTable adds its path, filters, page and sort after `queue`). */
export const ticketKeys = {
  /** The queue (every page and filter). */
  queue: 'tickets-queue',
  /** Staff who answer tickets, with their open counts. */
  agents: ['tickets-agents'] as const,
  /** One ticket: its messages, notes and timers. */
  ticket: (id: string) => ['ticket', id] as const,
  canned: ['tickets-canned'] as const,
  /** The player beside a chat (players area). */
  player: (id: string) => ['ticket-player', id] as const,
  playerSection: (id: string, section: 'bets' | 'payments' | 'verifications') =>
    ['ticket-player', id, section] as const,
};

export const ticketsPath = '/tickets';
