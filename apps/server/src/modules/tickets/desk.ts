import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/index.ts';
import { createDeskActorRecords } from './desk-actor.ts';
import { createCannedResponses } from './desk-canned-responses.ts';
import { createDeskQueue, type StaffMembers } from './desk-queue.ts';
import { createDeskRepository } from './desk-repository.ts';
import { createDeskTicketActions } from './desk-ticket-actions.ts';
import type { TicketsService } from './service.ts';

export type { DeskActor } from './desk-actor.ts';

export interface DeskDeps {
  db: Db;
  service: TicketsService;
  audit: AuditService;
  /** Staff accounts with their roles and e-mails (assignees, agents). */
  staffMembers(): ReturnType<StaffMembers>;
  /** Whether a player account is banned now (the requester's context). */
  isBanned(userId: string): Promise<boolean>;
  /** The name a staff member's replies show (their username, else 'Manager'). */
  displayNameOf(staffId: string): Promise<string>;
  /** After a change only staff see (a note): refresh the desks. */
  touched(ticketId: string): void;
  /** After staff revoked a visitor's links: the visitor's open chats are dropped with `message`. */
  guestLinksRevoked(ticketId: string, message: string): Promise<void>;
}

/** The staff desk's reads and actions on tickets; every action is audited in its own transaction. */
export function createDesk({
  db,
  service,
  audit,
  staffMembers,
  isBanned,
  displayNameOf,
  touched,
  guestLinksRevoked,
}: DeskDeps) {
  const repo = createDeskRepository(db);
  const reads = createDeskQueue({ repo, service, staffMembers, isBanned });
  const actions = createDeskTicketActions({
    repo,
    service,
    reads,
    actors: createDeskActorRecords({ audit, displayNameOf }),
    touched,
    guestLinksRevoked,
  });

  return {
    queue: reads.queue,
    detail: reads.detail,
    agents: reads.agents,
    take: actions.take,
    assign: actions.assign,
    reply: actions.reply,
    resolveRequest: actions.resolveRequest,
    revokeGuestLinks: actions.revokeGuestLinks,
    note: actions.note,
    attachment: reads.attachment,
    canned: createCannedResponses({ repo, audit }),
  };
}
export type TicketDesk = ReturnType<typeof createDesk>;
