import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import type { TicketDetail, TicketListItem, TicketMessage } from '@paws/contracts/tickets';
import type { TicketMessageRow, TicketRow } from './schema.ts';

/**
 * Who reads a message decides its attachment's address: the player's file route (session cookie), the
 * visitor's (the private link's token in the path) or the desk's (staff cookie, back-office origin).
 */
export type FileAudience = { kind: 'player' } | { kind: 'guest'; token: string } | { kind: 'staff' };

export function fileUrl(audience: FileAudience, messageId: string) {
  switch (audience.kind) {
    case 'player':
      return `${serviceBasePaths.tickets}/tickets/files/${messageId}`;
    case 'guest':
      return `${serviceBasePaths.tickets}/tickets/guest/${audience.token}/files/${messageId}`;
    case 'staff':
      return `${STAFF_API_PREFIX}/tickets/files/${messageId}`;
  }
}

export const toTicketMessage = (row: TicketMessageRow, audience: FileAudience): TicketMessage => ({
  id: row.id,
  message: row.message,
  byManager: row.byManager,
  username: row.username,
  linkFull: row.fileKey ? fileUrl(audience, row.id) : null,
  fileName: row.fileName,
  fileType: row.fileType,
  fileSize: row.fileSize,
  likesCount: 0,
  likedByUser: false,
  createdAt: row.createdAt.toISOString(),
  changeStatus: row.changeStatus,
});

export const toTicketDetail = (row: TicketRow): TicketDetail => ({
  id: row.id,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  invocationCategory: row.category,
  rating: row.rating,
  ratingText: row.ratingText,
});

export const toTicketListItem = (row: TicketRow, unreadCount: number): TicketListItem => ({
  id: row.id,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  invocationCategory: row.category,
  byManager: row.lastMessageByManager,
  lastTicketMessage: row.messageCount > 0 ? (row.lastMessageText ?? '') : null,
  unreadCount,
});

/** The desk's subject line: the first message's opening words. */
export function subjectOf(text: string, fileName: string | null) {
  const words = text.replace(/\s+/g, ' ').trim();
  if (!words) return fileName ?? '';
  return words.length <= 80 ? words : `${words.slice(0, 79).trimEnd()}…`;
}

/** A message's opening words for a notice or an e-mail line: at most 140 characters. */
export const snippet = (text: string) => (text.length <= 140 ? text : `${text.slice(0, 139).trimEnd()}…`);
