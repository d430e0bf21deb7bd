import { Navigate, useSearchParams } from 'react-router';
import { Skeleton } from 'antd';
import { findSection } from '@portal/domain/sections-registry';
import { Page } from '../../components/page';
import { SectionForm, type SectionExtension } from '../../components/section-form/section-form';
import { readSelectedProposal } from '../../lib/storage';
import { useProposal } from '../../lib/proposals-api';
import { buildFlow, buyerFromSearch, stepUrl } from '../../lib/buyer-flow';
import type { Proposal } from '@portal/domain/proposal';
import { BUYER_FIELD_UI } from './buyer-field-ui';

type BuyerSectionKey = keyof typeof BUYER_FIELD_UI;

const DEFAULTS: Partial<Record<BuyerSectionKey, Record<string, unknown>>> = {
  data: { attorney_type: 'person', attorney_phone_type: 'normal' },
};

/** A buyer's section screen: the chosen proposal, the ?buyer= of the URL and the buyer's flow. */
export function BuyerSectionScreen({
  sectionKey,
  extension,
  successMessage,
  adapt,
}: {
  sectionKey: BuyerSectionKey;
  extension?: SectionExtension;
  successMessage?: string;
  /** Fits the fields' texts and starting values to the proposal (e.g. a product that already says SFH). */
  adapt?: (proposal: Proposal) => { ui?: (typeof BUYER_FIELD_UI)[BuyerSectionKey]; defaults?: Record<string, unknown> };
}) {
  const proposalId = readSelectedProposal();
  const [search] = useSearchParams();
  const def = findSection(sectionKey)!;
  const buyer = def.scope === 'buyer' ? buyerFromSearch(search) : null;
  const proposal = useProposal(proposalId);
  if (!proposalId) return <Navigate to="/buyer/select-proposal" replace />;

  const buyers = proposal.data?.customers.length ?? 1;
  const flow = buildFlow(buyers);
  const index = flow.findIndex((s) => s.section === sectionKey && s.buyer === buyer);
  const who =
    buyer !== null && buyers > 1 ? proposal.data?.customers.find((c) => c.position === buyer)?.name : undefined;
  const adaptedOf = (p: Proposal) => {
    const adapted = adapt?.(p);
    return {
      ui: adapted?.ui ?? BUYER_FIELD_UI[sectionKey],
      defaults: { ...DEFAULTS[sectionKey], ...adapted?.defaults },
    };
  };
  const previous = flow[index - 1];
  const next = flow[index + 1];

  return (
    <Page
      title={def.title}
      subtitle={who ? `Comprador: ${who}` : proposal.data ? `Proposta ${proposal.data.code}` : undefined}
    >
      {proposal.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {proposal.isError ? <Navigate to="/buyer/select-proposal" replace /> : null}
      {proposal.data ? (
        <SectionForm
          {...adaptedOf(proposal.data)}
          proposalId={proposalId}
          sectionKey={sectionKey}
          buyer={buyer}
          buyers={buyers}
          steps={{
            previousUrl: previous ? stepUrl(previous) : '/buyer/buyers',
            nextUrl: next ? stepUrl(next) : '/buyer/home',
          }}
          extension={extension}
          successMessage={successMessage}
          notFoundUrl="/buyer/buyers"
        />
      ) : null}
    </Page>
  );
}
