// The messaging module's public surface: outgoing e-mail and SMS, recorded in the mailbox and delivered by a job.
export type { Mailbox, OutgoingMessage } from './mailbox.ts';
export type { Messaging, SmsProvider } from './plugin.ts';
