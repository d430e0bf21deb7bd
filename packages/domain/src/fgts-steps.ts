/**
 * The FGTS screens in the order a buyer visits them (docs/product/fgts.md): the eligibility
 * questions, then the forms, then the review. A module of plain data, so that the progress rules
 * (next-step.ts) can follow this order without loading the sections' schemas.
 * fgts-sections.ts checks at compile time that each key is one of its sections.
 */
export const FGTS_STEPS = [
  { key: 'fgts_questions', path: '/buyer/fgts/questions', title: 'Perguntas' },
  { key: 'fgts_address', path: '/buyer/fgts/address', title: 'Endereço' },
  { key: 'fgts_civil_status', path: '/buyer/fgts/civil-status', title: 'Estado civil' },
  { key: 'fgts_tax', path: '/buyer/fgts/tax', title: 'Imposto de renda' },
  { key: 'fgts_authorization', path: '/buyer/fgts/authorization', title: 'Autorização' },
  { key: 'fgts_review', path: '/buyer/fgts/review', title: 'Revisão' },
] as const;

export type FgtsStepKey = (typeof FGTS_STEPS)[number]['key'];
