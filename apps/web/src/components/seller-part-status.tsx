import { Link } from 'react-router';
import { useSellerPart } from '../lib/seller-api';
import { useProgress } from '../lib/progress-api';
import { formatInstantDate } from '@portal/domain/dates';
import { PlainTag } from './plain-tag';

/**
 * The seller's part of a proposal in one line, for the buyers: not invited yet (with the way to the
 * seller form), done with its date, or started or not. The seller's data itself stays hidden from
 * buyers.
 */
export function SellerPartStatus({ proposalId }: { proposalId: string }) {
  const part = useSellerPart(proposalId);
  // Started or not, from the one derived list; the count itself is the proposal's, shown once.
  const seller = useProgress(proposalId).data?.seller;
  if (!part.data || !seller) return null;
  const started = seller.done > 0;
  const at = part.data.completedAt ? formatInstantDate(part.data.completedAt) : null;
  return (
    <div className="seller-part-status" role="status">
      <span className="section-rows__title">Parte do vendedor</span>
      {!part.data.invited ? (
        <>
          <PlainTag color="default">Vendedor não convidado</PlainTag>
          <span className="muted">
            Informe os dados do vendedor em <Link to="/buyer/seller-form">Dados do vendedor</Link> para convidá-lo.
          </span>
        </>
      ) : part.data.done ? (
        <>
          <PlainTag color="green">Concluída</PlainTag>
          <span className="muted">O vendedor concluiu a parte dele{at ? ` em ${at}` : ''}.</span>
        </>
      ) : (
        <>
          <PlainTag color={started ? 'gold' : 'default'}>{started ? 'Em andamento' : 'A preencher'}</PlainTag>
          <span className="muted">
            {started ? 'O vendedor está preenchendo a parte dele.' : 'O vendedor foi convidado e ainda não começou.'}
          </span>
        </>
      )}
    </div>
  );
}
