import { z } from 'zod';
import { CIVIL_STATUSES, MARRIAGE_REGIMES } from './buyer-sections';
import { brDate, cep, choice, cnpj, cpf, flag, money, optionalText, requiredText, uf } from './fields';
import { withPropertyRules, type FgtsEligibility } from './fgts-property-rules';
import { pis } from './pis';
import { defineSection, MAX_LIST_ROWS, type ProposalFacts, type Values } from './section';

/**
 * FGTS (docs/product/fgts.md): a buyer who uses FGTS funds answers the eligibility questions,
 * then fills the property's address with where they work and live, the civil status, the income
 * tax, the authorization (PIS/PASEP, accounts, company) and confirms a review. Each step is a
 * section per buyer, so it is saved per buyer and per step by the generic sections API.
 */

export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];
export const YES_NO_LABELS: Record<YesNo, string> = { yes: 'Sim', no: 'Não' };
const yesNo = () => choice(YES_NO);

const usesFgtsAnswer = (v: Values) => v.uses_fgts === 'yes';

/** The eligibility questions (docs/product/fgts.md: they gate the forms). */
export const fgtsQuestionsSection = defineSection({
  key: 'fgts_questions',
  scope: 'buyer',
  title: 'FGTS — Perguntas',
  // Every buyer of a financing says whether they use FGTS; FGTS cannot be used in a CGI.
  required: (facts) => facts.type === 'financing',
  shape: {
    uses_fgts: yesNo(),
    contribution_years: yesNo(),
    works_or_lives_in_city: yesNo(),
    owns_home_in_city: yesNo(),
    active_sfh_financing: yesNo(),
    used_fgts_last_3_years: yesNo(),
  },
  when: {
    contribution_years: usesFgtsAnswer,
    works_or_lives_in_city: usesFgtsAnswer,
    owns_home_in_city: usesFgtsAnswer,
    active_sfh_financing: usesFgtsAnswer,
    used_fgts_last_3_years: usesFgtsAnswer,
  },
});

/**
 * The buyer's FGTS rules (docs/fgts-rules.md): the answer that meets each, why, and the legal source.
 * The property's rules are in fgts-property-rules.ts.
 */
export const FGTS_RULES = [
  {
    field: 'contribution_years',
    eligible: 'yes',
    reason:
      'É preciso somar pelo menos 3 anos de trabalho com depósitos no FGTS, contando todos os empregos, seguidos ou não.',
    source: 'Lei 8.036/1990, art. 20, VII, "a"',
  },
  {
    field: 'works_or_lives_in_city',
    eligible: 'yes',
    reason:
      'É preciso trabalhar ou morar há mais de 1 ano no município do imóvel, em município vizinho ou na mesma região metropolitana.',
    source: 'Lei 8.036/1990, art. 20, VII; Manual do FGTS — Moradia Própria',
  },
  {
    field: 'owns_home_in_city',
    eligible: 'no',
    reason:
      'Quem já é dono(a) ou está comprando outro imóvel residencial no município onde mora, onde trabalha ou onde fica este imóvel não pode usar o FGTS nesta compra.',
    source: 'Manual do FGTS — Moradia Própria, conforme as resoluções do Conselho Curador do FGTS',
  },
  {
    field: 'active_sfh_financing',
    eligible: 'no',
    reason:
      'Quem tem um financiamento ativo pelo Sistema Financeiro da Habitação (SFH), em qualquer lugar do Brasil, não pode usar o FGTS em outro financiamento.',
    source: 'Lei 8.036/1990, art. 20, VII; Manual do FGTS — Moradia Própria',
  },
  {
    field: 'used_fgts_last_3_years',
    eligible: 'no',
    reason: 'Quem usou o FGTS na compra de outro imóvel nos últimos 3 anos não pode usá-lo de novo nesta compra.',
    source: 'Manual do FGTS — Moradia Própria, conforme as resoluções do Conselho Curador do FGTS',
  },
] as const satisfies readonly {
  field: keyof typeof fgtsQuestionsSection.shape;
  eligible: YesNo;
  reason: string;
  source: string;
}[];

export type { FgtsEligibility };

