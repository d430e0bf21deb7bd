import { cepLookupExtension } from '../../components/section-form/use-cep-lookup';
import { BuyerSectionScreen } from './buyer-section-screen';

/** /buyer/address?buyer=N: the buyer's address (docs/product/forms.md), filled from the CEP when the service answers. */
export default function AddressPage() {
  return <BuyerSectionScreen sectionKey="address" extension={cepLookupExtension} />;
}
