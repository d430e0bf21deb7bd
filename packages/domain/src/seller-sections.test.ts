import { beforeAll, describe, expect, it } from 'vitest';
import { BANKS, BANK_CODES, bankLabel } from './banks';
import { completeCnpj } from './cnpj';
import { completeCpf } from './cpf';
import { submitSchema, type ProposalFacts, type SectionContext, type Values } from './section';
import { ALL_SECTIONS, requiredSections, type AnySection } from './sections-registry';
import {
  cpfOrCnpj,
  positiveAnswers,
  SELLER_SECTIONS,
  sellerAddressSection,
  sellerAmountsSection,
  sellerDocument,
  sellerFinancingSection,
  sellerGeneralDataSection,
  sellerMaritalSection,
  sellerPropertyInfoSection,
  sellerPropertyQuestionsSection,
  sellerPropertySection,
  sellerRegistrySection,
} from './seller-sections';
import { installZodMessages } from './zod-messages';

beforeAll(() => installZodMessages());

const SELLER_CPF = completeCpf('397214658');
const SPOUSE_CPF = completeCpf('118229337');
const COMPANY_CNPJ = completeCnpj('112223330001');

/** Facts whose seller sections say what `sections` gives (already canonical values). */
function factsWith(sections: Record<string, Values>): ProposalFacts {
  return {
    buyers: 1,
    type: 'financing',
    sectionValues: (key, buyer) => (buyer === null ? (sections[key] ?? null) : null),
    fgtsPropertyRules: [],
  };
}
const browser: SectionContext = { buyers: 1, buyer: null };
const server = (sections: Record<string, Values>): SectionContext => ({ ...browser, facts: factsWith(sections) });

/** Parses with the full (submit) schema: the values, or the field → first message map. */
function submit(def: AnySection, values: Values, ctx: SectionContext = browser) {
  const r = submitSchema(def, ctx).safeParse(values);
  if (r.success) return { ok: true as const, values: r.data as Values };
  const fields: Record<string, string> = {};
  for (const i of r.error.issues) fields[i.path.join('.')] ??= i.message;
  return { ok: false as const, fields };
}

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
    const company = {
      person_type: 'company',
      name: 'Ferreira Imóveis Ltda',
      cnpj: '11.222.333/0001-81',
      email: 'contato@ferreira.com.br',
      phone: '(11) 3456-7890',
      representative_name: 'Roberto Lima Ferreira',
      representative_cpf: SELLER_CPF,
      cpf: SELLER_CPF,
      civil_status: 'married',
    };
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

describe('banks', () => {
  it('lists the main banks once each, with three-digit COMPE codes', () => {
    expect(new Set(BANK_CODES).size).toBe(BANKS.length);
    for (const code of BANK_CODES) expect(code).toMatch(/^\d{3}$/);
    expect(bankLabel('104')).toBe('104 — Caixa Econômica Federal');
    expect(bankLabel('341')).toBe('341 — Itaú Unibanco');
    expect(bankLabel('001')).toBe('001 — Banco do Brasil');
  });
});

const ACCOUNT = {
  bank: '341',
  account_type: 'checking',
  agency: '0912',
  account: '45873-2',
  holder_name: 'Roberto Lima Ferreira',
  holder_document: SELLER_CPF,
  several_sellers: false,
  payoff: false,
};
const GENERAL = { 'seller-general-data': { person_type: 'person', cpf: SELLER_CPF } };

