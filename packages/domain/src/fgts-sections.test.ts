import { describe, expect, it } from 'vitest';
import { ADDRESS, ELIGIBLE } from './testing/fgts-answers';
import { checkFgtsProperty } from './fgts-property-rules';
import {
  buyerFgtsEligibility,
  FGTS_RULES,
  fgtsAddressSection,
  fgtsAuthorizationSection,
  fgtsCivilStatusSection,
  fgtsEligibility,
  FGTS_STEPS,
  fgtsQuestionsSection,
  fgtsTaxSection,
  isFgtsConfirmed,
  nextFgtsStep,
  usesFgts,
  type FgtsStepState,
} from './fgts-sections';
import { draftSchema, missingFields, submitSchema, type ProposalFacts } from './section';
import { requiredSections } from './sections-registry';
import { installZodMessages } from './zod-messages';

installZodMessages();

const ctx = { buyers: 1, buyer: 0 };

function facts(
  type: 'financing' | 'cgi',
  questions: Record<string, unknown> | null,
  fgtsPropertyRules: ProposalFacts['fgtsPropertyRules'] = [],
): ProposalFacts {
  return {
    buyers: 1,
    type,
    sectionValues: (key, buyer) => (key === 'fgts_questions' && buyer === 0 ? questions : null),
    fgtsPropertyRules,
  };
}
const fgtsKeys = (f: ProposalFacts) =>
  requiredSections(f)
    .map((r) => r.def.key)
    .filter((k) => k.startsWith('fgts_'));

describe('FGTS eligibility', () => {
  it('is unanswered until the first question, and "no FGTS" ends it', () => {
    expect(fgtsEligibility(null)).toEqual({ status: 'unanswered' });
    expect(fgtsEligibility({})).toEqual({ status: 'unanswered' });
    expect(fgtsEligibility({ uses_fgts: 'no', owns_home_in_city: 'yes' })).toEqual({ status: 'not_using' });
  });

  it('is eligible only when the five rules are met', () => {
    expect(fgtsEligibility(ELIGIBLE)).toEqual({ status: 'eligible' });
    expect(fgtsEligibility({ uses_fgts: 'yes', contribution_years: 'yes' })).toEqual({ status: 'incomplete' });
  });

  it.each(FGTS_RULES.map((r) => [r.field, r.eligible === 'yes' ? 'no' : 'yes', r.reason] as const))(
    'answering %s = %s is ineligible, with its reason',
    (field, answer, reason) => {
      const result = fgtsEligibility({ ...ELIGIBLE, [field]: answer });
      expect(result).toEqual({ status: 'ineligible', reasons: [reason] });
      expect(reason).toMatch(/[ãéçí]/); // Portuguese, with its accents
    },
  );

  it('an ineligible answer wins over unanswered ones and lists every reason', () => {
    expect(fgtsEligibility({ uses_fgts: 'yes', owns_home_in_city: 'yes' })).toMatchObject({
      status: 'ineligible',
      reasons: [FGTS_RULES[2].reason],
    });
    const all = fgtsEligibility({
      uses_fgts: 'yes',
      contribution_years: 'no',
      works_or_lives_in_city: 'no',
      owns_home_in_city: 'yes',
      active_sfh_financing: 'yes',
      used_fgts_last_3_years: 'yes',
    });
    expect(all.status === 'ineligible' && all.reasons.length).toBe(5);
  });

  it('submitting the questions stores the ineligible answers (the path stops, the answers stay)', () => {
    const parsed = submitSchema(fgtsQuestionsSection, ctx).parse({ ...ELIGIBLE, active_sfh_financing: 'yes' });
    expect(parsed).toEqual({ ...ELIGIBLE, active_sfh_financing: 'yes' });
    expect(submitSchema(fgtsQuestionsSection, ctx).parse({ uses_fgts: 'no', owns_home_in_city: 'yes' })).toEqual({
      uses_fgts: 'no',
    });
    const missing = submitSchema(fgtsQuestionsSection, ctx).safeParse({ uses_fgts: 'yes' });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'contribution_years',
      'Obrigatório',
    ]);
  });
});

