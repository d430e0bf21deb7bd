import type { Proposal } from '@portal/domain/proposal';
import { BuyerSectionScreen } from './buyer-section-screen';
import { BUYER_FIELD_UI } from './buyer-field-ui';

/** The product already says SFH ("SFH — Imóvel residencial com FGTS"): the choice is made. */
const productIsSfh = (p: Proposal) => /^\s*SFH\b/i.test(p.financingOrCgiData?.product ?? '');

/**
 * /buyer/investment: the debit account and the buyers' shares (docs/product/forms.md). When the
 * proposal's product is already an SFH one, the SFH switch starts on and says why.
 */
export default function InvestmentPage() {
  return (
    <BuyerSectionScreen
      sectionKey="investment"
      adapt={(p) =>
        productIsSfh(p)
          ? {
              ui: {
                ...BUYER_FIELD_UI.investment,
                sfh: {
                  ...BUYER_FIELD_UI.investment.sfh!,
                  label: 'Enquadrar no SFH (já indicado pelo produto desta proposta)',
                  help: `O produto escolhido é “${p.financingOrCgiData!.product}”: o enquadramento no SFH já vem marcado.`,
                },
              },
              defaults: { sfh: true },
            }
          : {}
      }
    />
  );
}
