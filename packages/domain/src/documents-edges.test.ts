import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  createPdfInspector,
  daysLeft,
  deriveDocumentItems,
  detectFileKind,
  expiryOf,
  fileTooLargeMessage,
  isMarriedOrInUnion,
  isRepresented,
  itemState,
  sanitizeFileName,
  type FileFacts,
} from './documents';
import type { ProposalFacts } from './section';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 30, 12);
const file = (status: FileFacts['status'], daysAgo: number, reviewReason: string | null = null): FileFacts => ({
  status,
  uploadedAt: NOW - daysAgo * DAY,
  reviewReason,
});

describe('item state: which copy counts and when it expires', () => {
  it('counts validity from the newest copy that was not refused, whatever the order of the files', () => {
    const files = [file('accepted', 40), file('accepted', 5)];
    const expected = { state: 'accepted', reason: null, expiresAt: NOW - 5 * DAY + 30 * DAY };
    expect(itemState(files, 30, NOW)).toEqual(expected);
    expect(itemState([...files].reverse(), 30, NOW)).toEqual(expected);
    // A newer refused copy does not renew the validity.
    expect(itemState([file('accepted', 40), file('rejected', 1, 'Ilegível')], 30, NOW).state).toBe('expired');
  });
  it.each([
    [30 * DAY, 'expired'],
    [30 * DAY - 1, 'accepted'],
  ])('an accepted copy %d ms old with 30 days of validity is %s', (age, state) => {
    expect(itemState([{ status: 'accepted', uploadedAt: NOW - age, reviewReason: null }], 30, NOW).state).toBe(state);
  });
  it('a copy still waiting for review also expires, and tells when', () => {
    expect(itemState([file('sent', 91)], 90, NOW)).toEqual({
      state: 'expired',
      reason: null,
      expiresAt: NOW - DAY,
    });
    expect(itemState([file('sent', 10)], 90, NOW)).toEqual({ state: 'sent', reason: null, expiresAt: NOW + 80 * DAY });
  });
  it('a document that does not age never expires', () => {
    expect(itemState([file('accepted', 4000)], null, NOW)).toEqual({
      state: 'accepted',
      reason: null,
      expiresAt: null,
    });
  });
  it('with every copy refused, the reason of the latest refusal is shown, whatever the order', () => {
    const files = [
      file('rejected', 9, 'Sem assinatura'),
      file('rejected', 2, 'Ilegível'),
      file('rejected', 5, 'Vencido'),
    ];
    expect(itemState(files, 30, NOW)).toEqual({ state: 'rejected', reason: 'Ilegível', expiresAt: null });
  });
  it('expiryOf adds the validity in days; daysLeft is 0 on the last day and negative after', () => {
    expect(expiryOf(NOW, 30)).toBe(NOW + 30 * DAY);
    expect(expiryOf(NOW, 0)).toBe(NOW);
    expect(daysLeft(NOW + DAY, NOW)).toBe(0);
    expect(daysLeft(NOW + 1, NOW)).toBe(0);
    expect(daysLeft(NOW + DAY + 1, NOW)).toBe(1);
    expect(daysLeft(NOW, NOW)).toBe(-1);
    expect(daysLeft(NOW - DAY, NOW)).toBe(-2);
  });
});

describe('who needs which document', () => {
  const facts = (buyers: number, data: Record<number, object> = {}): ProposalFacts => ({
    buyers,
    type: 'financing',
    sectionValues: (key, buyer) => (key === 'data' && buyer !== null ? ((data[buyer] as never) ?? null) : null),
    fgtsPropertyRules: [],
  });
  const buyersOf = (f: ProposalFacts) => [...new Set(deriveDocumentItems(f).map((i) => i.buyer))];
  it('a proposal has one or two buyers, whatever number it carries', () => {
    expect(buyersOf(facts(0))).toEqual([0, null]);
    expect(buyersOf(facts(1))).toEqual([0, null]);
    expect(buyersOf(facts(2))).toEqual([0, 1, null]);
    expect(buyersOf(facts(3))).toEqual([0, 1, null]);
  });
  it('married, or in a stable union whatever the civil status, asks for the certificate', () => {
    expect(isMarriedOrInUnion({ civil_status: 'married' })).toBe(true);
    expect(isMarriedOrInUnion({ civil_status: 'single', marriage_union: true })).toBe(true);
    expect(isMarriedOrInUnion({ civil_status: 'single', marriage_union: false })).toBe(false);
    expect(isMarriedOrInUnion({ civil_status: 'divorced', marriage_union: 'true' })).toBe(false);
    expect(isMarriedOrInUnion(null)).toBe(false);
    const keys = deriveDocumentItems(facts(2, { 1: { civil_status: 'single', marriage_union: true } })).map(
      (i) => i.key,
    );
    expect(keys.filter((k) => k === 'marriage_lines')).toEqual(['marriage_lines']);
  });
  it('an attorney only when the answer is yes (true), not any other value', () => {
    expect(isRepresented({ represented: true })).toBe(true);
    expect(isRepresented({ represented: 'yes' })).toBe(false);
    expect(isRepresented(null)).toBe(false);
  });
});

