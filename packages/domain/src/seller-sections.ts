import { sellerAmountsSection } from './seller-amounts-section';
import { sellerAddressSection, sellerGeneralDataSection, sellerMaritalSection } from './seller-person-sections';
import {
  sellerContactSection,
  sellerFinancingSection,
  sellerPropertyInfoSection,
  sellerPropertyQuestionsSection,
  sellerPropertySection,
  sellerRegistrySection,
} from './seller-property-sections';

/**
 * The seller's sections (docs/product/seller.md): one of each per proposal, filled by the invited
 * seller. Buyers see only their state; sellers see none of the buyers' sections. The sections live
 * by topic: the seller as a person or company, the property, the amounts to receive.
 */

export { YES_NO, YES_NO_LABELS } from './section-parts';
export * from './seller-person-sections';
export * from './seller-property-sections';
export * from './seller-amounts-section';

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