export const FGTS_INELIGIBLE_TITLE = 'Pelas suas respostas, o FGTS não pode ser usado nesta compra';
export const FGTS_INELIGIBLE_NOTE =
  'Suas respostas ficam guardadas. Se alguma informação mudar, corrija a resposta e envie de novo.';

/**
 * What the eligibility answers say (typed or submitted): any answer that fails a rule makes the
 * buyer ineligible, with every reason; an ineligible buyer's other FGTS answers are kept.
 */
export function fgtsEligibility(values: Values | null | undefined): FgtsEligibility {
  if (!values || (values.uses_fgts !== 'yes' && values.uses_fgts !== 'no')) return { status: 'unanswered' };
  if (values.uses_fgts === 'no') return { status: 'not_using' };
  const reasons = FGTS_RULES.filter(
    (r) => (values[r.field] === 'yes' || values[r.field] === 'no') && values[r.field] !== r.eligible,
  ).map((r) => r.reason);
  if (reasons.length) return { status: 'ineligible', reasons };
  return FGTS_RULES.every((r) => values[r.field] === r.eligible) ? { status: 'eligible' } : { status: 'incomplete' };
}

/**
 * A buyer's FGTS verdict from the submitted answers and the property's rules: what gates the FGTS
 * forms on the server (saving them, their being required) and on the FGTS screen.
 */
export function buyerFgtsEligibility(facts: ProposalFacts, buyer: number): FgtsEligibility {
  return withPropertyRules(fgtsEligibility(facts.sectionValues('fgts_questions', buyer)), facts.fgtsPropertyRules);
}

/** The buyer uses FGTS and may (answers and property): the FGTS forms become required. */
export function usesFgts(facts: ProposalFacts, buyer: number | null): boolean {
  return facts.type === 'financing' && buyer !== null && buyerFgtsEligibility(facts, buyer).status === 'eligible';
}

export const OCCUPATION_TYPES = [
  'employee',
  'civil_servant',
  'self_employed',
  'business_owner',
  'retired',
  'none',
] as const;
export const OCCUPATION_LABELS: Record<(typeof OCCUPATION_TYPES)[number], string> = {
  employee: 'Empregado(a) com carteira assinada',
  civil_servant: 'Servidor(a) público(a)',
  self_employed: 'Autônomo(a) ou profissional liberal',
  business_owner: 'Empresário(a)',
  retired: 'Aposentado(a)',
  none: 'Não trabalho atualmente',
};
const works = (v: Values) =>
  typeof v.occupation === 'string' && v.occupation !== '' && v.occupation !== 'retired' && v.occupation !== 'none';

/**
 * The FGTS address block (docs/product/fgts.md): the address of the property bought with FGTS, where the buyer
 * works and lives, and the declarations FGTS asks about them (same city, 1+ year, own housing).
 */
export const fgtsAddressSection = defineSection({
  key: 'fgts_address',
  scope: 'buyer',
  title: 'FGTS — Endereço do imóvel e ocupação',
  required: usesFgts,
  shape: {
    cep: cep(),
    street: requiredText(200),
    number: requiredText(20),
    nonumber: flag(),
    complement: requiredText(100),
    nocomplement: flag(),
    district: requiredText(100),
    city: requiredText(100),
    state: uf(),
    occupation: choice(OCCUPATION_TYPES),
    name_occupation: requiredText(120),
    state_occupation: uf(),
    city_occupation: requiredText(100),
    same_city_work: flag(),
    state_live: uf(),
    city_live: requiredText(100),
    same_city_living: flag(),
    same_city_living_year: flag(),
    intent_housing: flag(),
  },
  when: {
    number: (v) => v.nonumber !== true,
    complement: (v) => v.nocomplement !== true,
    name_occupation: works,
    state_occupation: works,
    city_occupation: works,
    same_city_work: works,
    same_city_living_year: (v) => v.same_city_living === true,
  },
  rules(v) {
    const issues: { path: string; message: string }[] = [];
    if (v.intent_housing !== true)
      issues.push({
        path: 'intent_housing',
        message: 'O FGTS só pode ser usado na compra de imóvel para a sua própria moradia',
      });
    const byWork = works(v) && v.same_city_work === true;
    const byLiving = v.same_city_living === true && v.same_city_living_year === true;
    if (!byWork && !byLiving) {
      issues.push({
        path: v.same_city_living === true ? 'same_city_living_year' : 'same_city_living',
        message:
          'Para usar o FGTS, o imóvel deve ficar no município (ou região metropolitana) onde você trabalha, ou onde mora há mais de 1 ano',
      });
    }
    return issues;
  },
});

