import { describe, expect, it } from 'vitest';
import { ELIGIBLE } from './fixtures/fgts-answers';
import {
  checklistFrom,
  CHECKLIST_KEYS,
  contentDisposition,
  createPdfInspector,
  daysLeft,
  deriveDocumentItems,
  detectFileKind,
  emptyChecklist,
  expiryOf,
  itemState,
  sanitizeFileName,
} from './documents';
import type { ProposalFacts, Values } from './section';

const facts = (buyers: number, sections: Record<string, Values>): ProposalFacts => ({
  buyers,
  type: 'financing',
  sectionValues: (key, buyer) => sections[`${key}:${buyer ?? '-'}`] ?? null,
  fgtsPropertyRules: [],
});
const keys = (f: ProposalFacts) => deriveDocumentItems(f).map((i) => i.key);

describe('checklist derivation', () => {
  it('asks one buyer with no section filled for the basics and the seller for the property papers', () => {
    expect(keys(facts(1, {}))).toEqual([
      'occupation_declaration_1',
      'income_tax_buyer1',
      'proof_of_address_buyer1',
      'property_registration',
      'iptu_current_year',
      'sellers_form',
    ]);
  });

  it('adds the marriage certificate when a buyer is married or in a stable union, once', () => {
    expect(keys(facts(1, { 'data:0': { civil_status: 'single', marriage_union: false } }))).not.toContain(
      'marriage_lines',
    );
    expect(keys(facts(1, { 'data:0': { civil_status: 'married' } }))).toContain('marriage_lines');
    expect(keys(facts(2, { 'data:1': { civil_status: 'divorced', marriage_union: true } }))).toContain(
      'marriage_lines',
    );
    const both = keys(facts(2, { 'data:0': { civil_status: 'married' }, 'data:1': { civil_status: 'married' } }));
    expect(both.filter((k) => k === 'marriage_lines')).toHaveLength(1);
  });

  it('gives each buyer their own occupation, income tax and proof of address items', () => {
    const k = keys(facts(2, {}));
    for (const key of [
      'occupation_declaration_1',
      'occupation_declaration_2',
      'income_tax_buyer1',
      'income_tax_buyer2',
      'proof_of_address_buyer1',
      'proof_of_address_buyer2',
    ]) {
      expect(k).toContain(key);
    }
  });

  it("asks for the represented buyer's documents only for the buyer who has an attorney", () => {
    const k = keys(facts(2, { 'data:1': { represented: true }, 'data:0': { represented: false } }));
    expect(k).toContain('represented_document_buyer2');
    expect(k).not.toContain('represented_document_buyer1');
  });

  it('asks for the signed FGTS form and the statement of each buyer who uses FGTS', () => {
    const k = keys(facts(2, { 'fgts_questions:0': ELIGIBLE, 'fgts_questions:1': { uses_fgts: 'no' } }));
    expect(k).toContain('fgts_form_0');
    expect(k).toContain('fgts_statement_buyer1');
    expect(k).not.toContain('fgts_form_1');
    expect(k).not.toContain('fgts_statement_buyer2');
    // Answers that fail the eligibility rules ask for no FGTS document.
    expect(keys(facts(1, { 'fgts_questions:0': { ...ELIGIBLE, owns_home_in_city: 'yes' } }))).not.toContain(
      'fgts_form_0',
    );
    // CGI has no FGTS.
    expect(keys({ ...facts(1, { 'fgts_questions:0': ELIGIBLE }), type: 'cgi' })).not.toContain('fgts_form_0');
  });

  it('never lists a second buyer item for a single-buyer proposal', () => {
    const k = keys(facts(1, { 'data:1': { represented: true, civil_status: 'married' } }));
    const second = [
      'occupation_declaration_2',
      'income_tax_buyer2',
      'proof_of_address_buyer2',
      'represented_document_buyer2',
      'fgts_form_1',
      'fgts_statement_buyer2',
    ];
    expect(k.filter((x) => second.includes(x))).toEqual([]);
    expect(k).not.toContain('marriage_lines');
  });
});

describe('item state and the 12 booleans', () => {
  const day = 86_400_000;
  const now = Date.UTC(2026, 5, 30);
  it('is pending without files, sent while waiting, accepted when all are accepted', () => {
    expect(itemState([], null, now).state).toBe('pending');
    expect(itemState([{ status: 'sent', uploadedAt: now, reviewReason: null }], null, now).state).toBe('sent');
    expect(
      itemState(
        [
          { status: 'accepted', uploadedAt: now, reviewReason: null },
          { status: 'sent', uploadedAt: now, reviewReason: null },
        ],
        null,
        now,
      ).state,
    ).toBe('sent');
    expect(itemState([{ status: 'accepted', uploadedAt: now, reviewReason: null }], null, now).state).toBe('accepted');
  });

  it('reopens a rejected item with the reason until a new file is sent', () => {
    const rejected = { status: 'rejected' as const, uploadedAt: now - day, reviewReason: 'Ilegível' };
    expect(itemState([rejected], null, now)).toEqual({ state: 'rejected', reason: 'Ilegível', expiresAt: null });
    expect(itemState([rejected, { status: 'sent', uploadedAt: now, reviewReason: null }], null, now).state).toBe(
      'sent',
    );
  });

  it('expires an aging document counted from the newest copy', () => {
    const sent = now - 31 * day;
    expect(itemState([{ status: 'accepted', uploadedAt: sent, reviewReason: null }], 30, now)).toEqual({
      state: 'expired',
      reason: null,
      expiresAt: sent + 30 * day,
    });
    expect(
      itemState(
        [
          { status: 'accepted', uploadedAt: sent, reviewReason: null },
          { status: 'sent', uploadedAt: now, reviewReason: null },
        ],
        30,
        now,
      ).state,
    ).toBe('sent');
    expect(expiryOf(sent, null)).toBeNull();
    expect(daysLeft(now + 10 * day, now)).toBe(9);
  });

  it('sets a boolean only for accepted items of the checklist, all false by default', () => {
    expect(emptyChecklist()).toEqual(Object.fromEntries(CHECKLIST_KEYS.map((k) => [k, false])));
    const list = checklistFrom([
      { key: 'income_tax_buyer1', state: 'accepted' },
      { key: 'iptu_current_year', state: 'sent' },
      { key: 'property_registration', state: 'expired' },
      { key: 'proof_of_address_buyer1', state: 'accepted' },
    ]);
    expect(Object.keys(list)).toEqual([...CHECKLIST_KEYS]);
    expect(Object.entries(list).filter(([, v]) => v)).toEqual([['income_tax_buyer1', true]]);
  });
});

