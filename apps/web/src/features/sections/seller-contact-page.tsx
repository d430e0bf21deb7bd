import { SellerSectionScreen } from './seller-section-screen';

/** /seller/proposals/:proposalId/property/contact */
export default function ContactPage() {
  return <SellerSectionScreen sectionKey="seller-property-contact" />;
}
