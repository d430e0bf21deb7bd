import { withPropertyRules, type FgtsEligibility } from './fgts-property-rules';
import { defineSection, type ProposalFacts, type Values } from './section';
import { yesNo, type YesNo } from './section-parts';

/** Who may use FGTS in this purchase (docs/product/fgts.md): the questions, the rules and the verdict. */

const usesFgtsAnswer = (v: Values) => v.uses_fgts === 'yes';

/** The eligibility questions (docs/product/fgts.md: they gate the forms). */
export const fgtsQuestionsSection = defineSection({
  key: 'fgts_questions',
  scope: 'buyer',
  title: 'FGTS — Perguntas',
  // Every buyer of a financing says whether they use FGTS; FGTS cannot be used in a CGI.
  required: (facts) => facts.type === 'financing',
  shape: () => ({
    uses_fgts: yesNo(),
    contribution_years: yesNo(),
    works_or_lives_in_city: yesNo(),
    owns_home_in_city: yesNo(),
    active_sfh_financing: yesNo(),
    used_fgts_last_3_years: yesNo(),
  }),
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
