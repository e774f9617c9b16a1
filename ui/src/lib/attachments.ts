/**
 * Files candidates send (apply attachment, stored CVs): pdf, docx, jpeg or png of at most
 * 5,000,000 bytes (spec §5, §9). Checked here for a quick answer; the server checks the content.
 */

export const MAX_ATTACHMENT_BYTES = 5_000_000;

/** Accepted kinds by extension, with the types browsers give them. */
export const ATTACHMENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  pdf: ['application/pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
};

/** The file inputs' `accept`. */
export const ATTACHMENT_ACCEPT = '.pdf,.docx,.jpg,.jpeg,.png,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/jpeg,image/png';

export type AttachmentError = 'fileSize' | 'fileType';

/** Why a file cannot be sent (type first: a wrong kind of file is wrong at any size), or null. */
export function attachmentError(file: { name: string; size: number; type: string }): AttachmentError | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const mimes = ATTACHMENT_TYPES[extension];
  // The browser derives `type` from the extension; an empty type is left to the server's check.
  if (!mimes || (file.type !== '' && !mimes.includes(file.type))) return 'fileType';
  if (file.size > MAX_ATTACHMENT_BYTES) return 'fileSize';
  return null;
}

/** A byte size for people: `812 KB`, `4.8 MB`. */
export function formatBytes(bytes: number, locale: string): string {
  const format = (value: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${format(bytes / 1000, 0)} KB`;
  return `${format(bytes / 1_000_000, 1)} MB`;
}
