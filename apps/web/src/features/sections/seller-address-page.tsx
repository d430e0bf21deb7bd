import { SellerSectionScreen } from './seller-section-screen';
import { cepLookupExtension } from '../../components/section-form/use-cep-lookup';

/** /seller/proposals/:proposalId/address (the CEP fills the address) */
export default function AddressPage() {
  return <SellerSectionScreen sectionKey="seller-address" extension={cepLookupExtension} />;
}