const isMarried = (v: Values) => v.civil_status === 'married';
const canHaveUnion = (v: Values) =>
  typeof v.civil_status === 'string' && v.civil_status !== '' && v.civil_status !== 'married';
const hasPartner = (v: Values) => isMarried(v) || (canHaveUnion(v) && v.stable_union === true);

/** The FGTS civil status form (docs/product/fgts.md "civil_form"): the spouse or partner also signs FGTS forms. */
export const fgtsCivilStatusSection = defineSection({
  key: 'fgts_civil_status',
  scope: 'buyer',
  title: 'FGTS — Estado civil',
  required: usesFgts,
  shape: {
    civil_status: choice(CIVIL_STATUSES),
    stable_union: flag(),
    marriage_regime: choice(MARRIAGE_REGIMES),
    marriage_date: brDate({ past: true }),
    spouse_name: requiredText(120),
    spouse_cpf: cpf(),
    spouse_uses_fgts: flag(),
  },
  when: {
    stable_union: canHaveUnion,
    marriage_regime: hasPartner,
    marriage_date: hasPartner,
    spouse_name: hasPartner,
    spouse_cpf: hasPartner,
    spouse_uses_fgts: hasPartner,
  },
});

const currentYear = () => new Date().getFullYear();
const declares = (v: Values) => v.declares_income_tax === 'yes';

/** The FGTS income tax form (docs/product/fgts.md "income_tax"): the last IRPF return, or the exemption. */
export const fgtsTaxSection = defineSection({
  key: 'fgts_tax',
  scope: 'buyer',
  title: 'FGTS — Imposto de renda',
  required: usesFgts,
  shape: {
    declares_income_tax: yesNo(),
    tax_year: z
      .string()
      .trim()
      .min(1)
      .regex(/^\d{4}$/, { error: 'Informe o ano com 4 dígitos' })
      .refine((y) => Number(y) >= 2000 && Number(y) <= currentYear(), {
        error: 'Informe um exercício entre 2000 e o ano atual',
      }),
    receipt_number: z
      .string()
      .trim()
      .min(1)
      .refine((v) => /^[\d.\- ]+$/.test(v) && v.replace(/\D/g, '').length >= 10 && v.replace(/\D/g, '').length <= 12, {
        error: 'Informe o número do recibo de entrega (10 a 12 dígitos)',
      })
      .transform((v) => v.replace(/\D/g, '')),
    exempt_declaration: flag(),
  },
  when: {
    tax_year: declares,
    receipt_number: declares,
    exempt_declaration: (v) => v.declares_income_tax === 'no',
  },
  rules(v) {
    return v.declares_income_tax === 'no' && v.exempt_declaration !== true
      ? [{ path: 'exempt_declaration', message: 'Confirme a declaração de isenção para continuar' }]
      : [];
  },
});

/** An amount that may be left empty ('' as typed means "not given"). */
const optionalMoney = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), money({ min: 1 }).optional());

export const fgtsAccountSchema = z.object({
  employee: requiredText(120),
  account: z
    .string()
    .trim()
    .min(1)
    .refine((v) => /^[\d.\-/ ]+$/.test(v) && v.replace(/\D/g, '').length >= 4 && v.replace(/\D/g, '').length <= 20, {
      error: 'Informe o número da conta (só números)',
    })
    .transform((v) => v.replace(/\D/g, '')),
  amount: optionalMoney(),
});
export type FgtsAccount = z.output<typeof fgtsAccountSchema>;

export const fgtsCompanySchema = z.object({
  name: requiredText(120),
  cnpj: cnpj(),
  street: requiredText(200),
  number: requiredText(20),
  complement: optionalText(100),
  district: requiredText(100),
  city: requiredText(100),
  state: uf(),
});

/**
 * The FGTS authorization (docs/product/fgts.md): PIS/PASEP, the accounts to move (employer, account, amount),
 * whether the whole balance is used, and the company block when has_company.
 */