describe('amounts receivable', () => {
  it("takes the seller's own account", () => {
    expect(submit(sellerAmountsSection, ACCOUNT, server(GENERAL)).ok).toBe(true);
  });

  it('refuses an unknown bank, a bad agency or account, and a bad document, each on its field', () => {
    const r = submit(
      sellerAmountsSection,
      { ...ACCOUNT, bank: '999', agency: '12', account: 'abc', holder_document: '123.456.789-00' },
      server(GENERAL),
    );
    expect(r).toEqual({
      ok: false,
      fields: {
        bank: 'Selecione uma opção',
        agency: 'Insira a agência com 4 dígitos (ex.: 1234 ou 1234-5)',
        account: 'Insira a conta com o dígito (ex.: 12345-6)',
        holder_document: 'Insira um CPF ou CNPJ válido',
      },
    });
  });

  it("requires the account to be in the seller's CPF/CNPJ (known to the server only)", () => {
    const other = { ...ACCOUNT, holder_document: SPOUSE_CPF };
    // The browser does not know the general data: the server decides.
    expect(submit(sellerAmountsSection, other, browser).ok).toBe(true);
    expect(submit(sellerAmountsSection, other, server(GENERAL))).toEqual({
      ok: false,
      fields: { holder_document: 'A conta deve estar em seu nome: use o mesmo CPF/CNPJ dos dados gerais' },
    });
    expect(submit(sellerAmountsSection, ACCOUNT, server({}))).toEqual({
      ok: false,
      fields: { holder_document: 'Preencha antes os dados gerais do vendedor' },
    });
    const company = { 'seller-general-data': { person_type: 'company', cnpj: COMPANY_CNPJ } };
    expect(
      submit(sellerAmountsSection, { ...ACCOUNT, holder_document: '11.222.333/0001-81' }, server(company)).ok,
    ).toBe(true);
    expect(submit(sellerAmountsSection, ACCOUNT, server(company)).ok).toBe(false);
  });

  it('splits the amount between several sellers: a share strictly between 0 and 100 and who the others are', () => {
    const several = { ...ACCOUNT, several_sellers: true };
    expect(submit(sellerAmountsSection, several, server(GENERAL))).toEqual({
      ok: false,
      fields: { share_percent: 'Obrigatório', other_sellers: 'Obrigatório' },
    });
    expect(
      submit(sellerAmountsSection, { ...several, share_percent: '100', other_sellers: 'Lúcia' }, server(GENERAL)),
    ).toEqual({
      ok: false,
      fields: { share_percent: 'Com mais de um vendedor, sua parte fica entre 0% e 100%' },
    });
    const ok = submit(
      sellerAmountsSection,
      { ...several, share_percent: '50', other_sellers: 'Lúcia Ferreira, CPF 118.229.337-xx' },
      server(GENERAL),
    );
    expect(ok.ok && ok.values.share_percent).toBe(50);
  });

  it('pays off the current financing when the property is still financed, and only then', () => {
    const financed = {
      ...GENERAL,
      'seller-property-financing': { still_financed: 'yes', financing_bank: '104', outstanding_balance: 12_000_000 },
    };
    expect(submit(sellerAmountsSection, ACCOUNT, server(financed))).toEqual({
      ok: false,
      fields: { payoff: 'O imóvel ainda está financiado: parte do valor quita esse saldo devedor' },
    });
    expect(submit(sellerAmountsSection, { ...ACCOUNT, payoff: true }, server(financed))).toEqual({
      ok: false,
      fields: { payoff_amount: 'Obrigatório' },
    });
    const ok = submit(
      sellerAmountsSection,
      { ...ACCOUNT, payoff: true, payoff_amount: '120.000,00' },
      server(financed),
    );
    expect(ok.ok && ok.values.payoff_amount).toBe(12_000_000);
    const free = { ...GENERAL, 'seller-property-financing': { still_financed: 'no' } };
    expect(submit(sellerAmountsSection, { ...ACCOUNT, payoff: true, payoff_amount: '1,00' }, server(free))).toEqual({
      ok: false,
      fields: { payoff: 'Você informou que o imóvel não está financiado' },
    });
  });
});

