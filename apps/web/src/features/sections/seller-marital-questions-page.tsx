import { SellerSectionScreen } from './seller-section-screen';

/** /seller/proposals/:proposalId/property/marital/questions */
export default function MaritalQuestionsPage() {
  return <SellerSectionScreen sectionKey="seller-marital" />;
}
