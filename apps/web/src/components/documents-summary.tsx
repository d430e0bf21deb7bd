import { Link } from 'react-router';
import { ITEM_STATE_LABELS } from '@portal/domain/documents';
import { useDocuments } from '../lib/documents-api';
import { PlainTag } from './plain-tag';

/**
 * The buyer's documents that still ask for something: items not sent yet, and items the back
 * office rejected (with its reason). Shown on the buyer's home.
 */
export function DocumentsSummary({ proposalId }: { proposalId: string }) {
  const documents = useDocuments(proposalId);
  const items =
    documents.data?.items.filter(
      (i) =>
        i.uploader === 'buyer' &&
        i.canUpload &&
        (i.state === 'pending' || i.state === 'rejected' || i.state === 'expired'),
    ) ?? [];
  if (!documents.data) return null;
  return (
    <>
      <h2 className="section-title">{items.length ? 'Documentos que faltam' : 'Documentos'}</h2>
      {items.length === 0 ? <p className="muted">Nenhum documento pendente com você.</p> : null}
      <ul className="section-rows">
        {items.map((i) => (
          <li key={i.key} className="section-rows__row section-rows__row--two">
            <span className="section-rows__title">
              <Link to={`/buyer/documents/upload#${i.key}`}>{i.title}</Link>
              {i.state === 'rejected' && i.reason ? (
                <span className="documents-summary__reason">Motivo: {i.reason}</span>
              ) : null}
            </span>
            {/* The colours of a section's "to do" and "rejected" tags (section-form/section-status.tsx). */}
            <PlainTag color={i.state === 'pending' ? 'default' : 'red'}>{ITEM_STATE_LABELS[i.state]}</PlainTag>
          </li>
        ))}
      </ul>
    </>
  );
}
