import type { ReactNode } from 'react';
import type { Proposal } from '@portal/domain/proposal';
import { PROPERTY_KIND_LABELS, PROPOSAL_TYPE_LABELS, STAGE_LABELS } from '@portal/domain/proposal-values';
import { ProposalStatusTag } from './proposal-status-tag';

/** One fact of a list: its name, its value; a wide one takes the whole row. */
export interface Fact {
  term: ReactNode;
  detail: ReactNode;
  wide?: boolean;
}

/** Facts as a description list ("facts": two columns on a wide screen, one on a phone). */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="facts">
      {facts.map((fact, i) => (
        <div key={i} className={fact.wide ? 'facts__wide' : undefined}>
          <dt>{fact.term}</dt>
          <dd>{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What any party may know of a proposal: its type, status, stage and property, in words. */
export function proposalFacts(
  proposal: Pick<Proposal, 'type' | 'status' | 'stage'> & {
    property: Pick<Proposal['property'], 'kind' | 'city' | 'uf'>;
  },
) {
  const { property } = proposal;
  return {
    type: { term: 'Tipo', detail: PROPOSAL_TYPE_LABELS[proposal.type] },
    status: { term: 'Situação', detail: <ProposalStatusTag status={proposal.status} /> },
    stage: { term: 'Etapa', detail: STAGE_LABELS[proposal.stage] },
    property: {
      term: 'Imóvel',
      detail: `${PROPERTY_KIND_LABELS[property.kind]} em ${property.city}/${property.uf}`,
    },
  } satisfies Record<string, Fact>;
}
