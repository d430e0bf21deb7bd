import { Button, Skeleton } from 'antd';
import { useDeferredValue, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { writeSelectedProposal } from '../../lib/storage';
import { useClientStore } from '../../lib/store';
import { useProposals } from '../../lib/proposals-api';
import { FillingProgress, ProposalFacts } from '../../components/proposal-summary';
import { LoadError } from '../../components/load-error';
import { PlainCard } from '../../components/plain-card';
import { PlainEmpty } from '../../components/plain-empty';
import { prefetchScreen } from '../../lib/prefetch-screen';

/** /buyer/select-proposal: the buyer's proposals as cards; choosing one stores it and goes on. */
export default function SelectProposalPage() {
  const navigate = useNavigate();
  // Drawn in slices when the list arrives (docs/decisions/033-slow-machine-main-thread.md).
  const proposals = useDeferredValue(useProposals());
  const setState = useClientStore((s) => s.set);

  // The next screen of a buyer who picks a proposal.
  useEffect(() => prefetchScreen('/buyer/home'), []);

  useEffect(() => {
    if (proposals.data) setState({ proposals: proposals.data });
    if (proposals.error) console.error(proposals.error);
  }, [proposals.data, proposals.error, setState]);

  function choose(id: string, fillingStatus: number) {
    writeSelectedProposal(id);
    setState({ fillingStatus });
    navigate('/buyer/home');
  }

  return (
    <Page title="Minhas propostas" subtitle="Escolha a proposta que você quer preencher ou acompanhar.">
      {proposals.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {proposals.isError ? <LoadError error={proposals.error} retry={proposals.refetch} /> : null}
      {proposals.data?.length === 0 ? (
        <PlainEmpty description="Nenhuma proposta encontrada para o seu cadastro." />
      ) : null}
      <ul className="card-list">
        {proposals.data?.map((p) => (
          <li key={p.id}>
            <PlainCard
              className="proposal-card"
              title={<span className="proposal-card__code">Proposta {p.code}</span>}
              actions={[
                <Button
                  key="go"
                  type="primary"
                  size="large"
                  block
                  onClick={() => choose(p.id, p.fillingStatus)}
                  aria-label={`Continuar a proposta ${p.code}`}
                >
                  Continuar
                </Button>,
              ]}
            >
              <ProposalFacts proposal={p} />
              <FillingProgress proposalId={p.id} />
            </PlainCard>
          </li>
        ))}
      </ul>
    </Page>
  );
}
