import { Link } from 'react-router';
import type { ProposalStatus } from '@portal/domain/proposal';
import { formatInteger } from '@portal/domain/numbers';
import { ProposalStatusTag } from '../../components/proposal-status-tag';

/** The line above a keyset-paged list: how many rows match ("Mais de" past the count's cap). */
export function ListCount({
  page,
  one,
  many,
}: {
  page: { total: number; capped: boolean } | undefined;
  one: string;
  many: string;
}) {
  return (
    <p className="bo-count" aria-live="polite">
      {page
        ? `${page.capped ? 'Mais de ' : ''}${formatInteger(page.total)} ${page.total === 1 ? one : many}`
        : 'Carregando…'}
    </p>
  );
}

/** A proposal card's first line on phones: its code (the link to it) and its status. */
export function ProposalCardHead({ id, code, status }: { id: string; code: string; status: ProposalStatus }) {
  return (
    <div className="bo-card__head">
      <Link to={`/backoffice/proposals/${id}`} className="bo-code">
        {code}
      </Link>
      <ProposalStatusTag status={status} />
    </div>
  );
}
