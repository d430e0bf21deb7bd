import { useParams } from 'react-router';
import { DocumentsUploadScreen } from './upload-screen';

/** /seller/proposals/:proposalId/upload: the property's documents that the seller sends. */
export default function SellerUploadPage() {
  const { proposalId } = useParams();
  return (
    <DocumentsUploadScreen
      proposalId={proposalId!}
      title="Envio de documentos"
      notFoundUrl="/seller/proposals"
      party="seller"
    />
  );
}
