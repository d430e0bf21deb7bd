import { SellerSectionScreen } from './seller-section-screen';

/** /seller/proposals/:proposalId/property/registry */
export default function RegistryPage() {
  return <SellerSectionScreen sectionKey="seller-property-registry" />;
}
