import type { StaffPage } from '@paws/contracts/staff-lists';
import { hasPermission } from '@paws/contracts/staff-permissions';
import {
  type StaffTicketDetail,
  type StaffTicketListItem,
  type StaffTicketsQuery,
  staffTicketMessages,
  staffTicketsQuerySchema,
  TICKET_FIRST_RESPONSE_MINUTES,
  TICKET_NEXT_RESPONSE_MINUTES,
} from '@paws/contracts/staff-tickets';
import { type TicketStatus, ticketMessages as texts, ticketStatuses } from '@paws/contracts/tickets';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { DeskRepository } from './desk-repository.ts';
import { toTicketMessage } from './messages.ts';
import type { TicketRow } from './schema.ts';
import { FINISHED, type TicketsService } from './service.ts';

export type StaffMembers = () => Promise<
  Array<{ userId: string; email: string | null; username: string | null; roles: string[] }>
>;

export interface DeskQueueDeps {
  repo: DeskRepository;
  service: TicketsService;
  staffMembers: StaffMembers;
  isBanned(userId: string): Promise<boolean>;
}

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000).toISOString();

/** The desk's status filter: statuses (comma-separated) or 'open' (not finished). */
function statusesOf(value: string | undefined): TicketStatus[] | undefined {
  if (!value?.trim()) return undefined;
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const statuses = new Set<TicketStatus>();
  for (const name of names) {
    if (name === 'open') {
      for (const status of ticketStatuses)
        if (!(FINISHED as readonly string[]).includes(status)) statuses.add(status);
    } else if ((ticketStatuses as readonly string[]).includes(name)) statuses.add(name as TicketStatus);
    else
      throw badRequest(
        `status must be open or one of ${ticketStatuses.join(', ')} (comma-separated)`,
        'status',
      );
  }
  return [...statuses];
}

/** The desk's reads: the queue, one ticket with its conversation and notes, the agents. */
export function createDeskQueue({ repo, service, staffMembers, isBanned }: DeskQueueDeps) {
  async function answerers() {
    const members = await staffMembers();
    return members.filter((m) =>
      hasPermission(m.roles as Parameters<typeof hasPermission>[0], 'tickets.answer'),
    );
  }

  async function toItems(rows: TicketRow[]): Promise<StaffTicketListItem[]> {
    const members = new Map((await staffMembers()).map((m) => [m.userId, m]));
    const banned = new Map(
      await Promise.all(
        [...new Set(rows.map((r) => r.userId).filter((id): id is string => id !== null))].map(
          async (id) => [id, await isBanned(id)] as const,
        ),
      ),
    );
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      category: row.category,
      createdAt: row.createdAt.toISOString(),
      subject: row.subject,
      requester: {
        userId: row.userId,
        name: row.nameOfUser,
        email: row.email,
        guest: row.userId === null,
        banned: row.userId ? (banned.get(row.userId) ?? false) : false,
      },
      assignee: row.assigneeId
        ? { id: row.assigneeId, email: members.get(row.assigneeId)?.email ?? '' }
        : null,
      lastMessageAt: row.lastMessageAt.toISOString(),
      lastMessage: row.messageCount > 0 ? (row.lastMessageText ?? '') : null,
      lastMessageByManager: row.lastMessageByManager,
      firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
      firstResponseDueAt: minutes(row.createdAt, TICKET_FIRST_RESPONSE_MINUTES),
      waitingSince: row.waitingSince?.toISOString() ?? null,
      nextResponseDueAt: row.waitingSince ? minutes(row.waitingSince, TICKET_NEXT_RESPONSE_MINUTES) : null,
      messageCount: row.messageCount,
    }));
  }

  async function ticketOf(id: string) {
    const [row] = await service.byIds([id]);
    if (!row) throw notFound(texts.notFound);
    return row;
  }

  async function detail(id: string): Promise<StaffTicketDetail> {
    const ticket = await ticketOf(id);
    const [[item], messages, notes] = await Promise.all([
      toItems([ticket]),
      service.messagesOf(id),
      repo.notesOf(id),
    ]);
    if (!item) throw notFound(texts.notFound);
    return {
      ...item,
      rating: ticket.rating,
      ratingText: ticket.ratingText,
      messages: messages.map((row) => toTicketMessage(row, { kind: 'staff' })),
      notes: notes.map((note) => ({
        id: note.id,
        text: note.text,
        authorId: note.authorId,
        authorEmail: note.authorEmail,
        createdAt: note.createdAt.toISOString(),
      })),
      playerReadMessageId: ticket.playerReadMessageId,
    };
  }

  return {
    answerers,
    ticketOf,
    detail,

    /** GET /api/staff/tickets: the queue, filtered, sorted and paged. */
    async queue(input: StaffTicketsQuery, staffId: string): Promise<StaffPage<StaffTicketListItem>> {
      const query = staffTicketsQuerySchema.parse(input);
      const assignee = query.assignee?.trim();
      let assigneeId: string | null | undefined;
      if (assignee === 'me') assigneeId = staffId;
      else if (assignee === 'none') assigneeId = null;
      else if (assignee) {
        if (!/^[0-9a-f-]{36}$/i.test(assignee)) throw badRequest(staffTicketMessages.assignedTo, 'assignee');
        assigneeId = assignee;
      }
      const { rows, total } = await repo.queuePage(
        {
          statuses: statusesOf(query.status),
          category: query.category,
          assigneeId,
          search: query.search?.trim(),
        },
        { sort: query.sort, order: query.order, limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { items: await toItems(rows), total };
    },

    /** GET /api/staff/tickets/agents: who answers tickets, with their open assigned counts. */
    async agents() {
      const [members, counts] = await Promise.all([answerers(), repo.openCountsByAssignee()]);
      const open = new Map(counts.map((c) => [c.assigneeId, c.value]));
      return {
        agents: members.map((m) => ({ id: m.userId, email: m.email ?? '', open: open.get(m.userId) ?? 0 })),
      };
    },

    /** An attachment, staff side. */
    async attachment(messageId: string) {
      const found = await service.attachment(messageId);
      if (!found) throw notFound('File not found');
      return found;
    },
  };
}
