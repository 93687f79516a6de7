import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import {
  type TICKET_FILE_EXTENSIONS,
  TICKET_FILE_MAX_BYTES,
  type TicketFileMimeType,
  ticketMessages,
} from '@paws/contracts/tickets';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../lib/errors.ts';
import { createDiskStorage, type Storage } from '../../plugins/storage.ts';

/** An attachment as it arrives (multipart part or the socket's {buffer, mimetype, originalname}). */
export interface IncomingFile {
  data: Buffer;
  /** The name the sender gave it. */
  name: string | undefined;
  /** The upload went past the size limit (multipart stops reading one byte over). */
  truncated?: boolean;
}

/** An attachment checked by its content: what we keep and tell. */
export interface CheckedFile {
  data: Buffer;
  name: string;
  type: TicketFileMimeType;
  extension: string;
}

/** What each accepted extension must hold, by the type its bytes show. */
const expectedType: Record<(typeof TICKET_FILE_EXTENSIONS)[number], TicketFileMimeType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  txt: 'text/plain',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** file-type's answer for each accepted kind (an old Word file is an OLE compound file: 'cfb'). */
const sniffedType: Record<string, TicketFileMimeType> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'application/pdf': 'application/pdf',
  'application/x-cfb': 'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A file name safe to keep and show: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined) {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 200) || 'file';
}

/** Plain text: valid UTF-8 without control characters other than tab, line feed, carriage return, form feed. */
function isPlainText(data: Buffer) {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
  if (text.includes('\uFFFD')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a binary file shows
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/**
 * The attachment if its name's extension is one we take and its bytes are what that extension claims
 * (file-type's magic numbers; text must decode as UTF-8 text): an executable named .png is refused.
 */
export async function checkTicketFile(file: IncomingFile): Promise<CheckedFile> {
  if (file.truncated || file.data.length > TICKET_FILE_MAX_BYTES)
    throw badRequest(ticketMessages.fileSize, 'file');
  const name = cleanFileName(file.name);
  const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  const expected = expectedType[extension as keyof typeof expectedType];
  if (!expected || file.data.length === 0) throw badRequest(ticketMessages.fileType, 'file');
  const sniffed = await fileTypeFromBuffer(file.data);
  const actual = sniffed ? sniffedType[sniffed.mime] : isPlainText(file.data) ? 'text/plain' : undefined;
  if (actual !== expected) throw badRequest(ticketMessages.fileType, 'file');
  return { data: file.data, name, type: expected, extension };
}

/** Where attachments live: a private folder (never under the public /uploads), read back only by our routes. */
export interface PrivateFiles extends Pick<Storage, 'put' | 'delete'> {
  read(key: string): Promise<Buffer>;
}

export function createPrivateFiles(root: string): PrivateFiles {
  const disk = createDiskStorage(root);
  return {
    put: disk.put,
    delete: disk.delete,
    async read(key) {
      const path = resolve(root, key);
      if (!path.startsWith(root + sep)) throw new Error(`storage key escapes the root: ${key}`);
      return readFile(path);
    },
  };
}

/** A form the parser could not read (cut short, a wrong boundary): 400, unless it already says what (413). */
export function malformed(error: unknown) {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (error instanceof AppError || (typeof status === 'number' && status < 500)) return error;
  return badRequest('The form data could not be read');
}
