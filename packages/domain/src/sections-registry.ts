import type { z } from 'zod';
import { BUYER_SECTIONS } from './buyer-sections';
import { SELLER_SECTIONS } from './seller-sections';
import { FGTS_SECTIONS } from './fgts-sections';
import type { ProposalFacts, SectionDef } from './section';

/**
 * Every form section of the product, by feature. A feature adds its list here (one line) and
 * nothing else changes: the API, the progress and the "what is left" lists read this registry.
 */
export const ALL_SECTIONS = [...BUYER_SECTIONS, ...SELLER_SECTIONS, ...FGTS_SECTIONS] as const;

export type AnySection = SectionDef<z.ZodRawShape>;
export type SectionKey = (typeof ALL_SECTIONS)[number]['key'];

export function findSection(key: string): AnySection | undefined {
  return (ALL_SECTIONS as readonly AnySection[]).find((s) => s.key === key);
}

export const SECTION_STATUSES = ['todo', 'in_progress', 'done', 'rejected'] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];
export const SECTION_STATUS_LABELS: Record<SectionStatus, string> = {
  todo: 'A preencher',
  in_progress: 'Em andamento',
  done: 'Concluído',
  rejected: 'Correção pedida',
};

/** The (section, buyer) pairs a proposal needs, given its facts. */
export function requiredSections(facts: ProposalFacts): { def: AnySection; buyer: number | null }[] {
  const out: { def: AnySection; buyer: number | null }[] = [];
  for (const def of ALL_SECTIONS as readonly AnySection[]) {
    const positions = def.scope === 'buyer' ? Array.from({ length: facts.buyers }, (_, b) => b) : [null];
    for (const buyer of positions) if (def.required?.(facts, buyer) ?? true) out.push({ def, buyer });
  }
  return out;
}

/** Progress of a proposal (fillingStatus, 0..100): the share of required sections done. */
export function computeFillingStatus(facts: ProposalFacts, done: { key: string; buyer: number | null }[]): number {
  const required = requiredSections(facts);
  if (!required.length) return 100;
  const doneSet = new Set(done.map((d) => `${d.key}:${d.buyer ?? '-'}`));
  const count = required.filter((r) => doneSet.has(`${r.def.key}:${r.buyer ?? '-'}`)).length;
  return Math.round((count / required.length) * 100);
}

/** A section's title, with the buyer it belongs to when the proposal has two (the team's e-mails and the bank dossier). */
export function sectionTitle(key: string, buyer: number | null, buyers: number) {
  const title = findSection(key)?.title ?? key;
  return buyer !== null && buyers > 1
    ? `${title} — ${buyer === 0 ? 'comprador principal' : 'segundo comprador'}`
    : title;
}
