import { BuyerSectionScreen } from './buyer-section-screen';

/** /buyer/data?buyer=N: the buyer's general data (spec §3). */
export default function BuyerDataPage() {
  return <BuyerSectionScreen sectionKey="data" />;
}
