import { afterAll, beforeAll, vi } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../api-error';
import type { NewProposalInput } from '../backoffice';
import { completeCnpj } from '../cnpj';
import { completeCpf } from '../cpf';
import { submitSchema, type ProposalFacts, type SectionContext, type SectionDef, type Values } from '../section';
import { installZodMessages } from '../zod-messages';

/**
 * Test fixtures the domain's unit tests share (not part of the package's code: only tests import
 * this folder, and mutation testing leaves it out).
 */

/** A valid CPF of the demo seller (unmasked). */
export const SELLER_CPF = completeCpf('397214658');
/** A valid CPF for a spouse (unmasked). */
export const SPOUSE_CPF = completeCpf('118229337');

/** A valid CNPJ of a company seller (unmasked). */
export const COMPANY_CNPJ = completeCnpj('112223330001');

/** The property a seller sells, without its area. */
export const SELLER_PROPERTY = {
  cep: '80420-090',
  address: 'Rua Comendador Araújo',
  number: '731',
  district: 'Batel',
  city: 'Curitiba',
  state: 'PR',
  occupancy: 'owner',
};

/** The bank account of a seller who is a person, receiving the whole price. */
export const SELLER_ACCOUNT = {
  bank: '341',
  account_type: 'checking',
  agency: '0912',
  account: '45873-2',
  holder_name: 'Roberto Lima Ferreira',
  holder_document: SELLER_CPF,
  several_sellers: false,
  payoff: false,
};

/** A company seller's general data (every field a company gives, as typed). */
export const SELLER_COMPANY = {
  person_type: 'company',
  name: 'Ferreira Imóveis Ltda',
  cnpj: '11.222.333/0001-81',
  email: 'contato@ferreira.com.br',
  phone: '(11) 3456-7890',
  representative_name: 'Roberto Lima Ferreira',
  representative_cpf: SELLER_CPF,
};

/** A financing proposal as an operator types it in the back office (one buyer). */
export const NEW_PROPOSAL: NewProposalInput = {
  type: 'financing',
  buyers: [{ name: 'Fernanda Lima Prado', cpf: '529.982.247-25', email: 'Fernanda@Exemplo.com.br' }],
  property: { type: 'residential', kind: 'apartment', zipCode: '01310-100', uf: 'SP', city: 'São Paulo' },
  financingOrCgiData: {
    amortizationSystem: 'SAC',
    amount: '450.000,00',
    feeType: 'tr',
    installments: '360',
    insuranceCompanyName: 'itau',
    product: 'SFH — Imóvel residencial',
  },
};

/** The main (and only) buyer's context, as the browser judges a form. */
export const MAIN_BUYER: SectionContext = { buyers: 1, buyer: 0 };
/** The second of two buyers' context. */
export const SECOND_BUYER: SectionContext = { buyers: 2, buyer: 1 };
/** The main buyer's context when the proposal has two buyers. */
export const MAIN_OF_TWO: SectionContext = { buyers: 2, buyer: 0 };
/** The seller's context, as the browser judges a form. */
export const SELLER: SectionContext = { buyers: 1, buyer: null };

/**
 * Facts of a proposal whose sections say what `sections` gives, keyed `section:buyer` (`-` for a
 * proposal-wide or seller section): `{ 'data:0': {...}, 'seller-general-data:-': {...} }`.
 */
export function factsFrom(
  sections: Record<string, Values | null>,
  { buyers = 1, type = 'financing', fgtsPropertyRules = [] }: Partial<Omit<ProposalFacts, 'sectionValues'>> = {},
): ProposalFacts {
  return {
    buyers,
    type,
    sectionValues: (key, buyer) => sections[`${key}:${buyer ?? '-'}`] ?? null,
    fgtsPropertyRules,
  };
}

/** Facts whose seller sections (keyed by section only) say what `sections` gives. */
export function sellerFacts(sections: Record<string, Values>): ProposalFacts {
  return factsFrom(Object.fromEntries(Object.entries(sections).map(([key, v]) => [`${key}:-`, v])));
}

/** A section's submit: the stored values, or the field → message map the user reads. */
export function outcome(
  def: SectionDef<z.ZodRawShape>,
  values: Record<string, unknown>,
  ctx: SectionContext = MAIN_BUYER,
): { ok: Values; errors?: undefined } | { ok?: undefined; errors: Record<string, string> } {
  const r = submitSchema(def, ctx).safeParse(values);
  return r.success ? { ok: r.data as Values } : { errors: fieldErrors(r.error.issues) };
}

/** A section's submit as `{ ok, values }` or `{ ok: false, fields }` (the first message of each field). */
export function submitResult(def: SectionDef<z.ZodRawShape>, values: Values, ctx: SectionContext = SELLER) {
  const r = submitSchema(def, ctx).safeParse(values);
  if (r.success) return { ok: true as const, values: r.data as Values };
  const fields: Record<string, string> = {};
  for (const i of r.error.issues) fields[i.path.join('.')] ??= i.message;
  return { ok: false as const, fields };
}

/** The seller's context on the server, with the seller sections `sections` already saved. */
export const sellerOnServer = (sections: Record<string, Values>): SectionContext => ({
  ...SELLER,
  facts: sellerFacts(sections),
});

/** Portuguese messages, and dates judged against a fixed "today" (the clock is faked, only Date). */
export function withFixedToday(today = '2026-06-15T12:00:00Z') {
  beforeAll(() => {
    installZodMessages();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(today));
  });
  afterAll(() => vi.useRealTimers());
}

/** A section's submit, parsed as the server does. */
export function submit(def: SectionDef<z.ZodRawShape>, values: Record<string, unknown>, ctx = MAIN_BUYER) {
  return submitSchema(def, ctx).safeParse(values);
}
/** The stored values of a valid submit. */
export function stored(def: SectionDef<z.ZodRawShape>, values: Record<string, unknown>, ctx = MAIN_BUYER) {
  const r = submit(def, values, ctx);
  if (!r.success) throw new Error(`expected success, got ${JSON.stringify(fieldErrors(r.error.issues))}`);
  return r.data as Record<string, unknown>;
}
/** The field → message map a user sees after a refused submit. */
export function errors(def: SectionDef<z.ZodRawShape>, values: Record<string, unknown>, ctx = MAIN_BUYER) {
  const r = submit(def, values, ctx);
  if (r.success) throw new Error('expected a failure');
  return fieldErrors(r.error.issues);
}
