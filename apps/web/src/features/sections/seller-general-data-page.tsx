import { SellerSectionScreen } from './seller-section-screen';

/** /seller/proposals/:proposalId/general-data */
export default function GeneralDataPage() {
  return <SellerSectionScreen sectionKey="seller-general-data" />;
}
