import { TICKET_FILE_EXTENSIONS, TICKET_FILE_MAX_BYTES } from '@paws/contracts/tickets';

/** The file picker's filter (spec 001 §5: png, jpeg, jpg, txt, pdf, doc, docx). */
export const ATTACHMENT_ACCEPT = TICKET_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');
/** The limit said in the UI, in MB. */
export const ATTACHMENT_MAX_MB = TICKET_FILE_MAX_BYTES / 1024 / 1024;

export type AttachmentProblem = 'fileType' | 'fileSize';

/**
 * The browser's first check, by extension and size, so a wrong file is named before it travels; the server
 * checks the content itself.
 */
export function checkAttachment(file: Pick<File, 'name' | 'size'>): AttachmentProblem | undefined {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(TICKET_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return 'fileType';
  }
  if (file.size > TICKET_FILE_MAX_BYTES) return 'fileSize';
  return undefined;
}

/** '340 KB', '2.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const isImageMessage = (fileType: string | null, linkFull: string | null) =>
  Boolean(linkFull) &&
  (fileType === null ? /\.(png|jpe?g)(\?|$)/i.test(linkFull ?? '') : fileType.startsWith('image/'));
