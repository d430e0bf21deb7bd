import { SellerSectionScreen } from './seller-section-screen';
import { cepLookupExtension } from '../../components/section-form/use-cep-lookup';

/** /seller/proposals/:proposalId/property (the CEP fills the address) */
export default function PropertyPage() {
  return <SellerSectionScreen sectionKey="seller-property" extension={cepLookupExtension} />;
}
