import { BuyerSectionScreen } from './buyer-section-screen';

/** /buyer/data?buyer=N: the buyer's general data (docs/product/forms.md). */
export default function BuyerDataPage() {
  return <BuyerSectionScreen sectionKey="data" />;
}
