// The outbox's public surface: every e-mail and SMS is recorded through its service.
export { createOutboxService, type OutboxService, type OutgoingMessage } from './service.ts';
