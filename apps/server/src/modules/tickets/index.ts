// The tickets module's public surface: the decorated services' types, for the back office's desk area.

export { malformed } from './files.ts';
export type { TicketsOutreach } from './plugin.ts';
export type { TicketsService } from './service.ts';
export { createTicketsTimeline } from './staff-timeline.ts';
export type { TicketAuthor, TicketChange } from './writes.ts';
