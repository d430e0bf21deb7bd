import { describe, expect, it } from 'vitest';
import { ELIGIBLE } from './testing/fgts-answers';
import {
  checklistFrom,
  CHECKLIST_KEYS,
  daysLeft,
  deriveDocumentItems,
  detectFileKind,
  emptyChecklist,
  expiryOf,
  itemState,
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
