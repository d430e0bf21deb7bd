import { Button, Skeleton } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { readSelectedProposal } from '../../lib/storage';
import { useProposal } from '../../lib/proposals-api';
import { FillingProgress } from '../../components/proposal-summary';
import { useSections, type SectionSummary } from '../../lib/sections-api';
import { buildFlow, stepUrl } from '../../lib/buyer-flow';
import { useProgress } from '../../lib/progress-api';
import { SectionStatusTag } from '../../components/section-form/section-status';
import { sectionAction } from '../../lib/vocabulary';
import { PlainAlert } from '../../components/plain-alert';
import { PlainCard } from '../../components/plain-card';

/** /buyer/buyers: the proposal's buyers, the state of every section and the overall progress. */
export default function BuyersPage() {
  const proposalId = readSelectedProposal();
  const navigate = useNavigate();
  const proposal = useProposal(proposalId);
  const sections = useSections(proposalId);
  const progress = useProgress(proposalId);
  if (!proposalId) return <Navigate to="/buyer/select-proposal" replace />;

  const buyers = proposal.data?.customers.length ?? 1;
  const flow = buildFlow(buyers);
  const next = progress.data?.next ?? null;
  const rowsFor = (buyer: number | null) =>
    flow
      .filter((s) => s.buyer === buyer)
      .map((step) => ({
        step,
        summary: sections.data?.sections.find((x) => x.key === step.section && x.buyer === step.buyer),
      }))
      .filter((r): r is { step: (typeof flow)[number]; summary: SectionSummary } => r.summary !== undefined);

  return (
    <Page title="Compradores" subtitle={proposal.data ? `Proposta ${proposal.data.code}` : undefined}>
      {proposal.isPending || sections.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {sections.isError ? <PlainAlert type="error" title={sections.error.message} /> : null}
      {sections.data ? (
        <>
          <FillingProgress proposalId={proposalId} />
          {next ? (
            <Button type="primary" size="large" block className="cta" onClick={() => navigate(next.path)}>
              Continuar: {next.title}
            </Button>
          ) : null}
          <ul className="card-list card-list--single">
            {proposal.data?.customers.map((c) => {
              const rows = rowsFor(c.position);
              return (
                <li key={c.id}>
                  <PlainCard
                    title={`${c.position === 0 ? 'Comprador principal' : 'Segundo comprador'}: ${c.name}`}
                    className="sections-card"
                  >
                    {rows.length === 0 ? (
                      <p className="muted">Os dados deste comprador são preenchidos por ele mesmo.</p>
                    ) : (
                      <SectionRows rows={rows} />
                    )}
                  </PlainCard>
                </li>
              );
            })}
            <li>
              <PlainCard title="Dados da proposta" className="sections-card">
                <SectionRows rows={rowsFor(null)} />
              </PlainCard>
            </li>
          </ul>
        </>
      ) : null}
    </Page>
  );
}

function SectionRows({ rows }: { rows: { step: ReturnType<typeof buildFlow>[number]; summary: SectionSummary }[] }) {
  return (
    <ul className="section-rows">
      {rows.map(({ step, summary }) => {
        const action = sectionAction({ editable: summary.canEdit, done: summary.status === 'done' });
        return (
          <li key={`${step.section}:${step.buyer}`} className="section-rows__row">
            <span className="section-rows__title">{summary.title}</span>
            <SectionStatusTag status={summary.status} />
            <Link to={stepUrl(step)} className="section-rows__link" aria-label={`${action} ${step.title}`}>
              {action}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
