import { z } from 'zod';
import { BANK_CODES } from './banks';
import { CIVIL_STATUSES, MARRIAGE_REGIMES } from './buyer-sections';
import { isValidCnpj, normalizeCnpj } from './cnpj';
import { isValidCpf } from './cpf';
import { onlyDigits } from './digits';
import {
  brDate,
  cep,
  choice,
  cnpj,
  cpf,
  email,
  flag,
  money,
  optionalText,
  percent,
  phone,
  requiredText,
  uf,
} from './fields';
import { defineSection, type ProposalFacts, type SectionContext, type Values } from './section';

/**
 * The seller's sections (docs/product/seller.md): one of each per proposal, filled by the invited
 * seller. Buyers see only their state; sellers see none of the buyers' sections.
 */

export const YES_NO = ['yes', 'no'] as const;
export const YES_NO_LABELS: Record<(typeof YES_NO)[number], string> = { yes: 'Sim', no: 'Não' };

export const SELLER_PERSON_TYPES = ['person', 'company'] as const;
export const SELLER_PERSON_TYPE_LABELS: Record<(typeof SELLER_PERSON_TYPES)[number], string> = {
  person: 'Pessoa física',
  company: 'Pessoa jurídica (empresa)',
};

const isPerson = (v: Values) => v.person_type === 'person';
const isCompany = (v: Values) => v.person_type === 'company';
const isMarried = (v: Values) => isPerson(v) && v.civil_status === 'married';
const canHaveUnion = (v: Values) =>
  isPerson(v) && typeof v.civil_status === 'string' && v.civil_status !== '' && v.civil_status !== 'married';
const hasSpouse = (v: Values) => isMarried(v) || (canHaveUnion(v) && v.marriage_union === true);
const isYes = (field: string) => (v: Values) => v[field] === 'yes';

/** An amount that may be left empty (stored as undefined), else centavos as money(). */
const optionalMoney = () => z.union([z.literal('').transform(() => undefined), money()]).optional();

/** A CPF (11 digits) or a CNPJ (14 characters, numeric or alphanumeric), stored without mask. */
export const cpfOrCnpj = () =>
  z
    .string()
    .trim()
    .min(1)
    .refine((v) => isValidCpf(v) || isValidCnpj(v), { error: 'Insira um CPF ou CNPJ válido' })
    .transform((v) => (isValidCpf(v) ? onlyDigits(v) : normalizeCnpj(v)));

/** Private area in square metres, typed "72,5" or "72.5". */
const area = () =>
  z.union([z.number(), z.string()]).transform((raw, ctx) => {
    const v = String(raw).trim();
    if (!v) {
      ctx.addIssue({ code: 'custom', message: 'Obrigatório' });
      return z.NEVER;
    }
    // "1.250,5" (thousands dot) and "72.5" / "72,5" (decimal) are all read as a person means them.
    const plain = typeof raw === 'number' ? v : v.replace(/\.(?=\d{3}(\D|$))/g, '');
    const n = Number(plain.replace(',', '.'));
    if (!/^\d{1,6}([.,]\d{1,2})?$/.test(plain) || !(n > 0)) {
      ctx.addIssue({ code: 'custom', message: 'Insira a área em m² (ex.: 72,5)' });
      return z.NEVER;
    }
    return n;
  });

/** The seller's own document as the general data gave it (CPF of a person, CNPJ of a company). */
export function sellerDocument(general: Values | null): string | null {
  if (!general) return null;
  const doc = general.person_type === 'company' ? general.cnpj : general.cpf;
  return typeof doc === 'string' && doc ? doc : null;
}

const generalOf = (ctx: SectionContext) => ctx.facts?.sectionValues('seller-general-data', null) ?? null;

