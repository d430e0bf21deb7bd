import { useEffect, useRef, useState } from 'react';
import { Button, Skeleton } from 'antd';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Page } from '../../components/page';
import { ApiRequestError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { completeSellerPart, sellerPartKeys, useSellerPart } from '../../lib/seller-api';
import type { SellerProposal } from '@portal/domain/proposal';
import { useDocuments } from '../../lib/documents-api';
import { proposalKeys, useProposal } from '../../lib/proposals-api';
import { sellerUrl } from '../../lib/seller-flow';
import { ProposalHistory } from '../../components/proposal-history';
import { ProposalProgress } from './proposal-status';
import { formatInstantDate, formatInstantTime } from '@portal/domain/dates';
import { PlainAlert } from '../../components/plain-alert';
import { PlainSuccessResult } from '../../components/plain-result';

/**
 * /seller/proposals/:proposalId/completed (home and logout, docs/product/seller.md): shown once every step is done.
 * Arriving here with everything done marks the seller's part complete; with a step missing, the
 * seller is sent to it.
 */
export default function SellerCompletedPage() {
  const proposalId = useParams().proposalId ?? '';
  const navigate = useNavigate();
  const session = useSession();
  const proposal = useProposal<SellerProposal>(proposalId);
  const part = useSellerPart(proposalId);
  const documents = useDocuments(proposalId);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const shouldComplete = part.data !== undefined && !part.data.done && part.data.ready;
  useEffect(() => {
    if (!shouldComplete || started.current) return;
    started.current = true;
    completeSellerPart(proposalId)
      .then(async (done) => {
        queryClient.setQueryData(sellerPartKeys.detail(proposalId), done);
        await queryClient.invalidateQueries({ queryKey: proposalKeys.all });
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, [shouldComplete, proposalId]);

  const notFound = [proposal.error, part.error].some((e) => e instanceof ApiRequestError && e.status === 404);
  if (notFound) return <Navigate to="/seller/proposals" replace />;
  // A step is missing: the bare proposal route sends the seller to it.
  if (part.data && !part.data.ready) return <Navigate to={sellerUrl(proposalId)} replace />;

  const firstName = session.data?.name.split(' ')[0];
  const pendingDocs =
    documents.data?.items.filter(
      (i) => i.uploader === 'seller' && ['pending', 'rejected', 'expired'].includes(i.state),
    ) ?? [];
  const completedAt = part.data?.completedAt ? new Date(part.data.completedAt) : null;

  return (
    <Page title="Concluído" subtitle={proposal.data ? `Proposta ${proposal.data.code}` : undefined}>
      {error ? <PlainAlert type="error" title={error} className="form-alert" /> : null}
      {!part.data?.done ? (
        !error ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : null
      ) : (
        <PlainSuccessResult
          className="seller-done"
          title="Sua parte está concluída"
          subTitle={
            <>
              {firstName ? `Obrigado, ${firstName}. ` : ''}Os compradores e a equipe do portal já veem que você
              terminou.
              {completedAt
                ? ` Concluída em ${formatInstantDate(completedAt)} às ${formatInstantTime(completedAt)}.`
                : ''}
            </>
          }
        />
      )}
      {pendingDocs.length ? (
        <PlainAlert
          type="warning"
          className="form-alert"
          title="Ainda faltam documentos"
          description={
            <>
              {pendingDocs.map((d) => d.title).join('; ')}.{' '}
              <Link to={sellerUrl(proposalId, 'upload')}>Enviar documentos</Link>
            </>
          }
        />
      ) : null}
      {proposal.data ? <ProposalProgress proposal={proposal.data} /> : null}
      <ProposalHistory proposalId={proposalId} />
      <div className="page__actions">
        <Button type="primary" size="large" onClick={() => navigate('/seller/proposals')}>
          Ver minhas propostas
        </Button>
        <Link to={sellerUrl(proposalId, 'documents')} className="page__link">
          Ver meus documentos
        </Link>
      </div>
    </Page>
  );
}
