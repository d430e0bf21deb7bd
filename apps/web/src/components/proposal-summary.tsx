import { useId } from 'react';
import { Progress, Skeleton } from 'antd';
import { stepCountLabel } from '@portal/domain/next-step';
import { useProgress } from '../lib/progress-api';
import { formatMoney } from '@portal/domain/money';
import { PROPERTY_KIND_LABELS, PROPOSAL_TYPE_LABELS, STAGE_LABELS, type Proposal } from '@portal/domain/proposal';
import { ProposalStatusTag } from './proposal-status-tag';

/** The facts of a proposal every list and home screen shows, in one place. */
export function ProposalFacts({ proposal }: { proposal: Proposal }) {
  const { property, financingOrCgiData: f } = proposal;
  return (
    <dl className="facts">
      <div>
        <dt>Tipo</dt>
        <dd>{PROPOSAL_TYPE_LABELS[proposal.type]}</dd>
      </div>
      <div>
        <dt>Situação</dt>
        <dd>
          <ProposalStatusTag status={proposal.status} />
        </dd>
      </div>
      <div>
        <dt>Etapa</dt>
        <dd>{STAGE_LABELS[proposal.stage]}</dd>
      </div>
      <div>
        <dt>Imóvel</dt>
        <dd>
          {PROPERTY_KIND_LABELS[property.kind]} em {property.city}/{property.uf}
        </dd>
      </div>
      <div>
        <dt>Valor {proposal.type === 'cgi' ? 'do crédito' : 'financiado'}</dt>
        <dd>{formatMoney(f.amount)}</dd>
      </div>
      <div>
        <dt>Prazo</dt>
        <dd>
          {f.installments} meses · {f.amortizationSystem}
        </dd>
      </div>
    </dl>
  );
}

/**
 * How far the proposal is, from the one derived "what is next": "Preenchimento · 7 de 26 etapas"
 * and its percentage. The home, the proposal cards and the back office show this same count.
 */
export function FillingProgress({ proposalId }: { proposalId: string }) {
  // One per card on the lists: the label's id must be unique on the page.
  const labelId = useId();
  const progress = useProgress(proposalId);
  if (!progress.data) return <Skeleton.Input active block size="small" />;
  const { done, total, percent } = progress.data;
  return (
    <div className="filling">
      <span className="filling__label" id={labelId}>
        Preenchimento · <span className="filling__count">{stepCountLabel({ done, total })}</span>
      </span>
      <Progress percent={percent} strokeColor="#0a1f44" railColor="#e6e9ef" aria-labelledby={labelId} />
    </div>
  );
}

/** The same count as a line of text (back office): the whole proposal, then each party. */
export function ProgressCountText({ proposalId }: { proposalId: string }) {
  const progress = useProgress(proposalId);
  if (!progress.data) return <Skeleton.Input active size="small" />;
  const { done, total, percent, buyer, seller } = progress.data;
  return (
    <span className="progress-count">
      <span className="filling__count">{stepCountLabel({ done, total })}</span> · {percent}%
      {buyer ? (
        <span className="muted">
          {' '}
          (compradores {stepCountLabel(buyer)}; vendedor {stepCountLabel(seller)})
        </span>
      ) : null}
    </span>
  );
}
