import type { FileKind } from '@portal/domain/documents';

/** Safe names for uploaded files, on disk listings and in downloads (docs/decisions/005-documents.md). */

const KIND_EXTENSIONS: Record<FileKind, string[]> = {
  pdf: ['pdf'],
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  heic: ['heic', 'heif'],
};
// C0 and C1 controls, DEL, and the bidirectional overrides that disguise an extension.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_NAME = 120;

/**
 * A display name that is harmless anywhere it is shown or offered for download: no folders
 * ("../../etc/passwd" → "passwd"), no NUL or control characters, no reserved characters, at most
 * 120 characters, and the extension of the type the content really is.
 */
export function sanitizeFileName(name: string, kind: FileKind | null = null): string {
  const base = (name.normalize('NFC').split(/[/\\]/).pop() ?? '')
    .replace(UNSAFE_CHARS, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const dot = base.lastIndexOf('.');
  let stem = dot > 0 ? base.slice(0, dot) : base;
  const rawExt = dot > 0 ? base.slice(dot + 1) : '';
  let ext = rawExt.toLowerCase();
  if (kind && !KIND_EXTENSIONS[kind].includes(ext)) {
    // Keep what the person typed as part of the name, but the extension tells the truth.
    if (rawExt) stem = `${stem}.${rawExt}`;
    ext = KIND_EXTENSIONS[kind][0]!;
  }
  stem = stem.replace(/^[.\s]+|[.\s]+$/g, '') || 'arquivo';
  const suffix = ext ? `.${ext}` : '';
  return `${Array.from(stem)
    .slice(0, MAX_NAME - suffix.length)
    .join('')}${suffix}`;
}

/**
 * Content-Disposition for a download (RFC 6266): an ASCII fallback `filename` and the exact name
 * in `filename*` (RFC 5987 percent-encoding).
 */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const safe = sanitizeFileName(name);
  const fallback =
    safe
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._ -]/g, '_')
      .trim() || 'arquivo';
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
