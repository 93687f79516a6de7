import {
  type CannedResponse,
  cannedResponseBodySchema,
  staffTicketMessages,
} from '@paws/contracts/staff-tickets';
import { notFound } from '../../lib/errors.ts';
import type { AuditService } from '../audit/index.ts';
import type { DeskActor } from './desk-actor.ts';
import type { DeskRepository } from './desk-repository.ts';
import type { CannedResponseRow } from './schema.ts';

const toCanned = (row: CannedResponseRow): CannedResponse => ({
  id: row.id,
  title: row.title,
  text: row.text,
  updatedAt: row.updatedAt.toISOString(),
});

/** The desk's canned responses: listed for everyone at the desk, each change audited in its transaction. */
export function createCannedResponses({ repo, audit }: { repo: DeskRepository; audit: AuditService }) {
  return {
    async list() {
      const rows = await repo.cannedResponses();
      return { items: rows.map(toCanned) };
    },
    async create(actor: DeskActor, input: unknown) {
      const body = cannedResponseBodySchema.parse(input);
      return repo.transaction(async (tx) => {
        const row = await repo.insertCanned({ ...body, createdBy: actor.actorId }, tx);
        if (!row) throw new Error('canned response insert returned no row');
        await audit.record(
          {
            actorId: actor.actorId,
            actorRoles: actor.actorRoles,
            ip: actor.ip,
            action: 'tickets.canned_create',
            targetType: 'canned_response',
            targetId: row.id,
            after: toCanned(row),
          },
          tx,
        );
        return toCanned(row);
      });
    },
    async update(actor: DeskActor, id: string, input: unknown) {
      const body = cannedResponseBodySchema.parse(input);
      return repo.transaction(async (tx) => {
        const before = await repo.lockCanned(id, tx);
        if (!before) throw notFound(staffTicketMessages.cannedNotFound);
        const row = await repo.updateCanned(id, { ...body, updatedAt: new Date() }, tx);
        if (!row) throw notFound(staffTicketMessages.cannedNotFound);
        await audit.record(
          {
            actorId: actor.actorId,
            actorRoles: actor.actorRoles,
            ip: actor.ip,
            action: 'tickets.canned_update',
            targetType: 'canned_response',
            targetId: id,
            before: toCanned(before),
            after: toCanned(row),
          },
          tx,
        );
        return toCanned(row);
      });
    },
    async remove(actor: DeskActor, id: string) {
      await repo.transaction(async (tx) => {
        const row = await repo.deleteCanned(id, tx);
        if (!row) throw notFound(staffTicketMessages.cannedNotFound);
        await audit.record(
          {
            actorId: actor.actorId,
            actorRoles: actor.actorRoles,
            ip: actor.ip,
            action: 'tickets.canned_delete',
            targetType: 'canned_response',
            targetId: id,
            before: toCanned(row),
          },
          tx,
        );
      });
    },
  };
}