/** /seller/proposals/:id/general-data: who sells (a person or a company), and the spouse where one applies. */
export const sellerGeneralDataSection = defineSection({
  key: 'seller-general-data',
  scope: 'seller',
  title: 'Dados gerais do vendedor',
  shape: {
    person_type: choice(SELLER_PERSON_TYPES),
    name: requiredText(120),
    cpf: cpf(),
    cnpj: cnpj(),
    email: email(),
    phone: phone(),
    representative_name: requiredText(120),
    representative_cpf: cpf(),
    civil_status: choice(CIVIL_STATUSES),
    marriage_union: flag(),
    marriage_regime: choice(MARRIAGE_REGIMES),
    spouse_name: requiredText(120),
    spouse_cpf: cpf(),
  },
  when: {
    cpf: isPerson,
    cnpj: isCompany,
    representative_name: isCompany,
    representative_cpf: isCompany,
    civil_status: isPerson,
    marriage_union: canHaveUnion,
    marriage_regime: hasSpouse,
    spouse_name: hasSpouse,
    spouse_cpf: hasSpouse,
  },
  rules(v) {
    if (hasSpouse(v) && typeof v.spouse_cpf === 'string' && v.spouse_cpf === v.cpf)
      return [{ path: 'spouse_cpf', message: 'O CPF do cônjuge deve ser diferente do seu' }];
    return [];
  },
});

/** /seller/proposals/:id/address: where the seller lives (or the company's seat), filled from the CEP. */
export const sellerAddressSection = defineSection({
  key: 'seller-address',
  scope: 'seller',
  title: 'Endereço do vendedor',
  shape: {
    cep: cep(),
    address: requiredText(200),
    number: requiredText(20),
    complement: optionalText(100),
    district: requiredText(100),
    city: requiredText(100),
    state: uf(),
  },
});

export const OCCUPANCIES = ['owner', 'tenant', 'vacant'] as const;
export const OCCUPANCY_LABELS: Record<(typeof OCCUPANCIES)[number], string> = {
  owner: 'Ocupado pelo proprietário',
  tenant: 'Alugado ou ocupado por terceiros',
  vacant: 'Desocupado',
};

/** /seller/proposals/:id/property: the property being sold, as it is. */
export const sellerPropertySection = defineSection({
  key: 'seller-property',
  scope: 'seller',
  title: 'Imóvel',
  shape: {
    cep: cep(),
    address: requiredText(200),
    number: requiredText(20),
    complement: optionalText(100),
    district: requiredText(100),
    city: requiredText(100),
    state: uf(),
    private_area: area(),
    occupancy: choice(OCCUPANCIES),
  },
});

/** /seller/proposals/:id/property/registry: where the property is registered (cartório, matrícula, IPTU). */
export const sellerRegistrySection = defineSection({
  key: 'seller-property-registry',
  scope: 'seller',
  title: 'Registro do imóvel',
  shape: {
    registry_office: requiredText(150),
    registry_city: requiredText(100),
    registry_state: uf(),
    registration_number: z
      .string()
      .trim()
      .min(1)
      .regex(/^\d{1,3}(\.?\d{3})*$/, { error: 'Insira o número da matrícula (somente números)' })
      .transform(onlyDigits)
      .refine((v) => v.length <= 10 && Number(v) > 0, { error: 'Insira o número da matrícula (somente números)' }),
    municipal_registration: z
      .string()
      .trim()
      .min(1)
      .regex(/^[0-9A-Za-z][0-9A-Za-z.\-/ ]{2,39}$/, {
        error: 'Insira a inscrição municipal como consta no carnê do IPTU',
      }),
  },
});

/** /seller/proposals/:id/property/financing-data: whether the property still has a mortgage to pay off. */
export const sellerFinancingSection = defineSection({
  key: 'seller-property-financing',
  scope: 'seller',
  title: 'Financiamento do imóvel',
  shape: {
    still_financed: choice(YES_NO),
    financing_bank: choice(BANK_CODES),
    outstanding_balance: money({ min: 1 }),
    contract_number: optionalText(40),
  },
  when: {
    financing_bank: isYes('still_financed'),
    outstanding_balance: isYes('still_financed'),
    contract_number: isYes('still_financed'),
  },
});

export const SPOUSE_SIGNS = ['yes', 'no', 'not_applicable'] as const;
export const SPOUSE_SIGNS_LABELS: Record<(typeof SPOUSE_SIGNS)[number], string> = {
  yes: 'Sim',
  no: 'Não',
  not_applicable: 'Não se aplica',
};

/**
 * /seller/proposals/:id/property/marital/questions: what the seller's marriage means for the sale.
 * Only a person has one: a company seller skips it.
 */
