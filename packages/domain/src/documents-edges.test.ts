import { describe, expect, it } from 'vitest';
import {
  daysLeft,
  deriveDocumentItems,
  detectFileKind,
  expiryOf,
  fileTooLargeMessage,
  isMarriedOrInUnion,
  issueDateError,
  isRepresented,
  itemState,
  validityStart,
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

describe('upload limit', () => {
  it('says the upload limit in megabytes', () => {
    expect(fileTooLargeMessage(20)).toBe('O arquivo passa do limite de 20 MB. Envie um arquivo menor.');
  });
});

describe('validity from the issue date', () => {
  const DAY_MS = 86_400_000;
  // 2026-03-10 15:00 in Brasília.
  const at = Date.parse('2026-03-10T15:00:00-03:00');

  it('counts from the issue date when given, else from the sending', () => {
    const sent = { status: 'accepted' as const, uploadedAt: at, reviewReason: null };
    expect(itemState([sent], 90, at).expiresAt).toBe(at + 90 * DAY_MS);
    const issued = { ...sent, issuedOn: '2026-01-01' };
    expect(validityStart(issued)).toBe(Date.parse('2026-01-01T00:00:00-03:00'));
    expect(itemState([issued], 90, at)).toEqual({
      state: 'accepted',
      reason: null,
      expiresAt: Date.parse('2026-04-01T00:00:00-03:00'),
    });
    // Issued 100 days before: expired although sent today.
    expect(itemState([{ ...sent, issuedOn: '2025-11-30' }], 90, at).state).toBe('expired');
  });

  it('refuses an issue date that is not a date, in the future, past its validity, or for a document that does not age', () => {
    expect(issueDateError('2026-03-10', 90, at)).toBeNull();
    expect(issueDateError('2025-12-11', 90, at)).toBeNull();
    expect(issueDateError('2026-02-30', 90, at)).toBe('Insira uma data de emissão válida (DD/MM/AAAA).');
    expect(issueDateError('2026-03-11', 90, at)).toBe('A data de emissão não pode estar no futuro.');
    expect(issueDateError('2025-12-10', 90, at)).toBe(
      'Este documento venceu em 10/03/2026: ele vale 90 dias a partir da emissão. Envie uma cópia emitida mais recentemente.',
    );
    expect(issueDateError('2026-03-01', null, at)).toBe(
      'Este documento não tem prazo de validade: não é preciso informar a data de emissão.',
    );
  });
});
