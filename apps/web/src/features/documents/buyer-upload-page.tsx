import { Navigate } from 'react-router';
import { readSelectedProposal } from '../../lib/storage';
import { DocumentsUploadScreen } from './upload-screen';

/** /buyer/documents/upload: the chosen proposal's documents that the buyers send. */
export default function BuyerUploadPage() {
  const proposalId = readSelectedProposal();
  if (!proposalId) return <Navigate to="/buyer/select-proposal" replace />;
  return (
    <DocumentsUploadScreen
      proposalId={proposalId}
      title="Envio de documentos"
      notFoundUrl="/buyer/select-proposal"
      party="buyer"
    />
  );
}
