import { DocumentsSummary } from '../../components/documents-summary';
import { Button, Skeleton } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { readSelectedProposal } from '../../lib/storage';
import { useSession } from '../../lib/session';
import { ApiRequestError } from '../../lib/api-client';
import { useProposal } from '../../lib/proposals-api';
import { NextStepPanel } from './next-step-panel';
import { ProposalFacts } from '../../components/proposal-summary';
import { ProposalHistory } from '../../components/proposal-history';
import { SellerPartStatus } from '../../components/seller-part-status';
import { FinancingSummary } from '../../components/financing-summary';
import { useFinancing } from '../../lib/financing-api';
import { PlainAlert } from '../../components/plain-alert';
import { PlainCard } from '../../components/plain-card';

/** /buyer/home: where the buyer stands on the chosen proposal. */
export default function BuyerHomePage() {
  const selected = readSelectedProposal();
  const navigate = useNavigate();
  const session = useSession();
  const proposal = useProposal(selected);
  const financing = useFinancing(selected);

  if (!selected) return <Navigate to="/buyer/select-proposal" replace />;
  // The stored choice may point at a proposal this user no longer sees: choose again.
  if (proposal.error instanceof ApiRequestError && proposal.error.status === 404)
    return <Navigate to="/buyer/select-proposal" replace />;

  const firstName = session.data?.name.split(' ')[0];
  return (
    <Page
      title={firstName ? `Olá, ${firstName}` : 'Início'}
      subtitle={proposal.data ? `Proposta ${proposal.data.code}` : undefined}
    >
      {proposal.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {proposal.isError ? <PlainAlert type="error" title={proposal.error.message} /> : null}
      {proposal.data ? (
        <section className="home-next" aria-labelledby="proximo-passo">
          <NextStepPanel proposal={proposal.data} />
          <DocumentsSummary proposalId={selected} />
          <SellerPartStatus proposalId={selected} />
          <p className="page__links">
            <Link to="/buyer/buyers">Ver compradores e todas as seções</Link>
            {proposal.data?.type === 'financing' ? <Link to="/buyer/fgts/questions">FGTS</Link> : null}
            <Link to="/buyer/insurance">Seguro e declaração de saúde</Link>
            <Link to="/buyer/documents/upload">Envio de documentos</Link>
          </p>
        </section>
      ) : null}
      {proposal.data ? (
        <PlainCard className="proposal-card">
          <ProposalFacts proposal={proposal.data} />
          {financing.data ? (
            <FinancingSummary
              financing={financing.data}
              title={proposal.data.type === 'cgi' ? 'Valores do crédito' : 'Valores do financiamento'}
            />
          ) : null}
          <div className="customers">
            <h2 className="section-title">Compradores</h2>
            <ol>
              {proposal.data.customers.map((c) => (
                <li key={c.id}>
                  {c.name}
                  {c.position === 0 ? ' (principal)' : ''}
                  {proposal.data.customerData?.id === c.id ? ' — você' : ''}
                </li>
              ))}
            </ol>
          </div>
        </PlainCard>
      ) : null}
      {proposal.data ? <ProposalHistory proposalId={proposal.data.id} withStatus /> : null}
      <div className="page__actions">
        <Button size="large" onClick={() => navigate('/buyer/select-proposal')}>
          Trocar de proposta
        </Button>
        <Link to="/buyer/change-password" className="page__link">
          Alterar minha senha
        </Link>
        <Link to="/buyer/privacy" className="page__link">
          Privacidade e meus dados
        </Link>
      </div>
    </Page>
  );
}