export const sellerMaritalSection = defineSection({
  key: 'seller-marital',
  scope: 'seller',
  title: 'Estado civil e o imóvel',
  required: (facts: ProposalFacts) => facts.sectionValues('seller-general-data', null)?.person_type !== 'company',
  shape: {
    acquired_in_union: choice(YES_NO),
    spouse_signs: choice(SPOUSE_SIGNS),
    pending_partition: choice(YES_NO),
    partition_details: requiredText(1000, { multiline: true }),
  },
  when: { partition_details: isYes('pending_partition') },
  rules(v, ctx) {
    const general = generalOf(ctx);
    if (!general) return [];
    if (general.person_type === 'company')
      return [{ path: 'spouse_signs', message: 'Esta etapa é só para vendedor pessoa física' }];
    const married = general.civil_status === 'married';
    if (married && v.spouse_signs === 'not_applicable')
      return [{ path: 'spouse_signs', message: 'Você informou que é casado(a): responda Sim ou Não' }];
    // Código Civil art. 1.647, I: a married person sells a property only with the spouse's consent,
    // except under total separation of property.
    if (married && general.marriage_regime !== 'total_separation' && v.spouse_signs !== 'yes')
      return [
        {
          path: 'spouse_signs',
          message:
            'Casado(a) fora da separação total de bens, o cônjuge precisa assinar a venda (Código Civil, art. 1.647)',
        },
      ];
    return [];
  },
});

/** /seller/proposals/:id/property/questions: what the bank's legal analysis asks about the property. */
export const sellerPropertyQuestionsSection = defineSection({
  key: 'seller-property-questions',
  scope: 'seller',
  title: 'Perguntas sobre o imóvel',
  shape: {
    has_liens: choice(YES_NO),
    has_lawsuits: choice(YES_NO),
    iptu_debts: choice(YES_NO),
    unregistered_works: choice(YES_NO),
    is_condominium: choice(YES_NO),
    condo_debts: choice(YES_NO),
    // Only the seller knows it, and it gates the buyer's FGTS (docs/fgts-rules.md).
    bought_with_fgts: choice(YES_NO),
    fgts_purchase_date: brDate({ past: true }),
  },
  when: { condo_debts: isYes('is_condominium'), fgts_purchase_date: isYes('bought_with_fgts') },
});

/** Questions of the previous section whose "Sim" must be explained on the info screen. */
export const QUESTIONS_TO_EXPLAIN = [
  'has_liens',
  'has_lawsuits',
  'iptu_debts',
  'unregistered_works',
  'condo_debts',
] as const;

/** The questions answered "yes", in order (what the info screen asks to explain). */
export function positiveAnswers(questions: Values | null): (typeof QUESTIONS_TO_EXPLAIN)[number][] {
  if (!questions) return [];
  return QUESTIONS_TO_EXPLAIN.filter((q) => questions[q] === 'yes');
}

/** /seller/proposals/:id/property/questions/info: IPTU and condominium values, and the "yes" answers explained. */
export const sellerPropertyInfoSection = defineSection({
  key: 'seller-property-info',
  scope: 'seller',
  title: 'Informações do imóvel',
  shape: {
    iptu_annual: money(),
    condo_fee: optionalMoney(),
    condo_manager: optionalText(150),
    explanation: optionalText(2000, { multiline: true }),
  },
  rules(v, ctx) {
    const questions = ctx.facts?.sectionValues('seller-property-questions', null) ?? null;
    const issues: { path: string; message: string }[] = [];
    if (positiveAnswers(questions).length && !v.explanation)
      issues.push({ path: 'explanation', message: 'Explique as respostas "Sim" da etapa anterior' });
    if (questions?.is_condominium === 'yes' && (v.condo_fee === undefined || v.condo_fee === 0))
      issues.push({ path: 'condo_fee', message: 'O imóvel é de condomínio: informe o valor mensal' });
    return issues;
  },
});

export const CONTACT_PEOPLE = ['seller', 'other'] as const;
export const CONTACT_PERSON_LABELS: Record<(typeof CONTACT_PEOPLE)[number], string> = {
  seller: 'Eu mesmo(a)',
  other: 'Outra pessoa',
};
export const VISIT_PERIODS = ['morning', 'afternoon', 'any'] as const;
export const VISIT_PERIOD_LABELS: Record<(typeof VISIT_PERIODS)[number], string> = {
  morning: 'Manhã',
  afternoon: 'Tarde',
  any: 'Qualquer horário comercial',
};

