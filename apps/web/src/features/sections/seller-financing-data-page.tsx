import { SellerSectionScreen } from './seller-section-screen';

/** /seller/proposals/:proposalId/property/financing-data */
export default function FinancingDataPage() {
  return <SellerSectionScreen sectionKey="seller-property-financing" />;
}
