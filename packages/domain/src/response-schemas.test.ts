import { describe, expect, it } from 'vitest';
import { documentsListSchema } from './documents-views';
import { financingViewSchema } from './financing-view';
import { insuranceOverviewSchema } from './insurance';
import { INSURANCE_OVERVIEW as insurance } from './testing/responses';

/**
 * The response schemas the API answers with and the web reads: a realistic answer parses to
 * itself, a key the schema does not list never reaches the client, and a value outside the
 * contract is refused where it stands.
 */

const file = {
  id: 'f1',
  item: 'proof_of_address_buyer1',
  name: 'conta-de-luz.pdf',
  mime: 'application/pdf',
  size: 120_000,
  status: 'rejected',
  flags: ['pdf_encrypted'],
  uploadedAt: '2026-06-15T12:00:00.000Z',
  issuedOn: '2026-06-10',
  uploadedBy: 'Ana Souza',
  reviewReason: 'Documento ilegível',
  reviewedAt: '2026-06-16T09:00:00.000Z',
  canDelete: false,
};
const documents = {
  proposal: { id: 'p1', code: 'PF-2026-000123', status: 'filling' },
  canUpload: true,
  maxMb: 10,
  checklist: { marriage_lines: true, iptu_current_year: false },
  items: [
    {
      key: 'proof_of_address_buyer1',
      title: 'Comprovante de residência',
      hint: 'Emitido nos últimos 90 dias',
      uploader: 'buyer',
      buyer: 1,
      state: 'rejected',
      reason: 'Documento ilegível',
      validityDays: 90,
      expiresAt: '2026-09-13',
      canUpload: true,
      files: [file],
    },
    {
      key: 'marriage_lines',
      title: 'Certidão de casamento',
      hint: '',
      uploader: 'buyer',
      buyer: null,
      state: 'pending',
      reason: null,
      validityDays: null,
      expiresAt: null,
      canUpload: true,
      files: [],
    },
  ],
  sellerItems: [{ key: 'sellers_form', title: 'Ficha do vendedor', hint: 'Assinada', state: 'sent' }],
};

const financing = {
  system: 'SAC',
  amount: 40_000_000,
  months: 360,
  propertyValue: 50_000_000,
  appraisalValue: null,
  interestRateBp: 1049,
  ltvLimit: 80,
  ltvError: null,
  monthlyIncome: 2_000_000,
  summary: {
    system: 'SAC',
    firstInstallment: 440_000,
    lastInstallment: 112_000,
    totalPaid: 103_000_000,
    totalInterest: 63_000_000,
    incomeSharePercent: 22,
    isIncomeShareAboveLimit: false,
  },
  fgtsPropertyRules: [
    {
      id: 'residential',
      fact: { from: 'property', label: 'Tipo do imóvel' },
      source: 'Lei 8.036/1990',
      status: 'fail',
      reason: 'Imóvel comercial',
    },
  ],
};

describe('response schemas', () => {
  it.each([
    ['insurance overview', insuranceOverviewSchema, insurance],
    ['documents list', documentsListSchema, documents],
    ['financing view', financingViewSchema, financing],
  ] as const)('a realistic %s parses to itself', (_name, schema, value) => {
    expect(schema.parse(value)).toEqual(value);
  });

  it('the optional parts may be empty: no account, no summary, no files', () => {
    const noMe = { ...insurance, me: null, buyers: [] };
    expect(insuranceOverviewSchema.parse(noMe)).toEqual(noMe);
    const noConsent = { ...insurance, me: { ...insurance.me, consent: null } };
    expect(insuranceOverviewSchema.parse(noConsent)).toEqual(noConsent);
    const noSummary = { ...financing, interestRateBp: null, summary: null, monthlyIncome: null, fgtsPropertyRules: [] };
    expect(financingViewSchema.parse(noSummary)).toEqual(noSummary);
    const empty = { ...documents, checklist: {}, items: [], sellerItems: [] };
    expect(documentsListSchema.parse(empty)).toEqual(empty);
  });

  it('keys outside the contract never reach the client', () => {
    const leaky = {
      ...insurance,
      healthKey: 'secret',
      me: { ...insurance.me, answers: { weight: '80' } },
      buyers: [{ ...insurance.buyers[0], cpf: '52998224725' }],
    };
    expect(insuranceOverviewSchema.parse(leaky)).toEqual({ ...insurance, buyers: [insurance.buyers[0]] });
    const sellerItem = { ...documents.sellerItems[0], files: [file], reason: 'nota interna' };
    expect(documentsListSchema.parse({ ...documents, sellerItems: [sellerItem] }).sellerItems).toEqual(
      documents.sellerItems,
    );
    const withPath = { ...documents, items: [{ ...documents.items[0], files: [{ ...file, path: '/data/f1' }] }] };
    expect(documentsListSchema.parse(withPath).items[0]!.files).toEqual([file]);
    expect(financingViewSchema.parse({ ...financing, internalNote: 'x' })).toEqual(financing);
  });

  it.each([
    ['insurance: an unknown insurer', insuranceOverviewSchema, { ...insurance, insurer: 'porto' }, ['insurer']],
    [
      'insurance: an unknown proposal type',
      insuranceOverviewSchema,
      { ...insurance, proposalType: 'x' },
      ['proposalType'],
    ],
    [
      'insurance: an unknown declaration status',
      insuranceOverviewSchema,
      { ...insurance, buyers: [{ ...insurance.buyers[0], status: 'done' }] },
      ['buyers', 0, 'status'],
    ],
    [
      'documents: an unknown item',
      documentsListSchema,
      { ...documents, items: [{ ...documents.items[0], key: 'passport' }] },
      ['items', 0, 'key'],
    ],
    [
      'documents: an unknown file flag',
      documentsListSchema,
      { ...documents, items: [{ ...documents.items[0], files: [{ ...file, flags: ['virus'] }] }] },
      ['items', 0, 'files', 0, 'flags', 0],
    ],
    [
      'documents: an unknown checklist key',
      documentsListSchema,
      { ...documents, checklist: { passport: true } },
      ['checklist'],
    ],
    ['financing: an unknown system', financingViewSchema, { ...financing, system: 'SACRE' }, ['system']],
    ['financing: centavos with a fraction', financingViewSchema, { ...financing, amount: 100.5 }, ['amount']],
    [
      'financing: an unknown rule status',
      financingViewSchema,
      { ...financing, fgtsPropertyRules: [{ ...financing.fgtsPropertyRules[0], status: 'maybe' }] },
      ['fgtsPropertyRules', 0, 'status'],
    ],
  ] as const)('refuses %s, at its path', (_name, schema, value, path) => {
    const r = schema.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path)).toEqual([path]);
  });
});
