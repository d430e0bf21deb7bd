import type { SellerSectionKey } from '@portal/domain/seller-sections';
import type { SectionSummary } from '../../lib/sections-api';

/**
 * The seller's sequence of screens for one proposal (docs/product/seller.md): who sells, then the
 * property (as it is, its registry, its financing, the bank's questions), the marriage where one
 * applies, the appraisal visit and the account that receives the price; then the documents.
 */
export interface SellerStep {
  section: SellerSectionKey;
  /** Path under /seller/proposals/:proposalId/. */
  path: string;
  title: string;
}

export const SELLER_STEPS: readonly SellerStep[] = [
  { section: 'seller-general-data', path: 'general-data', title: 'Dados gerais' },
  { section: 'seller-address', path: 'address', title: 'Endereço' },
  { section: 'seller-property', path: 'property', title: 'Imóvel' },
  { section: 'seller-property-registry', path: 'property/registry', title: 'Registro do imóvel' },
  { section: 'seller-property-financing', path: 'property/financing-data', title: 'Financiamento do imóvel' },
  { section: 'seller-property-questions', path: 'property/questions', title: 'Perguntas sobre o imóvel' },
  { section: 'seller-property-info', path: 'property/questions/info', title: 'Informações do imóvel' },
  { section: 'seller-marital', path: 'property/marital/questions', title: 'Estado civil e o imóvel' },
  { section: 'seller-property-contact', path: 'property/contact', title: 'Contato para a vistoria' },
  { section: 'seller-amounts-receivable', path: 'amounts-receivable', title: 'Valores a receber' },
];

export const sellerUrl = (proposalId: string, path = '') =>
  `/seller/proposals/${encodeURIComponent(proposalId)}${path ? `/${path}` : ''}`;

/** The steps that apply to this proposal: a step the server says is not required (a company has no marriage) is left out. */
export function buildSellerFlow(sections: readonly SectionSummary[] | undefined): SellerStep[] {
  return SELLER_STEPS.filter((step) => sections?.find((s) => s.key === step.section)?.required !== false);
}

/** Position of a screen in the seller's flow: index, total (the documents screen included), neighbours. */
export function stepPosition(flow: readonly SellerStep[], section: SellerSectionKey) {
  const index = flow.findIndex((s) => s.section === section);
  return { index, total: flow.length + 1, previous: index > 0 ? flow[index - 1] : undefined, next: flow[index + 1] };
}