describe('property', () => {
  const PROPERTY = {
    cep: '80420-090',
    address: 'Rua Comendador Araújo',
    number: '731',
    district: 'Batel',
    city: 'Curitiba',
    state: 'PR',
    occupancy: 'owner',
  };
  it('reads the private area as a person types it', () => {
    for (const [typed, area] of [
      ['72,5', 72.5],
      ['72.5', 72.5],
      ['1.250,75', 1250.75],
      ['98', 98],
      [98, 98],
    ] as const) {
      const r = submit(sellerPropertySection, { ...PROPERTY, private_area: typed });
      expect(r.ok && r.values.private_area).toBe(area);
    }
    for (const typed of ['0', 'abc', '12,345', '-3']) {
      expect(submit(sellerPropertySection, { ...PROPERTY, private_area: typed })).toEqual({
        ok: false,
        fields: { private_area: 'Insira a área em m² (ex.: 72,5)' },
      });
    }
    expect(submit(sellerPropertySection, { ...PROPERTY, private_area: '' })).toEqual({
      ok: false,
      fields: { private_area: 'Obrigatório' },
    });
  });

  it('takes the registry with the matrícula as digits', () => {
    const registry = {
      registry_office: '6º Registro de Imóveis de Curitiba',
      registry_city: 'Curitiba',
      registry_state: 'PR',
      registration_number: '123.456',
      municipal_registration: '03.1.0045.0321.00-9',
    };
    const r = submit(sellerRegistrySection, registry);
    expect(r.ok && r.values.registration_number).toBe('123456');
    expect(submit(sellerRegistrySection, { ...registry, registration_number: '12a' })).toEqual({
      ok: false,
      fields: { registration_number: 'Insira o número da matrícula (somente números)' },
    });
    expect(submit(sellerRegistrySection, { ...registry, municipal_registration: '#' })).toEqual({
      ok: false,
      fields: { municipal_registration: 'Insira a inscrição municipal como consta no carnê do IPTU' },
    });
  });

  it('asks the bank and the balance only of a property still financed', () => {
    expect(submit(sellerFinancingSection, { still_financed: 'no', financing_bank: '104' })).toEqual({
      ok: true,
      values: { still_financed: 'no' },
    });
    expect(submit(sellerFinancingSection, { still_financed: 'yes' })).toEqual({
      ok: false,
      fields: { financing_bank: 'Obrigatório', outstanding_balance: 'Obrigatório' },
    });
    expect(submit(sellerFinancingSection, { still_financed: '' })).toEqual({
      ok: false,
      fields: { still_financed: 'Obrigatório' },
    });
  });

  it('asks whether the property was bought with FGTS, and when (a past date) if so', () => {
    const questions = {
      has_liens: 'no',
      has_lawsuits: 'no',
      iptu_debts: 'no',
      unregistered_works: 'no',
      is_condominium: 'no',
    };
    expect(submit(sellerPropertyQuestionsSection, questions)).toEqual({
      ok: false,
      fields: { bought_with_fgts: 'Obrigatório' },
    });
    expect(submit(sellerPropertyQuestionsSection, { ...questions, bought_with_fgts: 'yes' })).toEqual({
      ok: false,
      fields: { fgts_purchase_date: 'Obrigatório' },
    });
    expect(
      submit(sellerPropertyQuestionsSection, {
        ...questions,
        bought_with_fgts: 'yes',
        fgts_purchase_date: '01/01/2999',
      }),
    ).toEqual({
      ok: false,
      fields: { fgts_purchase_date: 'A data deve ser anterior a hoje' },
    });
    const ok = submit(sellerPropertyQuestionsSection, {
      ...questions,
      bought_with_fgts: 'yes',
      fgts_purchase_date: '15/03/2020',
    });
    expect(ok).toMatchObject({ ok: true, values: { bought_with_fgts: 'yes', fgts_purchase_date: '2020-03-15' } });
  });

  it('asks to explain every "yes" about the property, and the condominium fee of a condominium', () => {
    const questions = {
      has_liens: 'no',
      has_lawsuits: 'yes',
      iptu_debts: 'no',
      unregistered_works: 'yes',
      is_condominium: 'yes',
      condo_debts: 'no',
      bought_with_fgts: 'no',
    };
    const parsed = submit(sellerPropertyQuestionsSection, questions);
    expect(parsed.ok).toBe(true);
    expect(positiveAnswers(questions)).toEqual(['has_lawsuits', 'unregistered_works']);
    expect(submit(sellerPropertyQuestionsSection, { ...questions, is_condominium: '' })).toEqual({
      ok: false,
      fields: { is_condominium: 'Obrigatório' },
    });
    const ctx = server({ 'seller-property-questions': questions });
    expect(submit(sellerPropertyInfoSection, { iptu_annual: '2.350,00', condo_fee: '' }, ctx)).toEqual({
      ok: false,
      fields: {
        explanation: 'Explique as respostas "Sim" da etapa anterior',
        condo_fee: 'O imóvel é de condomínio: informe o valor mensal',
      },
    });
    const ok = submit(
      sellerPropertyInfoSection,
      {
        iptu_annual: '2.350,00',
        condo_fee: '850,00',
        explanation: 'Ação de cobrança já quitada; varanda fechada em 2019.',
      },
      ctx,
    );
    expect(ok).toEqual({
      ok: true,
      values: {
        iptu_annual: 235_000,
        condo_fee: 85_000,
        explanation: 'Ação de cobrança já quitada; varanda fechada em 2019.',
      },
    });
    expect(
      submit(
        sellerPropertyInfoSection,
        { iptu_annual: '0,00' },
        server({
          'seller-property-questions': {
            ...questions,
            has_lawsuits: 'no',
            unregistered_works: 'no',
            is_condominium: 'no',
          },
        }),
      ).ok,
    ).toBe(true);
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

describe('registry', () => {
  it('registers every seller section once, with the seller scope, and keys the URL can carry', () => {
    const keys = ALL_SECTIONS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const def of SELLER_SECTIONS) {
      expect(def.scope).toBe('seller');
      expect(def.key).toMatch(/^[a-z-]{1,40}$/);
    }
    const required = requiredSections(factsWith({})).filter((r) => r.def.scope === 'seller');
    expect(required).toHaveLength(SELLER_SECTIONS.length);
  });
  it('the address is a plain address with the CEP', () => {
    const r = submit(sellerAddressSection, {
      cep: '01310-100',
      address: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      complement: '',
    });
    expect(r).toEqual({
      ok: true,
      values: {
        cep: '01310100',
        address: 'Avenida Paulista',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    });
  });
});
