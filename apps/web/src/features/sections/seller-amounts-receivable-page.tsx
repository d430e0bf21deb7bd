import { formatMoney } from '@portal/domain/money';
import { bankLabel } from '@portal/domain/banks';
import type { SectionExtension } from '../../components/section-form/section-form';
import { SellerSectionScreen } from './seller-section-screen';
import { useSubmittedValues } from './seller-section-values';
import { PlainAlert } from '../../components/plain-alert';

/** Reminds the seller of the financing they declared: its payoff comes out of the price first. */
function useFinancingNotice(): React.ReactNode {
  const financing = useSubmittedValues('seller-property-financing');
  if (financing?.still_financed !== 'yes') return null;
  const balance = typeof financing.outstanding_balance === 'number' ? formatMoney(financing.outstanding_balance) : null;
  return (
    <PlainAlert
      type="info"
      className="form-alert"
      title="O imóvel ainda está financiado"
      description={`Parte do valor quita o saldo devedor${balance ? ` (cerca de ${balance})` : ''} no ${bankLabel(String(financing.financing_bank))}. Marque a quitação abaixo e informe o valor.`}
    />
  );
}

const extension: SectionExtension = { useOnValues: useFinancingNotice };

/** /seller/proposals/:proposalId/amounts-receivable: the account that receives the price. */
export default function AmountsReceivablePage() {
  return <SellerSectionScreen sectionKey="seller-amounts-receivable" extension={extension} />;
}
