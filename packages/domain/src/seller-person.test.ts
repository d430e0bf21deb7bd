import { beforeAll, describe, expect, it } from 'vitest';
import { completeCnpj } from './cnpj';
import type { ProposalFacts } from './section';
import { cpfOrCnpj, sellerDocument, sellerGeneralDataSection, sellerMaritalSection } from './seller-sections';
import {
  COMPANY_CNPJ,
  SELLER_COMPANY,
  SELLER_CPF,
  SPOUSE_CPF,
  sellerFacts as factsWith,
  sellerOnServer as server,
  submitResult as submit,
} from './testing/fixtures';
import { installZodMessages } from './zod-messages';

beforeAll(() => installZodMessages());

/** The seller as a person or a company: general data, CPF or CNPJ, and the marital questions. */

const PERSON = {
  person_type: 'person',
  name: 'Roberto Lima Ferreira',
  cpf: SELLER_CPF.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'),
  email: 'Roberto@Exemplo.com.br',
  phone: '(11) 99123-4567',
  civil_status: 'single',
  marriage_union: false,
};

describe('seller general data', () => {
  it('takes a person with a CPF and stores the canonical values', () => {
    const r = submit(sellerGeneralDataSection, PERSON);
    expect(r).toEqual({
      ok: true,
      values: {
        person_type: 'person',
        name: 'Roberto Lima Ferreira',
        cpf: SELLER_CPF,
        email: 'roberto@exemplo.com.br',
        phone: '11991234567',
        civil_status: 'single',
        marriage_union: false,
      },
    });
  });

  it('asks a married person for the spouse and the regime, and refuses a bad spouse CPF', () => {
    const married = { ...PERSON, civil_status: 'married' };
    expect(submit(sellerGeneralDataSection, married)).toEqual({
      ok: false,
      fields: { marriage_regime: 'Obrigatório', spouse_name: 'Obrigatório', spouse_cpf: 'Obrigatório' },
    });
    const bad = submit(sellerGeneralDataSection, {
      ...married,
      marriage_regime: 'partial_communion',
      spouse_name: 'Lúcia Ferreira',
      spouse_cpf: '111.111.111-11',
    });
    expect(bad).toEqual({ ok: false, fields: { spouse_cpf: 'Insira um CPF válido' } });
    const same = submit(sellerGeneralDataSection, {
      ...married,
      marriage_regime: 'partial_communion',
      spouse_name: 'Lúcia Ferreira',
      spouse_cpf: SELLER_CPF,
    });
    expect(same).toEqual({ ok: false, fields: { spouse_cpf: 'O CPF do cônjuge deve ser diferente do seu' } });
    const good = submit(sellerGeneralDataSection, {
      ...married,
      marriage_regime: 'partial_communion',
      spouse_name: 'Lúcia Ferreira',
      spouse_cpf: SPOUSE_CPF,
    });
    expect(good.ok && good.values.spouse_cpf).toBe(SPOUSE_CPF);
  });

  it('asks a single person in a stable union for the partner, and nobody else', () => {
    const r = submit(sellerGeneralDataSection, { ...PERSON, marriage_union: true });
    expect(r.ok).toBe(false);
    expect(!r.ok && Object.keys(r.fields)).toEqual(['marriage_regime', 'spouse_name', 'spouse_cpf']);
  });

  it('takes a company with a CNPJ and its representative, and drops the person fields', () => {
    const company = { ...SELLER_COMPANY, cpf: SELLER_CPF, civil_status: 'married' };
    const r = submit(sellerGeneralDataSection, company);
    expect(r.ok).toBe(true);
    expect(r.ok && r.values).toEqual({
      person_type: 'company',
      name: 'Ferreira Imóveis Ltda',
      cnpj: '11222333000181',
      email: 'contato@ferreira.com.br',
      phone: '1134567890',
      representative_name: 'Roberto Lima Ferreira',
      representative_cpf: SELLER_CPF,
    });
    expect(submit(sellerGeneralDataSection, { ...company, cnpj: '11.222.333/0001-82' })).toEqual({
      ok: false,
      fields: { cnpj: 'Insira um CNPJ válido' },
    });
  });

  it('refuses a bad CPF with the field message', () => {
    expect(submit(sellerGeneralDataSection, { ...PERSON, cpf: '529.982.247-26' })).toEqual({
      ok: false,
      fields: { cpf: 'Insira um CPF válido' },
    });
  });
});

describe('CPF or CNPJ', () => {
  it('accepts either, masked or not, and refuses anything else', () => {
    expect(cpfOrCnpj().parse('529.982.247-25')).toBe('52998224725');
    expect(cpfOrCnpj().parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(cpfOrCnpj().parse(completeCnpj('12ABC34501DE').toLowerCase())).toBe(completeCnpj('12ABC34501DE'));
    expect(cpfOrCnpj().safeParse('529.982.247-24').error?.issues[0]?.message).toBe('Insira um CPF ou CNPJ válido');
    expect(cpfOrCnpj().safeParse('').error?.issues[0]?.message).toBe('Obrigatório');
  });
  it('tells the seller document from the general data', () => {
    expect(sellerDocument({ person_type: 'person', cpf: SELLER_CPF })).toBe(SELLER_CPF);
    expect(sellerDocument({ person_type: 'company', cnpj: COMPANY_CNPJ, cpf: SELLER_CPF })).toBe(COMPANY_CNPJ);
    expect(sellerDocument(null)).toBeNull();
  });
});

describe('marital questions', () => {
  const ANSWERS = { acquired_in_union: 'yes', spouse_signs: 'no', pending_partition: 'no' };
  it('require the spouse to sign when married outside total separation (Código Civil art. 1.647)', () => {
    const married = (regime: string) =>
      server({ 'seller-general-data': { person_type: 'person', civil_status: 'married', marriage_regime: regime } });
    expect(submit(sellerMaritalSection, ANSWERS, married('partial_communion'))).toEqual({
      ok: false,
      fields: {
        spouse_signs:
          'Casado(a) fora da separação total de bens, o cônjuge precisa assinar a venda (Código Civil, art. 1.647)',
      },
    });
    expect(submit(sellerMaritalSection, ANSWERS, married('total_separation')).ok).toBe(true);
    expect(
      submit(sellerMaritalSection, { ...ANSWERS, spouse_signs: 'not_applicable' }, married('total_separation')),
    ).toEqual({
      ok: false,
      fields: { spouse_signs: 'Você informou que é casado(a): responda Sim ou Não' },
    });
    expect(submit(sellerMaritalSection, { ...ANSWERS, spouse_signs: 'yes' }, married('partial_communion')).ok).toBe(
      true,
    );
  });
  it('asks for details of a pending divorce or inventory', () => {
    expect(submit(sellerMaritalSection, { ...ANSWERS, pending_partition: 'yes' })).toEqual({
      ok: false,
      fields: { partition_details: 'Obrigatório' },
    });
  });
  it('is not required of a company', () => {
    const required = (facts: ProposalFacts) => sellerMaritalSection.required!(facts, null);
    expect(required(factsWith({ 'seller-general-data': { person_type: 'company' } }))).toBe(false);
    expect(required(factsWith({ 'seller-general-data': { person_type: 'person' } }))).toBe(true);
    expect(required(factsWith({}))).toBe(true);
  });
});
