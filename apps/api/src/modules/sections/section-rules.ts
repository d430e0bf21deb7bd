import { findSection, type AnySection, type SectionStatus } from '@portal/domain/sections-registry';
import type { ProposalFacts } from '@portal/domain/section';
import { buyerFgtsEligibility, FGTS_FORM_KEYS } from '@portal/domain/fgts-sections';
import {
  isPartOpen,
  PROPOSAL_LOCKED_MESSAGE,
  readOnlyReason,
  type ReadOnlyReason,
} from '@portal/domain/proposal-status';
import type { ProposalStatus } from '@portal/domain/proposal';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import type { ProposalSectionsTable } from '../../db/schema';
import { HttpError, forbidden, notFound } from '../../errors';
import type { LoadedProposal } from '../proposals/proposals.service';

/**
 * What the sections' use cases share (list-sections.ts, read-section.ts, save-section-draft.ts,
 * submit-section.ts): the section a request names, who may read and edit it, and its view.
 */

export interface SectionView {
  key: string;
  title: string;
  scope: 'buyer' | 'proposal' | 'seller';
  buyer: number | null;
  status: SectionStatus;
  canEdit: boolean;
  /** Values as typed, when a draft is newer than the submitted values. */
  draft: Record<string, unknown> | null;
  draftUpdatedAt: string | null;
  /** Last submitted values (validated, canonical). */
  values: Record<string, unknown> | null;
  submittedAt: string | null;
  reviewNote: string | null;
  /** Why this person cannot change the section now, and what comes next; null when they can. */
  readOnly: ReadOnlyReason | null;
  /** What the proposal already knows (name, e-mail, CPF of the buyer). */
  prefill: Record<string, unknown>;
  /** Titles of the earlier sections the prefilled values came from. */
  prefillFrom: string[];
}

type Loaded = LoadedProposal;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The section a request names and its stored position; 404 for an unknown section or buyer. */
export function resolve(loaded: Loaded, key: string, buyer: number | undefined) {
  const def = findSection(key);
  if (!def) throw notFound();
  if (def.scope !== 'buyer') {
    if (buyer !== undefined) throw notFound();
    return { def, position: NO_BUYER };
  }
  if (buyer === undefined || !loaded.buyers.some((b) => b.position === buyer)) throw notFound();
  return { def, position: buyer };
}

/**
 * Who may do what (docs/decisions/004): each buyer edits their own sections; the main buyer edits
 * the proposal-wide ones, and a second buyer's while that buyer has no account of their own. The
 * second buyer reads proposal-wide sections but not the main buyer's data. Sellers read and edit
 * the seller sections and see nothing of the buyers'; buyers see the seller sections' state only.
 * Operators read everything and edit nothing here. `summary` is the state shown in lists.
 */
export function access(loaded: Loaded, scope: AnySection['scope'], position: number) {
  const me = loaded.me;
  // Each party's part opens and closes on its own (docs/decisions/042-one-lifecycle.md).
  const open = isPartOpen(loaded.proposal.status, scope === 'seller' ? 'seller' : 'buyer');
  if (!me) return { summary: true, read: true, edit: false, open };
  if (me.role === 'seller') {
    const own = scope === 'seller';
    return { summary: own, read: own, edit: own, open };
  }
  if (scope === 'seller') return { summary: true, read: false, edit: false, open };
  if (scope === 'proposal') return { summary: true, read: true, edit: me.position === 0, open };
  const target = loaded.buyers.find((b) => b.position === position)!;
  const own = me.position === position;
  const mainForUnlinked = me.position === 0 && target.user_id === null;
  const read = own || me.position === 0;
  return { summary: read, read, edit: own || mainForUnlinked, open };
}

/** A seller must not learn that a buyer section exists: 404, as for a missing proposal. */
export function hidden(loaded: Loaded, def: AnySection) {
  return loaded.me?.role === 'seller' && def.scope !== 'seller';
}

/** The section as this caller reads it (values, draft, what they may do). */
export function view(
  loaded: Loaded,
  def: AnySection,
  position: number,
  row: ProposalSectionsTable | undefined,
): SectionView {
  const a = access(loaded, def.scope, position);
  const member = def.scope === 'buyer' ? loaded.buyers.find((b) => b.position === position) : undefined;
  const draftIsNewer = row?.draft && (row.submitted_at === null || (row.draft_updated_at ?? 0) > row.submitted_at);
  return {
    key: def.key,
    title: def.title,
    scope: def.scope,
    buyer: def.scope === 'buyer' ? position : null,
    status: row?.status ?? 'todo',
    canEdit: a.edit && a.open,
    readOnly: loaded.me
      ? readOnlyReason({
          status: loaded.proposal.status as ProposalStatus,
          party: loaded.me.role,
          mayEdit: a.edit,
        })
      : null,
    draft: draftIsNewer ? JSON.parse(row!.draft!) : null,
    draftUpdatedAt: draftIsNewer ? iso(row!.draft_updated_at) : null,
    values: row?.data ? JSON.parse(row.data) : null,
    submittedAt: iso(row?.submitted_at ?? null),
    reviewNote: row?.review_note ?? null,
    prefill:
      def.key === 'data' && member
        ? { name: member.name, email: member.email, ...(member.cpf ? { cpf: member.cpf } : {}) }
        : {},
    prefillFrom: [],
  };
}

/**
 * The FGTS forms stay closed to a buyer who may not use FGTS (answers or property rules), as on
 * the FGTS screen: saving one is refused with the reasons and changes nothing.
 */
export function guardFgtsForm(def: AnySection, position: number, facts: ProposalFacts) {
  if (!FGTS_FORM_KEYS.has(def.key)) return;
  const eligibility = buyerFgtsEligibility(facts, position);
  if (eligibility.status === 'ineligible') throw new HttpError(409, 'fgts_not_eligible', eligibility.reasons.join(' '));
}

/** 403 when the caller may not edit the section; 409 with the reason when their part is closed. */
export function guardEdit(loaded: Loaded, scope: AnySection['scope'], position: number) {
  const a = access(loaded, scope, position);
  if (!a.edit) throw forbidden();
  if (!a.open) {
    const why = loaded.me
      ? readOnlyReason({ status: loaded.proposal.status as ProposalStatus, party: loaded.me.role, mayEdit: true })
      : null;
    throw new HttpError(409, 'proposal_locked', why ? `${why.reason} ${why.next}` : PROPOSAL_LOCKED_MESSAGE);
  }
}
