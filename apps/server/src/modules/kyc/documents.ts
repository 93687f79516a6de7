import type { VerificationDocumentType } from '@paws/contracts/verification';

const signatures: Array<[VerificationDocumentType, number[], string]> = [
  ['image/jpeg', [0xff, 0xd8, 0xff], 'jpg'],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'png'],
  // '%PDF-'
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d], 'pdf'],
];

/** The document's type by its first bytes, whatever its name or declared type say. */
export function sniffDocumentType(data: Buffer) {
  for (const [type, signature, extension] of signatures) {
    if (signature.every((byte, i) => data[i] === byte)) return { type, extension };
  }
  return undefined;
}

/** A file name safe to keep and show: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined) {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 200) || 'document';
}
