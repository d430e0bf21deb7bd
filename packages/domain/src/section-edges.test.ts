import { beforeAll, describe, expect, it } from 'vitest';
import { ELIGIBLE, HOME_ADDRESS } from './testing/fgts-answers';
import { outcome, SELLER_PROPERTY } from './testing/fixtures';
import {
  fgtsAddressSection,
  fgtsAuthorizationSection,
  fgtsCivilStatusSection,
  fgtsTaxSection,
  nextFgtsStep,
  usesFgts,
} from './fgts-sections';
import { checkLoginForm, LOGIN_NAME_INVALID } from './login-check';
import {
  cpfOrCnpj,
  sellerGeneralDataSection,
  sellerPropertyInfoSection,
  sellerPropertySection,
} from './seller-sections';
import { installZodMessages } from './zod-messages';

beforeAll(() => installZodMessages());

/** Answers left out, or sent where they do not apply: what is asked, and what is not. */

describe('a civil status not given asks for no partner, even with "stable union" ticked', () => {
  it('FGTS civil status', () => {
    for (const civil of [{}, { civil_status: '' }])
      expect(outcome(fgtsCivilStatusSection, { ...civil, stable_union: true })).toEqual({
        errors: { civil_status: 'Obrigatório' },
      });
  });
  it("the seller's general data", () => {
    const person = {
      person_type: 'person',
      name: 'Roberto Lima Ferreira',
      cpf: '529.982.247-25',
      email: 'roberto@exemplo.com.br',
      phone: '(11) 99123-4567',
      marriage_union: true,
    };
    expect(outcome(sellerGeneralDataSection, person, { buyers: 1, buyer: null })).toEqual({
      errors: { civil_status: 'Obrigatório' },
    });
  });
});

describe('FGTS: what is asked', () => {
  const ADDRESS = { ...HOME_ADDRESS, same_city_living: true, same_city_living_year: true };
  it('an occupation not given asks only for it, nothing about work', () => {
    expect(outcome(fgtsAddressSection, ADDRESS)).toEqual({ errors: { occupation: 'Obrigatório' } });
  });
  it('the exemption is asked on its own field', () => {
    expect(outcome(fgtsTaxSection, { declares_income_tax: 'no' })).toEqual({
      errors: { exempt_declaration: 'Confirme a declaração de isenção para continuar' },
    });
  });
  it.each(['123.456.789', '12345678-9'])('a receipt of 9 digits with separators (%j) is refused', (receipt) => {
    expect(outcome(fgtsTaxSection, { declares_income_tax: 'yes', tax_year: '2024', receipt_number: receipt })).toEqual({
      errors: { receipt_number: 'Informe o número do recibo de entrega (10 a 12 dígitos)' },
    });
  });
  it.each(['1.2', '1-2-3', 'x1234', '1234x'])('an FGTS account %j is refused', (account) => {
    const r = outcome(fgtsAuthorizationSection, {
      pis_pasep: '120.56412.54-5',
      full_amount: true,
      has_company: false,
      accounts: [{ employee: 'Empresa', account }],
    });
    expect(r).toEqual({ errors: { 'accounts.0.account': 'Informe o número da conta (só números)' } });
  });
  it('the forms path starts after the questions, whatever their state', () => {
    expect(nextFgtsStep({})).toBe('fgts_address');
  });
  it('no buyer position, no FGTS forms, whatever the answers say', () => {
    const facts = { buyers: 1, type: 'financing' as const, sectionValues: () => ELIGIBLE, fgtsPropertyRules: [] };
    expect(usesFgts(facts, 0)).toBe(true);
    expect(usesFgts(facts, null)).toBe(false);
  });
});

describe('seller: what is asked', () => {
  it('blank is a missing CPF or CNPJ, not an invalid one', () => {
    expect(cpfOrCnpj().safeParse('   ').error?.issues[0]?.message).toBe('Obrigatório');
  });
  it('an area sent as a number with three decimals is refused, not read as thousands', () => {
    expect(outcome(sellerPropertySection, { ...SELLER_PROPERTY, private_area: 1.234 })).toEqual({
      errors: { private_area: 'Insira a área em m² (ex.: 72,5)' },
    });
  });
  it('the property information without the questions (browser, or not yet answered) asks nothing more', () => {
    const values = { iptu_annual: '1,00' };
    expect(outcome(sellerPropertyInfoSection, values, { buyers: 1, buyer: null }).ok).toEqual({ iptu_annual: 100 });
    const noQuestions = {
      buyers: 1,
      buyer: null,
      facts: { buyers: 1, type: 'financing' as const, sectionValues: () => null, fgtsPropertyRules: [] },
    };
    expect(outcome(sellerPropertyInfoSection, values, noQuestions).ok).toEqual({ iptu_annual: 100 });
  });
});

describe('login name length', () => {
  it('the screen judges names up to 254 characters; longer ones are left to the server', () => {
    expect(checkLoginForm({ username: 'a'.repeat(254), password: 'x' })).toEqual({ username: LOGIN_NAME_INVALID });
    expect(checkLoginForm({ username: 'a'.repeat(255), password: 'x' })).toEqual({});
  });
});
