import type { BackofficeProposalView, BackofficeSection } from '@portal/domain/backoffice-api';
import { buyerLabel } from './format';
import { HealthPanel } from './health-panel';
import { EmptySections, SectionCard } from './proposal-sections';

/**
 * The "Dados" tab of an operator's proposal: every party's sections as filled (each with its
 * correction request), the untouched ones listed apart, and the health declaration for operators
 * allowed to see it. Its own chunk: the field labels and the questionnaire load when the tab opens.
 */
export function DataTab({ view }: { view: BackofficeProposalView }) {
  const groups: { title: string; sections: BackofficeSection[] }[] = [
    ...view.members
      .filter((m) => m.role === 'buyer')
      .map((m) => ({
        title: `${buyerLabel(m.position)} — ${m.name}`,
        sections: view.sections.filter((s) => s.scope === 'buyer' && s.buyer === m.position),
      })),
    {
      title: 'Proposta (preenchida pelo comprador principal)',
      sections: view.sections.filter((s) => s.scope === 'proposal'),
    },
    { title: 'Vendedor', sections: view.sections.filter((s) => s.scope === 'seller') },
  ];

  return (
    <div className="bo-data">
      {/* Anchored parts: each party's sections one jump away. */}
      <nav aria-label="Ir para" className="bo-data__jump">
        <ul>
          {groups.map((g, i) =>
            g.sections.length ? (
              <li key={g.title}>
                <a href={`#parte-${i}`}>{g.title.split(' (')[0]}</a>
              </li>
            ) : null,
          )}
        </ul>
      </nav>
      {groups.map((g, i) =>
        g.sections.length ? (
          <section key={g.title} id={`parte-${i}`} className="bo-group" aria-label={g.title}>
            <h2 className="section-title">{g.title}</h2>
            <div className="bo-group__cards">
              {g.sections
                .filter((s) => s.values || s.hasDraft || s.status !== 'todo')
                .map((s) => (
                  <SectionCard
                    key={`${s.key}:${s.buyer}`}
                    proposalId={view.proposal.id}
                    section={s}
                    canCorrect={view.canRequestCorrection}
                  />
                ))}
            </div>
            <EmptySections sections={g.sections.filter((s) => !s.values && !s.hasDraft && s.status === 'todo')} />
          </section>
        ) : null,
      )}
      <HealthPanel view={view} />
    </div>
  );
}
