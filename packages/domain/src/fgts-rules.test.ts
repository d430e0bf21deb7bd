import { beforeAll, describe, expect, it } from 'vitest';
import { ELIGIBLE, HOME_ADDRESS as ADDRESS, WORK } from './testing/fgts-answers';
import { outcome } from './testing/fixtures';
import {
  FGTS_FORM_KEYS,
  fgtsAddressSection,
  fgtsAuthorizationSection,
  fgtsCivilStatusSection,
  fgtsEligibility,
  isFgtsConfirmed,
  nextFgtsStep,
  usesFgts,
  type FgtsStepState,
} from './fgts-sections';
import type { ProposalFacts } from './section';
import { installZodMessages } from './zod-messages';

beforeAll(() => installZodMessages());

/** Each branch of the FGTS cross-field rules, with the message the buyer reads. */

const HOUSING = 'O FGTS só pode ser usado na compra de imóvel para a sua própria moradia';
const SAME_CITY =
  'Para usar o FGTS, o imóvel deve ficar no município (ou região metropolitana) onde você trabalha, ou onde mora há mais de 1 ano';

describe('FGTS address: own housing, and the city of work or of living for a year', () => {
  it.each([
    ['works in the city', { ...WORK, same_city_work: true, same_city_living: false }, null],
    [
      'lives in the city for a year',
      { ...WORK, same_city_work: false, same_city_living: true, same_city_living_year: true },
      null,
    ],
    ['self-employed in the city', { ...WORK, occupation: 'self_employed', same_city_work: true }, null],
    [
      'works elsewhere and lives elsewhere',
      { ...WORK, same_city_work: false, same_city_living: false },
      { same_city_living: SAME_CITY },
    ],
    [
      'lives in the city for less than a year',
      { ...WORK, same_city_work: false, same_city_living: true, same_city_living_year: false },
      { same_city_living_year: SAME_CITY },
    ],
    [
      'does not work, even if it says "same city of work"',
      { occupation: 'none', same_city_work: true, same_city_living: false },
      { same_city_living: SAME_CITY },
    ],
    [
      'retired, living in the city for a year',
      { occupation: 'retired', same_city_living: true, same_city_living_year: true },
      null,
    ],
  ] as const)('%s → %j', (_name, answers, errors) => {
    const r = outcome(fgtsAddressSection, { ...ADDRESS, ...answers });
    expect(r).toEqual(errors ? { errors } : { ok: expect.any(Object) });
  });
  it('the buyer must mean to live in the property', () => {
    const r = outcome(fgtsAddressSection, { ...ADDRESS, ...WORK, same_city_work: true, intent_housing: false });
    expect(r).toEqual({ errors: { intent_housing: HOUSING } });
  });
  it('the company is asked only of a buyer who works; the year only of one who lives in the city', () => {
    const r = outcome(fgtsAddressSection, {
      ...ADDRESS,
      occupation: 'retired',
      name_occupation: 'x',
      same_city_work: true,
      same_city_living: true,
      same_city_living_year: true,
    });
    expect(r.ok).not.toHaveProperty('name_occupation');
    expect(r.ok).not.toHaveProperty('same_city_work');
    const noYear = outcome(fgtsAddressSection, {
      ...ADDRESS,
      ...WORK,
      same_city_work: true,
      same_city_living: false,
      same_city_living_year: true,
    });
    expect(noYear.ok).not.toHaveProperty('same_city_living_year');
  });
  it('an occupation not chosen is asked, and nothing about work', () => {
    const r = outcome(fgtsAddressSection, {
      ...ADDRESS,
      occupation: '',
      same_city_living: true,
      same_city_living_year: true,
    });
    expect(r).toEqual({ errors: { occupation: 'Obrigatório' } });
  });
});

describe('FGTS civil status: who has a partner', () => {
  it.each([
    ['', {}, ['civil_status']],
    ['single', { stable_union: false }, []],
    ['single', { stable_union: true }, ['marriage_regime', 'marriage_date', 'spouse_name', 'spouse_cpf']],
    ['married', {}, ['marriage_regime', 'marriage_date', 'spouse_name', 'spouse_cpf']],
  ] as const)('%j %j asks %j', (civil_status, more, missing) => {
    const r = outcome(fgtsCivilStatusSection, { civil_status, ...more });
    expect(Object.keys(r.errors ?? {})).toEqual(missing);
  });
  it('a married buyer is not asked about a stable union', () => {
    const r = outcome(fgtsCivilStatusSection, { civil_status: 'married', stable_union: true });
    expect(r.errors).not.toHaveProperty('stable_union');
  });
});

