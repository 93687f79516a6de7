import {
  finishedTicketStatuses,
  type TicketCategory,
  type TicketStatus,
  ticketCategoryLabels,
  ticketStatusLabels,
} from '@paws/contracts/tickets';

export const statusLabel = (status: TicketStatus) => ticketStatusLabels[status];
export const categoryLabel = (category: TicketCategory) => ticketCategoryLabels[category];

export const isFinished = (status: TicketStatus) =>
  (finishedTicketStatuses as readonly TicketStatus[]).includes(status);

export type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';
export const statusTone: Record<TicketStatus, Tone> = {
  CREATED: 'info',
  IN_PROGRESS: 'neutral',
  RESOLVE_REQUEST: 'warn',
  RETURNED: 'bad',
  CLOSED: 'good',
  AUTO_CLOSED: 'good',
};
