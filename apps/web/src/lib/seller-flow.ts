import { SELLER_PATHS } from '@portal/domain/next-step';
import type { SellerSectionKey } from '@portal/domain/seller-sections';
import { findSection } from '@portal/domain/sections-registry';
import type { SectionSummary } from './sections-api';

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

/** The seller's screens, in order: the domain's paths (the derived steps use the same), with the sections' titles. */
export const SELLER_STEPS: readonly SellerStep[] = Object.entries(SELLER_PATHS).map(([section, path]) => ({
  section: section as SellerSectionKey,
  path,
  title: findSection(section)!.title,
}));

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
