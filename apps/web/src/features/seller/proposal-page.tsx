import { Alert, Skeleton } from 'antd';
import { Navigate, useParams } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import { useSections } from '../../lib/sections-api';
import { useSellerPart } from '../../lib/seller-api';
import { nextSellerStep, sellerUrl } from './flow';

/**
 * /seller/proposals/:proposalId (no screen of its own, docs/product/seller.md): sends the seller to the first step
 * still to do; with every step done, to the documents (to complete) or to the completed screen.
 */
export default function SellerProposalPage() {
  const proposalId = useParams().proposalId ?? '';
  const sections = useSections(proposalId);
  const part = useSellerPart(proposalId);
  const error = sections.error ?? part.error;
  if (error instanceof ApiRequestError && error.status === 404) return <Navigate to="/seller/proposals" replace />;
  if (error) return <Alert type="error" showIcon title={error.message} />;
  if (!sections.data || !part.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const next = nextSellerStep(sections.data.sections);
  const target = next && !part.data.done ? next.path : part.data.done ? 'completed' : 'documents';
  return <Navigate to={sellerUrl(proposalId, target)} replace />;
}