describe('type by magic bytes', () => {
  const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);
  const text = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));
  it('recognizes PDF, JPEG, PNG and HEIC/HEIF whatever the name', () => {
    expect(detectFileKind(text('%PDF-1.7\n%âãÏÓ'))).toBe('pdf');
    expect(detectFileKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(detectFileKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(detectFileKind(new Uint8Array([0, 0, 0, 0x18, ...text('ftypheic'), 0, 0, 0, 0]))).toBe('heic');
    expect(detectFileKind(new Uint8Array([0, 0, 0, 0x18, ...text('ftypmif1'), 0, 0, 0, 0]))).toBe('heic');
  });
  it('refuses everything else', () => {
    expect(detectFileKind(text('MZ\x90\x00\x03\x00\x00\x00'))).toBeNull(); // Windows .exe
    expect(detectFileKind(text('<html><script>'))).toBeNull();
    expect(detectFileKind(text('PK\x03\x04zip'))).toBeNull();
    expect(detectFileKind(new Uint8Array([0, 0, 0, 0x18, ...text('ftypmp42')]))).toBeNull();
    expect(detectFileKind(text(' %PDF-1.4'))).toBeNull();
    expect(detectFileKind(new Uint8Array())).toBeNull();
  });
});

describe('file names', () => {
  it('drops folders, NUL and control characters', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('..\\..\\Windows\\win.ini')).toBe('win.ini');
    expect(sanitizeFileName('a\u0000b\u0007c\r\n.pdf')).toBe('abc.pdf');
    expect(sanitizeFileName('fatura\u202Efdp.exe')).toBe('faturafdp.exe');
    expect(sanitizeFileName('...')).toBe('arquivo');
    expect(sanitizeFileName('')).toBe('arquivo');
    expect(sanitizeFileName('a<b>:c"d|e?f*.pdf')).toBe('a_b__c_d_e_f_.pdf');
  });
  it('gives the name the extension of what the content really is', () => {
    expect(sanitizeFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('foto.PDF', 'jpeg')).toBe('foto.PDF.jpg');
    expect(sanitizeFileName('Matrícula.pdf', 'pdf')).toBe('Matrícula.pdf');
    expect(sanitizeFileName('IMG_0001.HEIC', 'heic')).toBe('IMG_0001.heic');
  });
  it('keeps names short', () => {
    const long = sanitizeFileName(`${'a'.repeat(500)}.pdf`, 'pdf');
    expect(long.length).toBe(120);
    expect(long.endsWith('.pdf')).toBe(true);
  });
  it('writes Content-Disposition with an ASCII fallback and the RFC 5987 name', () => {
    expect(contentDisposition('Declaração "IR" 2025.pdf')).toBe(
      `attachment; filename="Declaracao _IR_ 2025.pdf"; filename*=UTF-8''Declara%C3%A7%C3%A3o%20_IR_%202025.pdf`,
    );
    expect(contentDisposition("it's (1).pdf", 'inline')).toBe(
      `inline; filename="it_s _1_.pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
    expect(contentDisposition('../../etc/passwd')).toBe(`attachment; filename="passwd"; filename*=UTF-8''passwd`);
  });
});

describe('PDF health', () => {
  const pdf = (body: string) => {
    const head = `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${body}`;
    const xref = head.length;
    return `${head}xref\n0 2\ntrailer\n<< /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  };
  const inspect = (text: string, chunk = 7) => {
    const i = createPdfInspector();
    const bytes = new Uint8Array([...text].map((c) => c.charCodeAt(0)));
    for (let at = 0; at < bytes.length; at += chunk) i.push(bytes.subarray(at, at + chunk));
    return i.finish();
  };
  it('passes a well-formed PDF, read in small chunks', () => {
    expect(inspect(pdf(''))).toEqual({ encrypted: false, corrupt: false });
  });
  it('flags an encrypted PDF even when /Encrypt spans two chunks', () => {
    const text = pdf('').replace('<< /Root 1 0 R >>', '<< /Root 1 0 R /Encrypt 5 0 R >>');
    expect(inspect(text, 3).encrypted).toBe(true);
  });
  it('flags a truncated PDF and a startxref pointing outside the file', () => {
    const full = pdf('');
    expect(inspect(full.slice(0, full.length - 40)).corrupt).toBe(true);
    expect(inspect(full.replace(/startxref\n\d+/, 'startxref\n999999')).corrupt).toBe(true);
    expect(inspect('%PDF-1.4\n').corrupt).toBe(true);
  });
});
