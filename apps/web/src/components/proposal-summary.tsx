import { useId } from 'react';
import { Progress, Tag } from 'antd';
import { formatMoney } from '@portal/domain/money';
import {
  PROPERTY_KIND_LABELS,
  PROPOSAL_TYPE_LABELS,
  STAGE_LABELS,
  STATUS_LABELS,
  type Proposal,
} from '@portal/domain/proposal';

const STATUS_COLORS: Partial<Record<Proposal['status'], string>> = {
  pending_correction: 'orange',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
  sent_to_bank: 'blue',
};

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
          <Tag color={STATUS_COLORS[proposal.status] ?? 'geekblue'}>{STATUS_LABELS[proposal.status]}</Tag>
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

export function FillingProgress({ value }: { value: number }) {
  // One per card on the lists: the label's id must be unique on the page.
  const labelId = useId();
  return (
    <div className="filling">
      <span className="filling__label" id={labelId}>
        Preenchimento
      </span>
      <Progress percent={value} strokeColor="#0a1f44" railColor="#e6e9ef" aria-labelledby={labelId} />
    </div>
  );
}
