import { DocumentsSummary } from '../../components/documents-summary';
import { Alert, Button, Card, Skeleton } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { readSelectedProposal } from '../../lib/storage';
import { useSession } from '../../lib/session';
import { ApiRequestError } from '../../lib/api-client';
import { useProposal } from '../../lib/proposals-api';
import { useSections } from '../../lib/sections-api';
import { nextStep } from '../../lib/next-step';
import { SectionStatusTag } from '../../components/section-form/section-status';
import { FillingProgress, ProposalFacts } from '../../components/proposal-summary';
import { ProposalHistory } from '../../components/proposal-history';
import { SellerPartStatus } from '../../components/seller-part-status';
import { FinancingSummary } from '../../components/financing-summary';
import { useFinancing } from '../../lib/financing-api';

/** /buyer/home: where the buyer stands on the chosen proposal. */
export default function BuyerHomePage() {
  const selected = readSelectedProposal();
  const navigate = useNavigate();
  const session = useSession();
  const proposal = useProposal(selected);
  const sections = useSections(selected);
  const financing = useFinancing(selected);

  if (!selected) return <Navigate to="/buyer/select-proposal" replace />;
  // The stored choice may point at a proposal this user no longer sees: choose again.
  if (proposal.error instanceof ApiRequestError && proposal.error.status === 404)
    return <Navigate to="/buyer/select-proposal" replace />;

  const firstName = session.data?.name.split(' ')[0];
  const buyers = proposal.data?.customers.length ?? 1;
  const next = sections.data ? nextStep(sections.data.sections, buyers) : null;
  // The seller's steps are summed up in one line (SellerPartStatus), not listed one by one.
  const pending =
    sections.data?.sections.filter((s) => s.status !== 'done' && s.scope !== 'seller' && s.required !== false) ?? [];
  return (
    <Page
      title={firstName ? `Olá, ${firstName}` : 'Início'}
      subtitle={proposal.data ? `Proposta ${proposal.data.code}` : undefined}
    >
      {proposal.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {proposal.isError ? <Alert type="error" showIcon title={proposal.error.message} /> : null}
      {sections.data ? (
        <section className="home-next" aria-labelledby="proximo-passo">
          <h2 id="proximo-passo" className="section-title">
            {next ? 'Próximo passo' : 'Tudo preenchido por aqui'}
          </h2>
          {next ? (
            <Button type="primary" size="large" block onClick={() => navigate(next.url)}>
              {next.step.title}
            </Button>
          ) : (
            <p className="muted">
              Você concluiu as seções que estão com você. Acompanhe a situação da proposta abaixo.
            </p>
          )}
          {pending.length ? (
            <>
              <h2 className="section-title">Seções que faltam</h2>
              <ul className="section-rows">
                {pending.map((s) => (
                  <li key={`${s.key}:${s.buyer}`} className="section-rows__row section-rows__row--two">
                    <span className="section-rows__title">
                      {s.title}
                      {s.buyer !== null && buyers > 1
                        ? ` — ${proposal.data?.customers.find((c) => c.position === s.buyer)?.name ?? ''}`
                        : ''}
                    </span>
                    <SectionStatusTag status={s.status} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
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
        <Card className="proposal-card">
          <ProposalFacts proposal={proposal.data} />
          <FillingProgress value={proposal.data.fillingStatus} />
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
        </Card>
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
