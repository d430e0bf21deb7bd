/** A PDF's health as it streams in: encrypted or probably corrupt (docs/decisions/005-documents.md). */

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

const ENCRYPT = Array.from('/Encrypt', (c) => c.charCodeAt(0));
const TAIL_BYTES = 2048;

/**
 * Looks at a PDF as it streams by (constant memory): encrypted when the document has an /Encrypt
 * dictionary (trailer or cross-reference stream); corrupt when it lacks the %%EOF marker near the
 * end or a startxref offset that points inside the file.
 */
export function createPdfInspector() {
  let size = 0;
  let matched = 0;
  let encrypted = false;
  let tail = new Uint8Array(0);
  return {
    push(chunk: Uint8Array) {
      size += chunk.length;
      if (!encrypted) {
        for (let i = 0; i < chunk.length; i++) {
          const b = chunk[i]!;
          if (b === ENCRYPT[matched]) {
            matched++;
            if (matched === ENCRYPT.length) {
              encrypted = true;
              break;
            }
          } else matched = b === ENCRYPT[0] ? 1 : 0;
        }
      }
      const joined = new Uint8Array(Math.min(TAIL_BYTES, tail.length + chunk.length));
      const fromChunk = Math.min(chunk.length, joined.length);
      const fromTail = joined.length - fromChunk;
      joined.set(tail.subarray(tail.length - fromTail), 0);
      joined.set(chunk.subarray(chunk.length - fromChunk), fromTail);
      tail = joined;
    },
    finish(): { encrypted: boolean; corrupt: boolean } {
      const text = ascii(tail, 0, tail.length);
      const eof = text.lastIndexOf('%%EOF');
      // %%EOF within the last 1 KB (what readers tolerate), preceded by startxref and an offset.
      const eofNearEnd = eof >= 0 && text.length - eof <= 1024;
      const xref = eof >= 0 ? /startxref\s+(\d+)\s*$/.exec(text.slice(0, eof)) : null;
      const offset = xref ? Number(xref[1]) : NaN;
      const corrupt = !eofNearEnd || !Number.isFinite(offset) || offset <= 0 || offset >= size;
      return { encrypted, corrupt };
    },
  };
}
