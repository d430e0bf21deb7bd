import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors } from './api-error';
import { DUPLICATE_BUYER_CPF, DUPLICATE_BUYER_EMAIL, newProposalSchema } from './backoffice';
import { buyerDataSection, documentSection, investmentSection } from './buyer-sections';
import { fgtsAddressSection, fgtsAuthorizationSection } from './fgts-sections';
import { submitSchema, type SectionContext, type SectionDef } from './section';
import { sellerGeneralDataSection } from './seller-sections';
import { installZodMessages } from './zod-messages';
import type { z } from 'zod';

beforeAll(() => installZodMessages());

const ONE_BUYER: SectionContext = { buyers: 1, buyer: 0 };
const TWO_BUYERS: SectionContext = { buyers: 2, buyer: 0 };

/** The field → message map of a submit, as the form and the server's 400 show it. */
function errorsOf(def: SectionDef<z.ZodRawShape>, values: Record<string, unknown>, ctx = ONE_BUYER) {
  const r = submitSchema(def, ctx).safeParse(values);
  if (r.success) throw new Error('expected a failure');
  return fieldErrors(r.error.issues);
}

/** Every error, field and cross-field, at the first submit, in a section of each party. */
describe('all errors at the first submit', () => {
  it('buyer data: empty required fields AND the invalid attorney CPF at once', () => {
    const errors = errorsOf(buyerDataSection, {
      represented: true,
      attorney_type: 'person',
      cpf_attorney: '111.111.111-12',
    });
    expect(errors).toMatchObject({
      name: 'Obrigatório',
      cpf: 'Obrigatório',
      name_attorney: 'Obrigatório',
      cpf_attorney: 'Insira um CPF válido',
    });
  });

  it('buyer data: an attorney company needs a valid CNPJ, also while other fields are empty', () => {
    const errors = errorsOf(buyerDataSection, {
      represented: true,
      attorney_type: 'company',
      cpf_attorney: '529.982.247-25',
    });
    expect(errors).toMatchObject({ name: 'Obrigatório', cpf_attorney: 'Insira um CNPJ válido' });
  });

  it('identity document: the expedition before the birth shows with the empty fields', () => {
    const errors = errorsOf(documentSection, { expedition_date: '01/01/1990', birth_date_document: '01/01/2000' });
    expect(errors).toMatchObject({
      document_number: 'Obrigatório',
      mother_name: 'Obrigatório',
      expedition_date: 'A data de expedição não pode ser anterior ao nascimento',
    });
  });

  it('investment: the debit authorization and the percentages with the empty agency', () => {
    const errors = errorsOf(
      investmentSection,
      { agency: '', account: '12345-6', authorize_debit: false, first_buyer_percent: '60', second_buyer_percent: '30' },
      TWO_BUYERS,
    );
    expect(errors).toEqual({
      agency: 'Obrigatório',
      authorize_debit: 'É preciso autorizar o débito das parcelas nesta conta',
      second_buyer_percent: 'Os percentuais dos compradores devem somar 100%',
    });
  });

  it('a rule needing a field that failed its own rule stays quiet; the field keeps its own message', () => {
    const errors = errorsOf(
      investmentSection,
      {
        agency: '1234',
        account: '12345-6',
        authorize_debit: true,
        first_buyer_percent: 'abc',
        second_buyer_percent: '30',
      },
      TWO_BUYERS,
    );
    expect(Object.keys(errors)).toEqual(['first_buyer_percent']);
  });

  it('seller general data: the spouse with the seller own CPF shows with the empty fields', () => {
    const errors = errorsOf(sellerGeneralDataSection, {
      person_type: 'person',
      cpf: '529.982.247-25',
      civil_status: 'married',
      spouse_cpf: '529.982.247-25',
    });
    expect(errors).toMatchObject({
      name: 'Obrigatório',
      email: 'Obrigatório',
      spouse_cpf: 'O CPF do cônjuge deve ser diferente do seu',
    });
  });

  it('FGTS address: the own-housing rule shows with the empty street', () => {
    const errors = errorsOf(fgtsAddressSection, { street: '', intent_housing: false });
    expect(errors).toMatchObject({ street: 'Obrigatório', intent_housing: expect.stringContaining('própria moradia') });
  });

  it('FGTS authorization: the missing amount of an account shows with the invalid PIS', () => {
    const errors = errorsOf(fgtsAuthorizationSection, {
      pis_pasep: '123',
      accounts: [{ employee: 'Construtora Horizonte Ltda.', account: '12345', amount: '' }],
      full_amount: false,
    });
    expect(errors).toEqual({
      pis_pasep: 'Insira um PIS/PASEP válido',
      'accounts.0.amount': 'Informe o valor a usar desta conta, ou marque o uso do saldo total',
    });
  });
});

describe('all errors at the first submit: the back office new proposal', () => {
  it('the same CPF and e-mail for both buyers show with the empty fields', () => {
    const buyer = { name: 'Ana Souza', cpf: '529.982.247-25', email: 'ana@exemplo.com.br' };
    const r = newProposalSchema.safeParse({
      type: 'financing',
      buyers: [buyer, { ...buyer, name: 'Bia Souza', email: 'ANA@exemplo.com.br' }],
      property: { type: 'residential', kind: 'apartment', zipCode: '', uf: 'SP', city: '' },
      financingOrCgiData: {
        amortizationSystem: 'SAC',
        amount: '',
        feeType: 'tr',
        installments: '360',
        insuranceCompanyName: 'itau',
        product: 'SFH',
      },
    });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!.issues)).toMatchObject({
      'property.zipCode': 'Obrigatório',
      'financingOrCgiData.amount': 'Obrigatório',
      'buyers.1.cpf': DUPLICATE_BUYER_CPF,
      'buyers.1.email': DUPLICATE_BUYER_EMAIL,
    });
  });
});