describe('which FGTS sections a proposal requires', () => {
  it('asks every buyer of a financing the questions, and nothing on a CGI', () => {
    expect(fgtsKeys(facts('financing', null))).toEqual(['fgts_questions']);
    expect(fgtsKeys(facts('cgi', ELIGIBLE))).toEqual([]);
  });

  it('requires the forms only from an eligible buyer who uses FGTS', () => {
    // Every FGTS screen, in the order of the flow (the forms after the questions are pinned in fgts-rules.test).
    expect(fgtsKeys(facts('financing', ELIGIBLE))).toEqual(FGTS_STEPS.map((s) => s.key));
    expect(fgtsKeys(facts('financing', { uses_fgts: 'no' }))).toEqual(['fgts_questions']);
    expect(fgtsKeys(facts('financing', { ...ELIGIBLE, owns_home_in_city: 'yes' }))).toEqual(['fgts_questions']);
    expect(usesFgts(facts('financing', ELIGIBLE), null)).toBe(false);
  });

  it('does not require the forms when the property fails an FGTS rule, whatever the answers', () => {
    const failed = checkFgtsProperty({
      propertyType: 'commercial',
      propertyValue: null,
      appraisalValue: null,
      sellerAnswers: null,
      sfhCeiling: null,
      today: '2026-01-10',
    });
    expect(fgtsKeys(facts('financing', ELIGIBLE, failed))).toEqual(['fgts_questions']);
    expect(buyerFgtsEligibility(facts('financing', ELIGIBLE, failed), 0)).toMatchObject({ status: 'ineligible' });
    // Unknown outcomes (values not entered yet) do not close the forms.
    const unknown = failed.map((r) => ({ ...r, status: 'unknown' as const, reason: null }));
    expect(fgtsKeys(facts('financing', ELIGIBLE, unknown))).toHaveLength(6);
  });
});

describe('FGTS address', () => {
  it('stores the canonical address', () => {
    expect(submitSchema(fgtsAddressSection, ctx).parse(ADDRESS)).toMatchObject({
      cep: '04538132',
      number: '500',
      complement: 'Apto 31',
    });
  });

  it('the "no number" and "no complement" switches drop those fields, otherwise they are required', () => {
    const parsed = submitSchema(fgtsAddressSection, ctx).parse({
      ...ADDRESS,
      number: '',
      nonumber: true,
      complement: '',
      nocomplement: true,
    });
    expect(parsed).not.toHaveProperty('number');
    expect(parsed).not.toHaveProperty('complement');
    const missing = submitSchema(fgtsAddressSection, ctx).safeParse({ ...ADDRESS, number: '', complement: '' });
    expect(missing.error?.issues.map((i) => i.path[0]).sort()).toEqual(['complement', 'number']);
  });

  it('needs own housing and the same city of work, or of living for a year', () => {
    const noHousing = submitSchema(fgtsAddressSection, ctx).safeParse({ ...ADDRESS, intent_housing: false });
    expect(noHousing.error?.issues[0]).toMatchObject({ path: ['intent_housing'] });
    const retired = submitSchema(fgtsAddressSection, ctx).parse({
      ...ADDRESS,
      occupation: 'retired',
      name_occupation: 'x',
    });
    expect(retired).not.toHaveProperty('name_occupation');
    const farAway = submitSchema(fgtsAddressSection, ctx).safeParse({
      ...ADDRESS,
      occupation: 'retired',
      same_city_living_year: false,
    });
    expect(farAway.error?.issues[0]).toMatchObject({ path: ['same_city_living_year'] });
    expect(farAway.error?.issues[0]?.message).toContain('há mais de 1 ano');
  });
});

describe('FGTS civil status and income tax', () => {
  it('asks the spouse only of a married buyer or one in a stable union', () => {
    expect(
      submitSchema(fgtsCivilStatusSection, ctx).parse({
        civil_status: 'single',
        stable_union: false,
        spouse_name: 'X',
      }),
    ).toEqual({ civil_status: 'single', stable_union: false });
    const married = submitSchema(fgtsCivilStatusSection, ctx).safeParse({ civil_status: 'married' });
    expect(married.error?.issues.map((i) => i.path[0])).toEqual(
      expect.arrayContaining(['spouse_name', 'spouse_cpf', 'marriage_regime', 'marriage_date']),
    );
  });

  it('asks the year and receipt of a return, or the exemption', () => {
    const year = String(new Date().getFullYear() - 1);
    expect(
      submitSchema(fgtsTaxSection, ctx).parse({
        declares_income_tax: 'yes',
        tax_year: year,
        receipt_number: '12.34.56.78.90-12',
      }),
    ).toEqual({ declares_income_tax: 'yes', tax_year: year, receipt_number: '123456789012' });
    expect(
      submitSchema(fgtsTaxSection, ctx)
        .safeParse({ declares_income_tax: 'yes', tax_year: '1999', receipt_number: '123' })
        .error?.issues.map((i) => i.message),
    ).toEqual([
      'Informe um exercício entre 2000 e o ano atual',
      'Informe o número do recibo de entrega (10 a 12 dígitos)',
    ]);
    expect(submitSchema(fgtsTaxSection, ctx).safeParse({ declares_income_tax: 'no' }).error?.issues[0]?.message).toBe(
      'Confirme a declaração de isenção para continuar',
    );
  });
});

const AUTH = {
  pis_pasep: '120.56412.54-5',
  accounts: [
    { employee: 'Construtora Horizonte Ltda.', account: '0001.234.567-8', amount: '25.000,00' },
    { employee: 'Banco Exemplo S.A.', account: '99887766', amount: '1.500,50' },
  ],
  full_amount: false,
  has_company: false,
};

