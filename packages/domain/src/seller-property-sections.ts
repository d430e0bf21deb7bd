import { z } from 'zod';
import { BANK_CODES } from './banks';
import { onlyDigits } from './digits';
import { brDate, choice, money, optionalText, phone, requiredText, uf } from './fields';
import { defineSection, type Values } from './section';
import { addressShape, isYes, YES_NO } from './section-parts';

/** The property the seller sells (docs/product/seller.md): where it is, its registry, its mortgage, the legal questions and the visit. */

/** An amount that may be left empty (stored as undefined), else centavos as money(). */
const optionalMoney = () => z.union([z.literal('').transform(() => undefined), money()]).optional();

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
  shape: () => ({
    ...addressShape(),
    private_area: area(),
    occupancy: choice(OCCUPANCIES),
  }),
});

/** /seller/proposals/:id/property/registry: where the property is registered (cartório, matrícula, IPTU). */
export const sellerRegistrySection = defineSection({
  key: 'seller-property-registry',
  scope: 'seller',
  title: 'Registro do imóvel',
  shape: () => ({
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
  }),
});

/** /seller/proposals/:id/property/financing-data: whether the property still has a mortgage to pay off. */
export const sellerFinancingSection = defineSection({
  key: 'seller-property-financing',
  scope: 'seller',
  title: 'Financiamento do imóvel',
  shape: () => ({
    still_financed: choice(YES_NO),
    financing_bank: choice(BANK_CODES),
    outstanding_balance: money({ min: 1 }),
    contract_number: optionalText(40),
  }),
  when: {
    financing_bank: isYes('still_financed'),
    outstanding_balance: isYes('still_financed'),
    contract_number: isYes('still_financed'),
  },
});

/** /seller/proposals/:id/property/questions: what the bank's legal analysis asks about the property. */
export const sellerPropertyQuestionsSection = defineSection({
  key: 'seller-property-questions',
  scope: 'seller',
  title: 'Perguntas sobre o imóvel',
  shape: () => ({
    has_liens: choice(YES_NO),
    has_lawsuits: choice(YES_NO),
    iptu_debts: choice(YES_NO),
    unregistered_works: choice(YES_NO),
    is_condominium: choice(YES_NO),
    condo_debts: choice(YES_NO),
    // Only the seller knows it, and it gates the buyer's FGTS (docs/fgts-rules.md).
    bought_with_fgts: choice(YES_NO),
    fgts_purchase_date: brDate({ past: true }),
  }),
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
  shape: () => ({
    iptu_annual: money(),
    condo_fee: optionalMoney(),
    condo_manager: optionalText(150),
    explanation: optionalText(2000, { multiline: true }),
  }),
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
  shape: () => ({
    contact_person: choice(CONTACT_PEOPLE),
    contact_name: requiredText(120),
    contact_relation: requiredText(60),
    contact_phone: phone(),
    best_period: choice(VISIT_PERIODS),
    access_notes: optionalText(500, { multiline: true }),
  }),
  when: {
    contact_name: (v) => v.contact_person === 'other',
    contact_relation: (v) => v.contact_person === 'other',
  },
});
