import { SectionForm } from './section-form';

/** /buyer/data?buyer=N: the buyer's general data (spec §3). */
export default function BuyerDataPage() {
  return <SectionForm sectionKey="data" />;
}