describe('FGTS authorization', () => {
  it('stores PIS digits, the accounts with centavos, and no company unless has_company', () => {
    expect(submitSchema(fgtsAuthorizationSection, ctx).parse({ ...AUTH, company: { name: 'ignored' } })).toEqual({
      pis_pasep: '12056412545',
      accounts: [
        { employee: 'Construtora Horizonte Ltda.', account: '00012345678', amount: 2_500_000 },
        { employee: 'Banco Exemplo S.A.', account: '99887766', amount: 150_050 },
      ],
      full_amount: false,
      has_company: false,
    });
  });

  it('puts errors on the row and field of the list, and needs at least one account', () => {
    const bad = submitSchema(fgtsAuthorizationSection, ctx).safeParse({
      ...AUTH,
      accounts: [AUTH.accounts[0], { employee: '', account: 'abc', amount: '' }],
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['accounts.1.employee', 'Obrigatório'],
      ['accounts.1.account', 'Informe o número da conta (só números)'],
    ]);
    const none = submitSchema(fgtsAuthorizationSection, ctx).safeParse({ ...AUTH, accounts: [] });
    expect(none.error?.issues[0]).toMatchObject({
      path: ['accounts'],
      message: 'Informe pelo menos uma conta do FGTS',
    });
  });

  it('needs each amount unless the whole balance is used', () => {
    const accounts = [{ employee: 'Construtora Horizonte Ltda.', account: '12345', amount: '' }];
    const missing = submitSchema(fgtsAuthorizationSection, ctx).safeParse({ ...AUTH, accounts });
    expect(missing.error?.issues[0]?.path).toEqual(['accounts.0.amount']);
    expect(
      submitSchema(fgtsAuthorizationSection, ctx).parse({ ...AUTH, accounts, full_amount: true }).accounts,
    ).toEqual([{ employee: 'Construtora Horizonte Ltda.', account: '12345' }]);
  });

  it('validates the company block when has_company', () => {
    const bad = submitSchema(fgtsAuthorizationSection, ctx).safeParse({
      ...AUTH,
      has_company: true,
      company: { name: 'Horizonte', cnpj: '11.111.111/1111-11' },
    });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['company.cnpj', 'company.street', 'company.city', 'company.state']),
    );
  });

  it('an empty list is a missing field; the company only when has_company', () => {
    expect(missingFields(fgtsAuthorizationSection, { accounts: [], has_company: false }, ctx)).toEqual([
      'pis_pasep',
      'accounts',
    ]);
    expect(missingFields(fgtsAuthorizationSection, { pis_pasep: '1', accounts: [{}], has_company: true }, ctx)).toEqual(
      ['company'],
    );
  });

  it('drafts keep rows and blocks as typed, and refuse keys that are not the form’s', () => {
    const draft = draftSchema(fgtsAuthorizationSection);
    expect(
      draft.safeParse({ accounts: [{ employee: 'Constru', amount: '12' }], company: { cnpj: '11.2' } }).success,
    ).toBe(true);
    expect(draft.safeParse({ accounts: [{ employee: 'x', owner: 'y' }] }).success).toBe(false);
    expect(draft.safeParse({ company: { name: 'x', admin: true } }).success).toBe(false);
    expect(draft.safeParse({ accounts: Array.from({ length: 21 }, () => ({})) }).success).toBe(false);
  });
});

describe('where the FGTS path resumes', () => {
  const done = (at: string): FgtsStepState => ({ status: 'done', submittedAt: at });
  const t = (m: number) => new Date(Date.UTC(2026, 0, 1, 12, m)).toISOString();

  it('goes to the first step after the questions that is not done', () => {
    expect(nextFgtsStep({ fgts_questions: done(t(0)) })).toBe('fgts_address');
    expect(
      nextFgtsStep({
        fgts_questions: done(t(0)),
        fgts_address: done(t(1)),
        fgts_civil_status: { status: 'in_progress', submittedAt: null },
      }),
    ).toBe('fgts_civil_status');
    expect(
      nextFgtsStep({
        fgts_questions: done(t(0)),
        fgts_address: done(t(1)),
        fgts_civil_status: done(t(2)),
        fgts_tax: done(t(3)),
        fgts_authorization: done(t(4)),
      }),
    ).toBe('fgts_review');
  });

  it('is finished once the review confirms everything, and not after a later change', () => {
    const all = {
      fgts_questions: done(t(0)),
      fgts_address: done(t(1)),
      fgts_civil_status: done(t(2)),
      fgts_tax: done(t(3)),
      fgts_authorization: done(t(4)),
    };
    expect(nextFgtsStep({ ...all, fgts_review: done(t(5)) })).toBeNull();
    expect(isFgtsConfirmed({ ...all, fgts_review: done(t(5)) })).toBe(true);
    expect(isFgtsConfirmed({ ...all, fgts_tax: done(t(6)), fgts_review: done(t(5)) })).toBe(false);
    expect(nextFgtsStep({ ...all, fgts_tax: done(t(6)), fgts_review: done(t(5)) })).toBe('fgts_review');
  });
});
