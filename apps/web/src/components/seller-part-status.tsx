import { Tag } from 'antd';
import { Link } from 'react-router';
import { stepCountLabel } from '@portal/domain/next-step';
import { useSellerPart } from '../lib/seller-api';
import { useProgress } from '../lib/progress-api';
import { formatInstantDate } from '@portal/domain/dates';

/**
 * The seller's part of a proposal in one line, for the buyers: not invited yet (with the way to the
 * seller form), done with its date, or how many of the seller's steps are done. The seller's data
 * itself stays hidden from buyers.
 */
export function SellerPartStatus({ proposalId }: { proposalId: string }) {
  const part = useSellerPart(proposalId);
  // The seller's count comes from the one derived list: forms, documents and the completion.
  const seller = useProgress(proposalId).data?.seller;
  if (!part.data || !seller) return null;
  const done = seller.done;
  const at = part.data.completedAt ? formatInstantDate(part.data.completedAt) : null;
  return (
    <div className="seller-part-status" role="status">
      <span className="section-rows__title">Parte do vendedor</span>
      {!part.data.invited ? (
        <>
          <Tag color="default">Vendedor não convidado</Tag>
          <span className="muted">
            Informe os dados do vendedor em <Link to="/buyer/seller-form">Dados do vendedor</Link> para convidá-lo.
          </span>
        </>
      ) : part.data.done ? (
        <>
          <Tag color="green">Concluída</Tag>
          <span className="muted">O vendedor concluiu a parte dele{at ? ` em ${at}` : ''}.</span>
        </>
      ) : (
        <>
          <Tag color={done ? 'gold' : 'default'}>{done ? 'Em andamento' : 'A preencher'}</Tag>
          <span className="muted">{stepCountLabel(seller)} do vendedor concluídas.</span>
        </>
      )}
    </div>
  );
}
