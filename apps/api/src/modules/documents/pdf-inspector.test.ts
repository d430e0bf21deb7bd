import { describe, expect, it } from 'vitest';
import { createPdfInspector } from './pdf-inspector';

/** The inspector's verdict on `text` pushed in chunks of `chunk` bytes. */
const inspect = (text: string, chunk: number) => {
  const i = createPdfInspector();
  const bytes = new Uint8Array([...text].map((c) => c.charCodeAt(0)));
  for (let at = 0; at < bytes.length; at += chunk) i.push(bytes.subarray(at, at + chunk));
  return i.finish();
};
/** All of `text` in one push. */
const inspectWhole = (text: string) => inspect(text, Math.max(1, text.length));

interface PdfOptions {
  /** The startxref offset (default: where the xref starts). */
  offset?: number;
  /** Added inside the trailer dictionary. */
  trailer?: string;
  /** Between "startxref" and the offset, and between the offset and %%EOF. */
  beforeOffset?: string;
  afterOffset?: string;
  /** Junk after %%EOF and its line break. */
  after?: string;
}
/** A small PDF with `body` before its cross-reference table. */
const pdf = (body: string, options: PdfOptions = {}) => {
  const head = `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${body}`;
  const xref = options.offset ?? head.length;
  return (
    `${head}xref\n0 2\ntrailer\n<< /Root 1 0 R${options.trailer ?? ''} >>\n` +
    `startxref${options.beforeOffset ?? '\n'}${xref}${options.afterOffset ?? '\n'}%%EOF\n${options.after ?? ''}`
  );
};

describe('PDF health', () => {
  it('passes a well-formed PDF, read in small chunks', () => {
    expect(inspect(pdf(''), 7)).toEqual({ encrypted: false, corrupt: false });
  });
  it('flags an encrypted PDF even when /Encrypt spans two chunks', () => {
    expect(inspect(pdf('', { trailer: ' /Encrypt 5 0 R' }), 3).encrypted).toBe(true);
  });
  it('flags a truncated PDF and a startxref pointing outside the file', () => {
    const full = pdf('');
    expect(inspect(full.slice(0, full.length - 40), 7).corrupt).toBe(true);
    expect(inspect(full.replace(/startxref\n\d+/, 'startxref\n999999'), 7).corrupt).toBe(true);
    expect(inspect('%PDF-1.4\n', 7).corrupt).toBe(true);
  });
});

describe('PDF health: the marker, the offset and large files', () => {
  const big = 'x'.repeat(5000);

  it.each([1, 1000, 3000, 100_000])('a well-formed PDF of 5 KB read in chunks of %d bytes is healthy', (chunk) => {
    expect(inspect(pdf(big), chunk)).toEqual({ encrypted: false, corrupt: false });
  });
  it('finds /Encrypt after a false start ("//Encrypt") and in a large file', () => {
    expect(inspect(pdf(big, { trailer: ' //Encrypt 5 0 R' }), 1000).encrypted).toBe(true);
    expect(inspect(pdf(big, { trailer: ' /Encrypted' }), 64).encrypted).toBe(true);
    expect(inspect(pdf(big, { trailer: ' /Encryp' }), 64).encrypted).toBe(false);
  });
  it('%%EOF may be followed by up to 1 KB (from the marker), not more', () => {
    // From "%%EOF" to the end: the 5 bytes of the marker, a line break and the junk.
    expect(inspect(pdf(big, { after: ' '.repeat(1018) }), 512).corrupt).toBe(false);
    expect(inspect(pdf(big, { after: ' '.repeat(1019) }), 512).corrupt).toBe(true);
  });
  it('startxref must point inside the file, after its first byte', () => {
    const size = pdf(big).length;
    expect(inspect(pdf(big, { offset: 0 }), 700).corrupt).toBe(true);
    expect(inspect(pdf(big, { offset: 1 }), 700).corrupt).toBe(false);
    // The offset's own digits change the size: 4 digits either way here.
    expect(inspect(pdf(big, { offset: size - 1 }), 700).corrupt).toBe(false);
    expect(inspect(pdf(big, { offset: size }), 700).corrupt).toBe(true);
    expect(inspect(pdf(big).replace(/startxref\n\d+/, 'startxref\nabc'), 700).corrupt).toBe(true);
  });
});

describe('PDF health: the startxref line', () => {
  it.each([
    ['one line break', '\n', '\n', false],
    ['blank lines around the offset', '\n\n', '\n\n', false],
    ['text between the offset and %%EOF', '\n', '\nxx\n', true],
    ['no space after startxref', '', '\n', true],
  ])('%s → corrupt: %s', (_name, beforeOffset, afterOffset, corrupt) => {
    expect(inspectWhole(pdf('', { beforeOffset, afterOffset })).corrupt).toBe(corrupt);
  });
  it('"Encrypt" without its slash is not an /Encrypt dictionary', () => {
    expect(inspectWhole(pdf('', { trailer: ' /Title (aEncrypt)' }))).toEqual({ encrypted: false, corrupt: false });
  });
});
