import { SectionForm } from './section-form';

/** /buyer/investment: the debit account and the buyers' shares (spec §3). */
export default function InvestmentPage() {
  return <SectionForm sectionKey="investment" />;
}
