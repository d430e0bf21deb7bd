import { SellerSectionScreen } from './seller-section-screen';

/** /seller/proposals/:proposalId/property/questions */
export default function PropertyQuestionsPage() {
  return <SellerSectionScreen sectionKey="seller-property-questions" />;
}
