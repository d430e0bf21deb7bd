import { z } from 'zod';
import { type ProposalStage, type ProposalStatus } from './proposal';

/** The proposal's history: who sees which entry, and who is told of it. */

export const HISTORY_KINDS = ['created', 'status', 'stage', 'correction'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export type Party = 'buyer' | 'seller';

/**
 * The parties an entry concerns. Status and stage changes concern everyone on the proposal (the
 * seller follows the sale too); a correction concerns whoever fills the section: the seller for
 * seller sections, the buyers otherwise. Operators see every entry.
 */
export function historyAudience(kind: HistoryKind, sectionScope?: 'buyer' | 'proposal' | 'seller'): Party[] {
  if (kind === 'correction') return sectionScope === 'seller' ? ['seller'] : ['buyer'];
  return ['buyer', 'seller'];
}

export function isHistoryVisible(audience: readonly string[], role: 'buyer' | 'seller' | 'operator'): boolean {
  return role === 'operator' || audience.includes(role);
}

/**
 * The parties a change asks something of, who get an e-mail: a correction asks the buyers (or the
 * seller, for the seller's sections) to fix data; the appraisal stage asks the seller to receive
 * the appraiser.
 */
export function partiesToNotify(
  change: { kind: 'status'; to: ProposalStatus } | { kind: 'stage'; to: ProposalStage },
): Party[] {
  if (change.kind === 'status') return change.to === 'pending_correction' ? ['buyer'] : [];
  return change.to === 'appraisal' ? ['seller'] : [];
}

export const historyEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(HISTORY_KINDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The words a person reads: "Situação: Em análise → Correção pendente". */
  label: z.string(),
  reason: z.string().nullable(),
  /** The operator's name for operators; "Equipe do portal" for buyers and sellers. */
  actor: z.string().nullable(),
  /** Section and buyer of a correction, e.g. "Dados gerais — comprador 2". */
  section: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
