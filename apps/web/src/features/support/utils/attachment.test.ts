import { describe, expect, it } from 'vitest';
import { mergeMessages } from '../realtime/use-ticket-chat';
import { ticketMessage } from '../testing/fake-socket';
import { checkAttachment, formatFileSize, isImageMessage } from './attachment';

describe('attachments', () => {
  it('accepts png, jpeg, jpg, txt, pdf, doc, docx up to 5 MB, whatever the case of the extension', () => {
    for (const name of ['a.png', 'b.JPEG', 'c.jpg', 'd.txt', 'e.pdf', 'f.doc', 'g.docx']) {
      expect(checkAttachment({ name, size: 1000 })).toBeUndefined();
    }
    expect(checkAttachment({ name: 'setup.exe', size: 10 })).toBe('fileType');
    expect(checkAttachment({ name: 'png', size: 10 })).toBe('fileType');
    expect(checkAttachment({ name: 'photo.gif', size: 10 })).toBe('fileType');
    expect(checkAttachment({ name: 'big.pdf', size: 5 * 1024 * 1024 })).toBeUndefined();
    expect(checkAttachment({ name: 'big.pdf', size: 5 * 1024 * 1024 + 1 })).toBe('fileSize');
  });

  it('formats sizes and tells images from other files', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(isImageMessage('image/jpeg', '/f/1')).toBe(true);
    expect(isImageMessage('application/pdf', '/f/2')).toBe(false);
    expect(isImageMessage(null, '/f/3.png')).toBe(true);
    expect(isImageMessage('image/png', null)).toBe(false);
  });
});

describe('chat messages', () => {
  it('appends without duplicates, in time order', () => {
    const a = ticketMessage({ createdAt: '2026-11-24T10:00:00.000Z' });
    const b = ticketMessage({ createdAt: '2026-11-24T10:01:00.000Z' });
    const c = ticketMessage({ createdAt: '2026-11-24T10:02:00.000Z' });
    const once = mergeMessages([a, b], [b]);
    expect(once.map((m) => m.id)).toEqual([a.id, b.id]);
    expect(mergeMessages([a, c], [b]).map((m) => m.id)).toEqual([a.id, b.id, c.id]);
  });
});
