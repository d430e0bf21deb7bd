import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import {
  ACCEPTED_TYPES_MESSAGE,
  detectFileKind,
  FILE_KIND_MIME,
  MAGIC_BYTES_NEEDED,
  type FileFlag,
  type FileKind,
} from '@portal/domain/documents';
import { createJpegMetadataStripper } from '@portal/domain/jpeg-metadata';
import { HttpError } from '../../errors';
import type { StreamScan } from './clamav';
import { createPdfInspector } from './pdf-inspector';

export interface Inspection {
  kind: FileKind;
  mime: string;
  sha256: string;
  flags: FileFlag[];
}

export const unsupportedType = () => new HttpError(415, 'unsupported_type', ACCEPTED_TYPES_MESSAGE);
export const emptyFile = () => new HttpError(400, 'empty_file', 'O arquivo está vazio.');

/**
 * A pass-through stream that checks an upload as it goes to storage, in constant memory: the real
 * type from the first bytes (refused at once when not PDF, JPEG, PNG or HEIC/HEIF), a SHA-256,
 * the PDF health flags, and the bytes fed to the virus scanner (waiting on it: back-pressure).
 * A JPEG loses its EXIF and XMP segments on the way (the phone's GPS position is never stored,
 * whatever the client did); the hash, the scan and the stored size are of what is stored.
 */
export function createUploadInspector(scan: StreamScan | null) {
  const hash = createHash('sha256');
  let head: Buffer = Buffer.alloc(0);
  let kind: FileKind | null = null;
  let total = 0;
  const pdf = createPdfInspector();
  let result: Inspection | null = null;
  const jpeg = createJpegMetadataStripper();

  async function forward(stream: Transform, chunk: Buffer) {
    if (kind === 'jpeg') {
      for (const part of jpeg.push(chunk)) await emit(stream, Buffer.from(part.buffer, part.byteOffset, part.length));
    } else await emit(stream, chunk);
  }

  async function emit(stream: Transform, chunk: Buffer) {
    if (chunk.length === 0) return;
    hash.update(chunk);
    if (kind === 'pdf') pdf.push(chunk);
    if (scan) await scan.write(chunk);
    stream.push(chunk);
  }

  const stream = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      total += chunk.length;
      (async () => {
        if (kind === null) {
          head = Buffer.concat([head, chunk]);
          if (head.length < MAGIC_BYTES_NEEDED) return;
          kind = detectFileKind(head);
          if (!kind) throw unsupportedType();
          const first = head;
          head = Buffer.alloc(0);
          await forward(stream, first);
          return;
        }
        await forward(stream, chunk);
      })().then(
        () => cb(),
        (err: Error) => cb(err),
      );
    },
    flush(cb) {
      (async () => {
        if (total === 0) throw emptyFile();
        if (kind === null) {
          kind = detectFileKind(head);
          if (!kind) throw unsupportedType();
          await forward(stream, head);
        }
        if (kind === 'jpeg') for (const part of jpeg.end()) await emit(stream, Buffer.from(part));
        const flags: FileFlag[] = [];
        if (kind === 'pdf') {
          const health = pdf.finish();
          if (health.encrypted) flags.push('pdf_encrypted');
          if (health.corrupt) flags.push('pdf_corrupt');
        }
        result = { kind, mime: FILE_KIND_MIME[kind], sha256: hash.digest('hex'), flags };
      })().then(
        () => cb(),
        (err: Error) => cb(err),
      );
    },
  });
  return {
    stream,
    /** Available once the stream has ended. */
    result(): Inspection {
      if (!result) throw new Error('inspection not finished');
      return result;
    },
  };
}
