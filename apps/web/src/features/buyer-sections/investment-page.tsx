import { BuyerSectionScreen } from './buyer-section-screen';

/** /buyer/investment: the debit account and the buyers' shares (docs/product/forms.md). */
export default function InvestmentPage() {
  return <BuyerSectionScreen sectionKey="investment" />;
}