export const fgtsAuthorizationSection = defineSection({
  key: 'fgts_authorization',
  scope: 'buyer',
  title: 'FGTS — Autorização',
  required: usesFgts,
  shape: {
    pis_pasep: pis(),
    accounts: z
      .array(fgtsAccountSchema)
      .min(1, { error: 'Informe pelo menos uma conta do FGTS' })
      .max(MAX_LIST_ROWS, { error: `Informe no máximo ${MAX_LIST_ROWS} contas` }),
    full_amount: flag(),
    has_company: flag(),
    company: fgtsCompanySchema,
  },
  when: { company: (v) => v.has_company === true },
  rules(v) {
    if (v.full_amount === true) return [];
    const accounts = Array.isArray(v.accounts) ? (v.accounts as FgtsAccount[]) : [];
    return accounts.flatMap((a, i) =>
      a.amount === undefined
        ? [
            {
              path: `accounts.${i}.amount`,
              message: 'Informe o valor a usar desta conta, ou marque o uso do saldo total',
            },
          ]
        : [],
    );
  },
});

/** The review's confirmation: everything above is correct (stored, so the PDF knows it was confirmed). */
export const fgtsReviewSection = defineSection({
  key: 'fgts_review',
  scope: 'buyer',
  title: 'FGTS — Revisão',
  required: usesFgts,
  shape: { confirmed: flag() },
  rules: (v) =>
    v.confirmed === true ? [] : [{ path: 'confirmed', message: 'Confirme que as informações estão corretas' }],
});

export const FGTS_SECTIONS = [
  fgtsQuestionsSection,
  fgtsAddressSection,
  fgtsCivilStatusSection,
  fgtsTaxSection,
  fgtsAuthorizationSection,
  fgtsReviewSection,
] as const;
export type FgtsSectionKey = (typeof FGTS_SECTIONS)[number]['key'];

/** The FGTS screens in order (docs/product/fgts.md), each with its section. */
export const FGTS_STEPS = [
  { key: 'fgts_questions', path: '/buyer/fgts/questions', title: 'Perguntas' },
  { key: 'fgts_address', path: '/buyer/fgts/address', title: 'Endereço' },
  { key: 'fgts_civil_status', path: '/buyer/fgts/civil-status', title: 'Estado civil' },
  { key: 'fgts_tax', path: '/buyer/fgts/tax', title: 'Imposto de renda' },
  { key: 'fgts_authorization', path: '/buyer/fgts/authorization', title: 'Autorização' },
  { key: 'fgts_review', path: '/buyer/fgts/review', title: 'Revisão' },
] as const satisfies readonly { key: FgtsSectionKey; path: string; title: string }[];

/** The FGTS forms after the eligibility questions: closed to a buyer who may not use FGTS. */
export const FGTS_FORM_KEYS: ReadonlySet<string> = new Set(FGTS_STEPS.slice(1).map((s) => s.key));

/** A step's state as the sections API reports it (status and when it was last submitted). */
export interface FgtsStepState {
  status: 'todo' | 'in_progress' | 'done' | 'rejected';
  submittedAt: string | null;
}

/**
 * Where a buyer resumes (the FGTS utility state): the first step after the eligibility
 * questions that is not done, the review when its confirmation is older than a later change, or
 * null when everything is confirmed. Only meaningful for an eligible buyer.
 */
export function nextFgtsStep(steps: Partial<Record<FgtsSectionKey, FgtsStepState>>): FgtsSectionKey | null {
  for (const step of FGTS_STEPS.slice(1, -1)) if (steps[step.key]?.status !== 'done') return step.key;
  return isFgtsConfirmed(steps) ? null : 'fgts_review';
}

/** The review is confirmed and no step was submitted again after it. */
export function isFgtsConfirmed(steps: Partial<Record<FgtsSectionKey, FgtsStepState>>): boolean {
  const review = steps.fgts_review;
  if (review?.status !== 'done' || !review.submittedAt) return false;
  const confirmedAt = Date.parse(review.submittedAt);
  return FGTS_STEPS.slice(0, -1).every(
    (s) => steps[s.key]?.status === 'done' && Date.parse(steps[s.key]!.submittedAt ?? '') <= confirmedAt,
  );
}
