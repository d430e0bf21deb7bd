import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { useEffect } from 'react';
import { Page } from '../../components/page';
import { useProposals } from './api';
import { ProposalFacts } from './proposal-summary';

/** /seller/proposals: the proposals the seller was invited to, and where each stands. */
export default function SellerProposalsPage() {
  const proposals = useProposals();
  useEffect(() => {
    if (proposals.error) console.error(proposals.error);
  }, [proposals.error]);
  return (
    <Page title="Propostas" subtitle="As propostas de compra do seu imóvel em que você foi convidado a participar.">
      {proposals.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {proposals.isError ? (
        <Alert
          type="error"
          showIcon
          title={proposals.error.message}
          action={<Button onClick={() => proposals.refetch()}>Tentar de novo</Button>}
        />
      ) : null}
      {proposals.data?.length === 0 ? <Empty description="Nenhuma proposta para você por enquanto." /> : null}
      <ul className="card-list">
        {proposals.data?.map((p) => (
          <li key={p.id}>
            <Card className="proposal-card" title={<span className="proposal-card__code">Proposta {p.code}</span>}>
              <ProposalFacts proposal={p} />
              <p className="proposal-card__buyers">Compradores: {p.customers.map((c) => c.name).join(' e ')}</p>
            </Card>
          </li>
        ))}
      </ul>
    </Page>
  );
}