/** /seller/proposals/:id/property/contact: who opens the door for the bank's appraisal visit. */
export const sellerContactSection = defineSection({
  key: 'seller-property-contact',
  scope: 'seller',
  title: 'Contato para a vistoria',
  shape: {
    contact_person: choice(CONTACT_PEOPLE),
    contact_name: requiredText(120),
    contact_relation: requiredText(60),
    contact_phone: phone(),
    best_period: choice(VISIT_PERIODS),
    access_notes: optionalText(500, { multiline: true }),
  },
  when: {
    contact_name: (v) => v.contact_person === 'other',
    contact_relation: (v) => v.contact_person === 'other',
  },
});

export const ACCOUNT_TYPES = ['checking', 'savings'] as const;
export const ACCOUNT_TYPE_LABELS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  checking: 'Conta corrente',
  savings: 'Conta poupança',
};

/**
 * /seller/proposals/:id/amounts-receivable: the account that receives the price. The account must
 * be the seller's own (same CPF/CNPJ as the general data); a share when several sellers split the
 * price; the payoff of the property's current financing, which the bank pays first.
 */
export const sellerAmountsSection = defineSection({
  key: 'seller-amounts-receivable',
  scope: 'seller',
  title: 'Valores a receber',
  shape: {
    bank: choice(BANK_CODES),
    account_type: choice(ACCOUNT_TYPES),
    agency: z
      .string()
      .trim()
      .min(1)
      .regex(/^\d{4}(-?[\dXx])?$/, { error: 'Insira a agência com 4 dígitos (ex.: 1234 ou 1234-5)' }),
    account: z
      .string()
      .trim()
      .min(1)
      .regex(/^\d{1,12}-?[\dXx]$/, { error: 'Insira a conta com o dígito (ex.: 12345-6)' }),
    holder_name: requiredText(120),
    holder_document: cpfOrCnpj(),
    several_sellers: flag(),
    share_percent: percent(),
    other_sellers: requiredText(300, { multiline: true }),
    payoff: flag(),
    payoff_amount: money({ min: 1 }),
  },
  when: {
    share_percent: (v) => v.several_sellers === true,
    other_sellers: (v) => v.several_sellers === true,
    payoff_amount: (v) => v.payoff === true,
  },
  rules(v, ctx) {
    const issues: { path: string; message: string }[] = [];
    if (
      v.several_sellers === true &&
      typeof v.share_percent === 'number' &&
      (v.share_percent <= 0 || v.share_percent >= 100)
    )
      issues.push({ path: 'share_percent', message: 'Com mais de um vendedor, sua parte fica entre 0% e 100%' });
    if (!ctx.facts) return issues;
    const expected = sellerDocument(generalOf(ctx));
    if (!expected) issues.push({ path: 'holder_document', message: 'Preencha antes os dados gerais do vendedor' });
    else if (v.holder_document !== expected)
      issues.push({
        path: 'holder_document',
        message: 'A conta deve estar em seu nome: use o mesmo CPF/CNPJ dos dados gerais',
      });
    const financing = ctx.facts.sectionValues('seller-property-financing', null);
    if (financing?.still_financed === 'yes' && v.payoff !== true)
      issues.push({
        path: 'payoff',
        message: 'O imóvel ainda está financiado: parte do valor quita esse saldo devedor',
      });
    if (financing?.still_financed === 'no' && v.payoff === true)
      issues.push({ path: 'payoff', message: 'Você informou que o imóvel não está financiado' });
    return issues;
  },
});

/** The seller's sections in the order of the seller's flow. */
export const SELLER_SECTIONS = [
  sellerGeneralDataSection,
  sellerAddressSection,
  sellerPropertySection,
  sellerRegistrySection,
  sellerFinancingSection,
  sellerPropertyQuestionsSection,
  sellerPropertyInfoSection,
  sellerMaritalSection,
  sellerContactSection,
  sellerAmountsSection,
] as const;

export type SellerSectionKey = (typeof SELLER_SECTIONS)[number]['key'];
