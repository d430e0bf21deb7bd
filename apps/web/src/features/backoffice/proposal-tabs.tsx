import { Link, useSearchParams } from 'react-router';

/** The parts of a proposal's page, each its own tab: ?aba= keeps it in the address (back button, reload). */
export const PROPOSAL_TABS = [
  { slug: 'resumo', label: 'Resumo' },
  { slug: 'dados', label: 'Dados' },
  { slug: 'documentos', label: 'Documentos' },
  { slug: 'financiamento', label: 'Financiamento' },
  { slug: 'historico', label: 'Histórico' },
  { slug: 'notas', label: 'Notas' },
] as const;
export type ProposalTab = (typeof PROPOSAL_TABS)[number]['slug'];

/** The tab the address names; the summary when none (or an unknown one) is named. */
export function useProposalTab(): ProposalTab {
  const [params] = useSearchParams();
  const asked = params.get('aba');
  return PROPOSAL_TABS.find((t) => t.slug === asked)?.slug ?? 'resumo';
}

/** The tabs as links (each a history entry), the current one marked for assistive technology. */
export function ProposalTabs({ current }: { current: ProposalTab }) {
  return (
    <nav className="bo-tabs" aria-label="Partes da proposta">
      <ul>
        {PROPOSAL_TABS.map((t) => (
          <li key={t.slug}>
            <Link to={`?aba=${t.slug}`} aria-current={t.slug === current ? 'page' : undefined}>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
