import { Button, Collapse, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { SellerProposal } from '@portal/domain/proposal';
import { isPartOpen } from '@portal/domain/proposal-status';
import { Page } from '../../components/page';
import { useSellerPart } from '../../lib/seller-api';
import { useProposals } from '../../lib/proposals-api';
import { sellerUrl } from '../../lib/seller-flow';
import { ProposalHistory } from '../../components/proposal-history';
import { ProposalProgress, SellerProposalFacts } from './proposal-status';
import { SellerPartProgress, SellerSectionRows } from './seller-part';
import { LoadError } from '../../components/load-error';
import { PlainAlert } from '../../components/plain-alert';
import { PlainCard } from '../../components/plain-card';
import { PlainEmpty } from '../../components/plain-empty';
import { PlainTag } from '../../components/plain-tag';

/** /seller/proposals: the proposals the seller was invited to, where each stands and the seller's steps. */
export default function SellerProposalsPage() {
  const proposals = useProposals<SellerProposal>();
  useEffect(() => {
    if (proposals.error) console.error(proposals.error);
  }, [proposals.error]);
  return (
    <Page title="Propostas" subtitle="As propostas de compra do seu imóvel em que você foi convidado a participar.">
      {proposals.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {proposals.isError ? <LoadError error={proposals.error} retry={proposals.refetch} /> : null}
      {proposals.data?.length === 0 ? <PlainEmpty description="Nenhuma proposta para você por enquanto." /> : null}
      <ul className="card-list card-list--single">
        {proposals.data?.map((p) => (
          <li key={p.id}>
            <ProposalCard proposal={p} />
          </li>
        ))}
      </ul>
    </Page>
  );
}

/**
 * One proposal, its essentials first so they fit a phone's first screen: the code and status,
 * how far the seller's part is, and the button to go on. The steps one by one and the proposal's
 * progress open on demand.
 */
function ProposalCard({ proposal }: { proposal: SellerProposal }) {
  const navigate = useNavigate();
  const part = useSellerPart(proposal.id);
  const editable = isPartOpen(proposal.status, 'seller');
  // The button says what there is to do: fill in (nothing done yet), go on, or only look.
  const started = part.data?.sections.some((x) => x.status !== 'todo') ?? false;
  const label = part.data?.done ? 'Ver situação' : editable ? (started ? 'Continuar' : 'Preencher') : 'Ver situação';
  return (
    <PlainCard
      className="proposal-card seller-card"
      title={
        <span className="proposal-card__code">
          Proposta {proposal.code} {part.data?.done ? <PlainTag color="green">Sua parte concluída</PlainTag> : null}
        </span>
      }
    >
      <SellerProposalFacts proposal={proposal} />
      {part.isPending ? <Skeleton active paragraph={{ rows: 3 }} title={false} /> : null}
      {part.isError ? <PlainAlert type="error" title={part.error.message} /> : null}
      {part.data ? <SellerPartProgress proposalId={proposal.id} part={part.data} /> : null}
      <Button
        type="primary"
        size="large"
        block
        className="seller-card__go"
        onClick={() => navigate(part.data?.done ? sellerUrl(proposal.id, 'completed') : sellerUrl(proposal.id))}
        aria-label={`${label}: proposta ${proposal.code}`}
      >
        {label}
      </Button>
      <Collapse
        ghost
        className="seller-card__more"
        items={[
          ...(part.data
            ? [
                {
                  key: 'etapas',
                  label: 'Suas etapas, uma a uma',
                  children: <SellerSectionRows proposalId={proposal.id} part={part.data} editable={editable} />,
                },
              ]
            : []),
          {
            key: 'andamento',
            label: 'Andamento da proposta',
            children: (
              <>
                <ProposalProgress proposal={proposal} />
                <ProposalHistory proposalId={proposal.id} />
              </>
            ),
          },
        ]}
      />
    </PlainCard>
  );
}
