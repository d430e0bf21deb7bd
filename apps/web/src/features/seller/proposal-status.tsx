import type { SellerProposal } from '@portal/domain/proposal';
import { PROPOSAL_STAGES, STAGE_LABELS, type ProposalStage } from '@portal/domain/proposal-values';
import { statusSentence } from '@portal/domain/proposal-status';
import { FactList, proposalFacts } from '../../components/fact-list';
import { ProposalStatusTag } from '../../components/proposal-status-tag';
import { PlainSteps } from '../../components/plain-steps';

/** What each stage asks of the seller, if anything. */
const STAGE_MEANING: Record<ProposalStage, string> = {
  registration: 'Cadastro dos dados de compradores, vendedor e imóvel.',
  credit_analysis: 'O banco analisa o crédito dos compradores. Nada a fazer por enquanto.',
  appraisal: 'Um avaliador do banco vai agendar a vistoria do imóvel com o contato que você informou.',
  legal: 'O banco analisa a documentação do imóvel e do vendedor.',
  contract: 'Assinatura do contrato e registro no cartório. Depois do registro, o banco libera o pagamento.',
};

/** The facts a seller may see: no financing terms, no buyer's personal data (names only). */
export function SellerProposalFacts({ proposal }: { proposal: SellerProposal }) {
  const { type, status, stage, property } = proposalFacts(proposal);
  return (
    <FactList
      facts={[
        type,
        status,
        property,
        stage,
        {
          term: proposal.customers.length > 1 ? 'Compradores' : 'Comprador',
          detail: proposal.customers.map((c) => c.name).join(' e '),
          wide: true,
        },
      ]}
    />
  );
}

/** Where the proposal stands: status and stage in words, the stages as a path. */
export function ProposalProgress({ proposal }: { proposal: SellerProposal }) {
  const closed = proposal.status === 'rejected' || proposal.status === 'cancelled';
  const current = PROPOSAL_STAGES.indexOf(proposal.stage);
  return (
    <section className="seller-status" aria-labelledby="situacao-da-proposta">
      <h2 id="situacao-da-proposta" className="section-title">
        Situação da proposta
      </h2>
      <p className="seller-status__now">
        <ProposalStatusTag status={proposal.status} /> {statusSentence(proposal.status, 'seller')}
      </p>
      <PlainSteps
        className="seller-status__stages"
        current={current}
        status={closed ? 'error' : proposal.status === 'approved' ? 'finish' : 'process'}
        items={PROPOSAL_STAGES.map((stage, i) => ({
          title: STAGE_LABELS[stage],
          content: i === current ? STAGE_MEANING[stage] : undefined,
        }))}
      />
    </section>
  );
}
