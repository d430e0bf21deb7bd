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

/**
 * Who may read an entry's note (its reason). Status and stage changes are seen by every party, but
 * the words the team writes with them are addressed to someone: the appraisal stage's note to the
 * seller (who receives the appraiser), every other note to the buyers, a correction's note to whoever
 * fills the section. The seller never reads what the team writes to the buyers, nor the buyers what
 * it writes to the seller. What a party's own move records (the buyers' sending, the seller
 * completing) is read by everyone. Operators read every note.
 */
export function noteAudience(entry: {
  kind: HistoryKind;
  to: string | null;
  /** The entry was written by a buyer's or the seller's own action, not by an operator. */
  byParty: boolean;
  sectionScope?: 'buyer' | 'proposal' | 'seller';
}): Party[] {
  if (entry.kind === 'correction') return historyAudience('correction', entry.sectionScope);
  if (entry.byParty) return ['buyer', 'seller'];
  if (entry.kind === 'stage' && entry.to === 'appraisal') return ['seller'];
  return ['buyer'];
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