describe('type by magic bytes: the whole signature counts', () => {
  const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
  it.each([
    ['"%PDF" without the dash', [...ascii('%PDF1.7'), ...new Array(8).fill(0)], null],
    ['two bytes of JPEG', [0xff, 0xd8, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0], null],
    ['seven bytes of PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00, 0, 0, 0, 0], null],
    ['a HEIC box cut before the brand ends', [0, 0, 0, 0x18, ...ascii('ftyphei')], null],
    ['a whole HEIC box of 12 bytes', [0, 0, 0, 0x18, ...ascii('ftypheic')], 'heic'],
    ['"ftyp" at the wrong place', [0, 0, 0, ...ascii('ftypheic'), 0], null],
  ])('%s → %s', (_name, bytes, kind) => {
    expect(detectFileKind(new Uint8Array(bytes))).toBe(kind);
  });
});

describe('file names: what is kept', () => {
  it.each([
    ['a   b\t c.pdf', null, 'a b c.pdf'],
    [' . oculto.pdf', null, 'oculto.pdf'],
    ['nota.pdf. . ', null, 'nota.pdf'],
    ['Foto.PNG', null, 'Foto.png'],
    ['foto.JPG', 'jpeg', 'foto.jpg'],
    ['foto.jpeg', 'jpeg', 'foto.jpeg'],
    ['scan', 'png', 'scan.png'],
    ['scan.', 'png', 'scan.png'],
    ['relatório final', null, 'relatório final'],
    ['a.b.c.pdf', 'pdf', 'a.b.c.pdf'],
  ] as const)('%j (content %s) → %j', (name, kind, safe) => {
    expect(sanitizeFileName(name, kind)).toBe(safe);
  });
  it('cuts long names at 120 characters, never inside a character', () => {
    expect(sanitizeFileName('a'.repeat(500))).toBe('a'.repeat(120));
    const emoji = sanitizeFileName(`${'😀'.repeat(200)}.png`, 'png');
    expect(Array.from(emoji)).toHaveLength(120);
    expect(emoji).toBe(`${'😀'.repeat(116)}.png`);
  });
  it('a name with no Latin letters still downloads with an ASCII fallback', () => {
    expect(contentDisposition('日本.pdf')).toBe(
      `attachment; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`,
    );
  });
  it('says the upload limit in megabytes', () => {
    expect(fileTooLargeMessage(20)).toBe('O arquivo passa do limite de 20 MB. Envie um arquivo menor.');
  });
});

describe('PDF health: the marker, the offset and large files', () => {
  const bytesOf = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));
  const inspect = (text: string, chunk: number) => {
    const i = createPdfInspector();
    const bytes = bytesOf(text);
    for (let at = 0; at < bytes.length; at += chunk) i.push(bytes.subarray(at, at + chunk));
    return i.finish();
  };
  /** A PDF whose startxref is `offset` (default: where its xref starts), then `after` bytes of junk. */
  const pdf = (body: string, options: { offset?: number; after?: string; trailer?: string } = {}) => {
    const head = `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${body}`;
    const xref = options.offset ?? head.length;
    return `${head}xref\n0 2\ntrailer\n<< /Root 1 0 R${options.trailer ?? ''} >>\nstartxref\n${xref}\n%%EOF\n${options.after ?? ''}`;
  };
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
