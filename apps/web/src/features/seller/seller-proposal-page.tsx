import { Skeleton } from 'antd';
import { Navigate, useParams } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import { useProgress } from '../../lib/progress-api';
import { sellerUrl } from '../../lib/seller-flow';
import { PlainAlert } from '../../components/plain-alert';

/**
 * /seller/proposals/:proposalId (no screen of its own, docs/product/seller.md): sends the seller to
 * their next step of the one derived list (a correction first, then the first step not done, the
 * documents, the completion); with nothing left, to the completed screen.
 */
export default function SellerProposalPage() {
  const proposalId = useParams().proposalId ?? '';
  const progress = useProgress(proposalId);
  const error = progress.error;
  if (error instanceof ApiRequestError && error.status === 404) return <Navigate to="/seller/proposals" replace />;
  if (error) return <PlainAlert type="error" title={error.message} />;
  if (!progress.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const next = progress.data.next;
  return <Navigate to={next ? next.path : sellerUrl(proposalId, 'completed')} replace />;
}
