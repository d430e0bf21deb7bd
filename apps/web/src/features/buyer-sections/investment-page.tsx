import { BuyerSectionScreen } from './buyer-section-screen';

/** /buyer/investment: the debit account and the buyers' shares (spec §3). */
export default function InvestmentPage() {
  return <BuyerSectionScreen sectionKey="investment" />;
}
