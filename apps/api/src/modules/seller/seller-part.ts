import { submitSchema } from '@portal/domain/section';
import { SELLER_SECTIONS } from '@portal/domain/seller-sections';
import type { AnySection } from '@portal/domain/sections-registry';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import type { SellerPart } from '@portal/domain/seller-api';
import type { Executor } from '../../db/database';
import type { ProposalRead } from '../proposals/unit-of-work';

/**
 * Each seller section's state, and whether its submitted values still hold against what the other
 * sections say now (e.g. the account holder after the general data changed): a done section whose
 * values no longer pass its rules has a problem and keeps the part from being complete.
 */
export async function sellerPartOf(read: ProposalRead<Executor>): Promise<SellerPart> {
  const { loaded } = read;
  const buyers = loaded.buyers.length;
  const rows = await read.sections();
  const facts = await read.facts();
  const sections = (SELLER_SECTIONS as readonly AnySection[]).map((def) => {
    const row = rows.find((r) => r.section === def.key && r.buyer === NO_BUYER);
    const required = def.required?.(facts, null) ?? true;
    const status = row?.status ?? 'todo';
    let problem: string | null = null;
    if (required && status !== 'done') problem = status === 'rejected' ? 'Correção pedida' : 'Etapa não concluída';
    else if (required && row?.data) {
      const check = submitSchema(def, { buyers, buyer: null, facts }).safeParse(JSON.parse(row.data));
      if (!check.success) problem = `Revise esta etapa: ${check.error.issues[0]!.message}`;
    }
    return { key: def.key, title: def.title, status, required, problem };
  });
  const ready = sections.every((s) => s.problem === null);
  const completedAt = loaded.proposal.seller_completed_at;
  return {
    invited: loaded.sellers.length > 0,
    completedAt: completedAt ? new Date(completedAt).toISOString() : null,
    ready,
    done: ready && completedAt !== null,
    sections,
  };
}
