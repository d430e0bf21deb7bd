import { useId } from 'react';
import { Skeleton } from 'antd';
import { stepCountLabel } from '@portal/domain/next-step';
import { useProgress } from '../lib/progress-api';
import { formatMoney } from '@portal/domain/money';
import type { Proposal } from '@portal/domain/proposal';
import { FactList, proposalFacts } from './fact-list';
import { PlainProgress } from './plain-progress';

/** The facts of a proposal every list and home screen shows, in one place. */
export function ProposalFacts({ proposal }: { proposal: Proposal }) {
  const f = proposal.financingOrCgiData;
  const { type, status, stage, property } = proposalFacts(proposal);
  return (
    <FactList
      facts={[
        type,
        status,
        stage,
        property,
        { term: `Valor ${proposal.type === 'cgi' ? 'do crédito' : 'financiado'}`, detail: formatMoney(f.amount) },
        { term: 'Prazo', detail: `${f.installments} meses · ${f.amortizationSystem}` },
      ]}
    />
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
      <PlainProgress percent={percent} strokeColor="#0a1f44" railColor="#e6e9ef" aria-labelledby={labelId} />
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
