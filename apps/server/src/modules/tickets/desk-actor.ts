import type { DbOrTx } from '../../db/client.ts';
import type { AuditService, StaffAuditActor } from '../audit/index.ts';
import type { TicketRow } from './schema.ts';
import type { TicketAuthor } from './writes.ts';

/** The staff member acting at the desk: who (audit) and the name the player sees on their replies. */
export interface DeskActor extends StaffAuditActor {
  actorId: string;
  email: string | null;
}

/** What a desk action writes of its staff member: the audit row and the ticket's author. */
export function createDeskActorRecords({
  audit,
  displayNameOf,
}: {
  audit: AuditService;
  displayNameOf(staffId: string): Promise<string>;
}) {
  const record = (
    tx: DbOrTx,
    actor: DeskActor,
    action: string,
    ticketId: string,
    before: unknown,
    after: unknown,
  ) =>
    audit.record(
      {
        actorId: actor.actorId,
        actorRoles: actor.actorRoles,
        ip: actor.ip,
        action,
        targetType: 'ticket',
        targetId: ticketId,
        before,
        after,
      },
      tx,
    );
  const staffAuthor = async (actor: DeskActor): Promise<TicketAuthor> => ({
    kind: 'staff',
    staffId: actor.actorId,
    name: await displayNameOf(actor.actorId),
  });
  const brief = (t: TicketRow) => ({ status: t.status, assigneeId: t.assigneeId });

  return { record, staffAuthor, brief };
}

export type DeskActorRecords = ReturnType<typeof createDeskActorRecords>;
