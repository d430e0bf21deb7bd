import { z } from 'zod';
import { cep, choice, cpf, email, money, requiredText, uf } from './fields';
import { AMORTIZATION_SYSTEMS, INSURERS, PROPOSAL_TYPES } from './proposal';

/** The operator's new-proposal form (docs/product/back-office.md): the proposal, its property and its buyers. */

export const PROPERTY_TYPES = ['residential', 'commercial'] as const;
export const PROPERTY_TYPE_LABELS: Record<(typeof PROPERTY_TYPES)[number], string> = {
  residential: 'Residencial',
  commercial: 'Comercial',
};
export const PROPERTY_KINDS = ['apartment', 'house', 'land', 'room'] as const;
export const FEE_TYPES = ['fixed', 'tr', 'ipca', 'poupanca'] as const;
export const FEE_TYPE_LABELS: Record<(typeof FEE_TYPES)[number], string> = {
  fixed: 'Taxa fixa (pré-fixada)',
  tr: 'Taxa + TR',
  ipca: 'Taxa + IPCA',
  poupanca: 'Taxa da poupança',
};
export const AMORTIZATION_LABELS: Record<(typeof AMORTIZATION_SYSTEMS)[number], string> = {
  SAC: 'SAC — parcelas decrescentes',
  PRICE: 'PRICE — parcelas fixas',
};
/** Suggestions for the product field (free text: banks name their products as they like). */
export const PRODUCT_SUGGESTIONS: Record<(typeof PROPOSAL_TYPES)[number], string[]> = {
  financing: [
    'SFH — Imóvel residencial',
    'SFH — Imóvel residencial com FGTS',
    'SFI — Imóvel residencial',
    'SFI — Imóvel comercial',
  ],
  cgi: ['CGI — Crédito com garantia de imóvel', 'CGI — Imóvel comercial'],
};

export const MAX_INSTALLMENTS = 420;
/** Smallest amount a proposal can ask for: R$ 1.000,00 (in centavos). */
export const MIN_AMOUNT = 100_000;

/** A whole number typed as text or number, within bounds. */
const wholeNumber = (min: number, max: number) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'Obrigatório' });
      return z.NEVER;
    }
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `Insira um número inteiro de ${min} a ${max}` });
      return z.NEVER;
    }
    return n;
  });

export const newBuyerSchema = z.strictObject({
  name: requiredText(120).refine((v) => v.split(/\s+/).filter(Boolean).length >= 2, {
    error: 'Informe nome e sobrenome',
  }),
  cpf: cpf(),
  email: email(),
});

export const DUPLICATE_BUYER_CPF = 'Os compradores devem ter CPFs diferentes';
export const DUPLICATE_BUYER_EMAIL = 'Os compradores devem ter e-mails diferentes';

/** What the operator types to open a proposal (docs/product/forms.md's proposal entity, minus what the system sets). */
export const newProposalSchema = z
  .strictObject({
    type: choice(PROPOSAL_TYPES),
    buyers: z
      .array(newBuyerSchema)
      .min(1, { error: 'Informe pelo menos um comprador' })
      .max(2, { error: 'A proposta aceita no máximo dois compradores' }),
    property: z.strictObject({
      type: choice(PROPERTY_TYPES),
      kind: choice(PROPERTY_KINDS),
      zipCode: cep(),
      uf: uf(),
      city: requiredText(100),
    }),
    financingOrCgiData: z.strictObject({
      amortizationSystem: choice(AMORTIZATION_SYSTEMS),
      amount: money({ min: MIN_AMOUNT }),
      feeType: choice(FEE_TYPES),
      installments: wholeNumber(1, MAX_INSTALLMENTS),
      insuranceCompanyName: choice(INSURERS),
      product: requiredText(120),
    }),
  })
  // Checked even while other fields fail (`when`), so every error shows at the first submit
  // (docs/decisions/018-all-errors-at-first-submit.md); a field's own error comes first.
  .refine((v) => !sameBuyerValue(v, 'cpf'), {
    path: ['buyers', 1, 'cpf'],
    error: DUPLICATE_BUYER_CPF,
    when: () => true,
  })
  .refine((v) => !sameBuyerValue(v, 'email'), {
    path: ['buyers', 1, 'email'],
    error: DUPLICATE_BUYER_EMAIL,
    when: () => true,
  });
export type NewProposalInput = z.input<typeof newProposalSchema>;

/** Both buyers give the same value (as parsed: CPF digits, e-mail in lower case) for a key. */
function sameBuyerValue(v: unknown, key: 'cpf' | 'email'): boolean {
  const buyers = (v as { buyers?: unknown } | null)?.buyers;
  if (!Array.isArray(buyers) || buyers.length < 2) return false;
  const [a, b] = buyers as ({ [k: string]: unknown } | null)[];
  const x = a?.[key];
  const y = b?.[key];
  return typeof x === 'string' && x !== '' && x === y;
}
export type NewProposal = z.output<typeof newProposalSchema>;