describe('FGTS authorization: amounts', () => {
  const base = { pis_pasep: '120.56412.54-5', has_company: false };
  const account = (amount: unknown) => ({ employee: 'Empresa', account: '1234', amount });
  it('the whole balance needs no amount', () => {
    const r = outcome(fgtsAuthorizationSection, { ...base, full_amount: true, accounts: [account('')] });
    expect(r.ok?.accounts).toEqual([{ employee: 'Empresa', account: '1234' }]);
  });
  it.each([
    ['', 'Informe o valor a usar desta conta, ou marque o uso do saldo total'],
    [null, 'Informe o valor a usar desta conta, ou marque o uso do saldo total'],
    ['0,00', 'O valor mínimo é R$ 0,01'],
  ])('amount %j → %j on its row', (amount, message) => {
    const r = outcome(fgtsAuthorizationSection, {
      ...base,
      full_amount: false,
      accounts: [account('10,00'), account(amount)],
    });
    expect(r).toEqual({ errors: { 'accounts.1.amount': message } });
  });
});

describe('FGTS eligibility: only yes or no counts', () => {
  it('an answer that is not yes or no is no answer yet', () => {
    expect(fgtsEligibility({ uses_fgts: 'maybe' })).toEqual({ status: 'unanswered' });
    expect(fgtsEligibility(undefined)).toEqual({ status: 'unanswered' });
    expect(fgtsEligibility({ ...ELIGIBLE, owns_home_in_city: 'talvez' })).toEqual({ status: 'incomplete' });
    expect(fgtsEligibility({ ...ELIGIBLE, contribution_years: true })).toEqual({ status: 'incomplete' });
  });
  it('the forms are required of an eligible buyer of a financing, not of a CGI or of no buyer', () => {
    const facts = (type: 'financing' | 'cgi'): ProposalFacts => ({
      buyers: 1,
      type,
      sectionValues: (key, buyer) => (key === 'fgts_questions' && buyer === 0 ? ELIGIBLE : null),
      fgtsPropertyRules: [],
    });
    expect(usesFgts(facts('financing'), 0)).toBe(true);
    expect(usesFgts(facts('cgi'), 0)).toBe(false);
    expect(usesFgts(facts('financing'), null)).toBe(false);
    expect(usesFgts(facts('financing'), 1)).toBe(false);
  });
});

describe('FGTS path: what counts as confirmed', () => {
  const done = (m: number): FgtsStepState => ({
    status: 'done',
    submittedAt: new Date(Date.UTC(2026, 0, 1, 12, m)).toISOString(),
  });
  const all = {
    fgts_questions: done(0),
    fgts_address: done(1),
    fgts_civil_status: done(2),
    fgts_tax: done(3),
    fgts_authorization: done(4),
  };
  it('a step submitted in the same minute as the review is still confirmed', () => {
    expect(isFgtsConfirmed({ ...all, fgts_authorization: done(5), fgts_review: done(5) })).toBe(true);
  });
  it.each([
    ['the review was never submitted', { ...all, fgts_review: { status: 'done', submittedAt: null } }],
    ['the review is not done', { ...all, fgts_review: { status: 'rejected', submittedAt: done(5).submittedAt } }],
    ['the questions were answered again', { ...all, fgts_questions: done(6), fgts_review: done(5) }],
    ['a step has no date', { ...all, fgts_tax: { status: 'done', submittedAt: null }, fgts_review: done(5) }],
    [
      'a step is not done',
      { ...all, fgts_tax: { status: 'in_progress', submittedAt: done(1).submittedAt }, fgts_review: done(5) },
    ],
  ] as const)('not confirmed when %s', (_name, steps) => {
    expect(isFgtsConfirmed(steps)).toBe(false);
    expect(nextFgtsStep(steps)).not.toBeNull();
  });
  it('the forms closed to an ineligible buyer are every step after the questions', () => {
    expect([...FGTS_FORM_KEYS]).toEqual([
      'fgts_address',
      'fgts_civil_status',
      'fgts_tax',
      'fgts_authorization',
      'fgts_review',
    ]);
  });
});
