import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { ALL_SECTIONS, findSection, type AnySection, type SectionStatus } from '@portal/domain/sections-registry';
import { draftSchema, submitSchema, type ProposalFacts, type SectionContext } from '@portal/domain/section';
import { fieldErrors } from '@portal/domain/api-error';
import { onlyDigits } from '@portal/domain/digits';
import {
  PREFILL_RULES,
  prefillFromAnswers,
  PROPOSAL_PROPERTY,
  PROPOSAL_PROPERTY_TITLE,
  PREFILLED_BY_BUYER,
} from '@portal/domain/prefill';
import { formatCep } from '@portal/domain/cep';
import { buyerFgtsEligibility, FGTS_FORM_KEYS } from '@portal/domain/fgts-sections';
import {
  isPartOpen,
  PROPOSAL_LOCKED_MESSAGE,
  readOnlyReason,
  type ReadOnlyReason,
} from '@portal/domain/proposal-status';
import type { ProposalStatus } from '@portal/domain/proposal';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import type { Database, ProposalSectionsTable } from '../../db/schema';
import { HttpError, forbidden, notFound } from '../../errors';
import type { LoadedProposal, ProposalsService } from '../proposals/proposals.service';
import { inviteMember } from '../invitations/invite';
import { createSectionsRepository } from '../proposals/queries/sections';

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

export function createSectionsService(deps: { db: Kysely<Database>; proposals: ProposalsService; publicUrl: string }) {
  const repo = createSectionsRepository(deps.db);
  const { readProposal, withProposal } = deps.proposals;

  function resolve(loaded: Loaded, key: string, buyer: number | undefined) {
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
  function access(loaded: Loaded, scope: AnySection['scope'], position: number) {
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
  function hidden(loaded: Loaded, def: AnySection) {
    return loaded.me?.role === 'seller' && def.scope !== 'seller';
  }

  function view(
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
  function guardFgtsForm(def: AnySection, position: number, facts: ProposalFacts) {
    if (!FGTS_FORM_KEYS.has(def.key)) return;
    const eligibility = buyerFgtsEligibility(facts, position);
    if (eligibility.status === 'ineligible')
      throw new HttpError(409, 'fgts_not_eligible', eligibility.reasons.join(' '));
  }

  function guardEdit(loaded: Loaded, scope: AnySection['scope'], position: number) {
    const a = access(loaded, scope, position);
    if (!a.edit) throw forbidden();
    if (!a.open) {
      const why = loaded.me
        ? readOnlyReason({ status: loaded.proposal.status as ProposalStatus, party: loaded.me.role, mayEdit: true })
        : null;
      throw new HttpError(409, 'proposal_locked', why ? `${why.reason} ${why.next}` : PROPOSAL_LOCKED_MESSAGE);
    }
  }

  return {
    listSections: (user: SessionUser, proposalId: string) =>
      readProposal(user, proposalId, async ({ loaded, sections, facts: factsOf }) => {
        const rows = await sections();
        const facts = await factsOf();
        const views: (Omit<SectionView, 'draft' | 'values' | 'prefill' | 'prefillFrom'> & { required: boolean })[] = [];
        for (const def of ALL_SECTIONS as readonly AnySection[]) {
          const positions = def.scope === 'buyer' ? loaded.buyers.map((b) => b.position) : [NO_BUYER];
          for (const position of positions) {
            if (!access(loaded, def.scope, position).summary) continue;
            const row = rows.find((r) => r.section === def.key && r.buyer === position);
            const {
              draft: _d,
              values: _v,
              prefill: _p,
              prefillFrom: _f,
              ...summary
            } = view(loaded, def, position, row);
            const required = def.required?.(facts, def.scope === 'buyer' ? position : null) ?? true;
            views.push({ ...summary, required });
          }
        }
        return { fillingStatus: loaded.proposal.filling_status, sections: views };
      }),

    async getSection(
      user: SessionUser,
      proposalId: string,
      key: string,
      buyer: number | undefined,
    ): Promise<SectionView> {
      return readProposal(user, proposalId, async ({ loaded, sections }) => {
        const { def, position } = resolve(loaded, key, buyer);
        if (hidden(loaded, def)) throw notFound();
        if (!access(loaded, def.scope, position).read) throw forbidden();
        const row = await repo.findSection({ proposalId, section: def.key, buyer: position });
        const shown = view(loaded, def, position, row);
        if (!PREFILL_RULES[def.key]) return shown;
        // What was already given (this buyer's earlier forms, the proposal's property, the buyer's
        // seller form) starts the fields asked again (docs/product/forms.md "Asked once").
        const rows = await sections();
        const earlier = prefillFromAnswers(def.key, (section) => {
          if (section === PROPOSAL_PROPERTY) return proposalPropertyValues(loaded.proposal.property);
          const source = findSection(section);
          // A per-buyer source: this buyer's answers, or the main buyer's for the seller's forms.
          const at = source?.scope === 'buyer' ? (def.scope === 'buyer' ? position : 0) : NO_BUYER;
          const found = rows.find((r) => r.section === section && r.buyer === at && r.data);
          return found ? (JSON.parse(found.data!) as Record<string, unknown>) : null;
        });
        return {
          ...shown,
          prefill: { ...shown.prefill, ...earlier.values },
          prefillFrom: earlier.from
            .map((key) => {
              if (key === PROPOSAL_PROPERTY) return PROPOSAL_PROPERTY_TITLE;
              const source = findSection(key);
              // The seller never saw the buyer's screens: those values are named by who gave them.
              if (def.scope === 'seller' && source?.scope !== 'seller') return PREFILLED_BY_BUYER;
              return source?.title ?? key;
            })
            .filter((name, i, all) => all.indexOf(name) === i),
        };
      });
    },

    /** Saves what was typed, as typed: only the shape is checked (half a CPF is a fine draft). */
    async saveDraft(user: SessionUser, proposalId: string, key: string, buyer: number | undefined, body: unknown) {
      // One statement writes a draft: no transaction (docs/decisions/059-the-proposal-core.md).
      const { value } = await withProposal(user, proposalId, { transaction: false }, async ({ loaded, facts }) => {
        const { def, position } = resolve(loaded, key, buyer);
        if (hidden(loaded, def)) throw notFound();
        guardEdit(loaded, def.scope, position);
        // The facts (every section, the financing settings) matter to the FGTS forms only.
        if (FGTS_FORM_KEYS.has(def.key)) guardFgtsForm(def, position, await facts());
        const parsed = draftSchema(def).safeParse(body);
        if (!parsed.success)
          throw new HttpError(400, 'validation', 'Rascunho inválido.', fieldErrors(parsed.error.issues));
        const now = Date.now();
        // A done section being edited again stays done until the new values are submitted.
        await repo.saveDraft({
          proposalId,
          section: def.key,
          buyer: position,
          draft: JSON.stringify(parsed.data),
          now,
          userId: user.id,
        });
        return { draftUpdatedAt: new Date(now).toISOString() };
      });
      return value;
    },

    /**
     * Validates with the full schema (the server is the authority) and stores the values, the
     * status and the proposal's progress at once (one transaction, or one statement on PostgreSQL):
     * a failure keeps the previous version.
     */
    async submitSection(
      user: SessionUser,
      proposalId: string,
      key: string,
      buyer: number | undefined,
      body: unknown,
      hooks: { beforeCommit?: () => Promise<void> } = {},
    ) {
      // The seller form invites the seller (an account, a membership, an e-mail): a transaction. Any
      // other submit is one statement on PostgreSQL (docs/decisions/059-the-proposal-core.md).
      const options = {
        progress: true,
        answersCorrection: true,
        beforeCommit: hooks.beforeCommit,
        oneStatement: key !== 'seller',
      };
      const { value: shown, progress } = await withProposal(user, proposalId, options, async (work) => {
        const { loaded } = work;
        const { def, position } = resolve(loaded, key, buyer);
        if (hidden(loaded, def)) throw notFound();
        guardEdit(loaded, def.scope, position);
        // Rules may read the proposal's other submitted sections (e.g. the seller's account holder).
        const facts = await work.facts();
        guardFgtsForm(def, position, facts);
        const ctx: SectionContext = {
          buyers: loaded.buyers.length,
          buyer: def.scope === 'buyer' ? position : null,
          facts,
        };
        const parsed = submitSchema(def, ctx).safeParse(body ?? {});
        const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
        if (def.key === 'data' && !errors.cpf) {
          // Checked with the other errors, so all of them show at once (docs/decisions/018-all-errors-at-first-submit.md).
          const member = loaded.buyers.find((b) => b.position === position)!;
          const typed = onlyDigits(String((body as Record<string, unknown> | null)?.cpf ?? ''));
          if (member.cpf && typed !== member.cpf) errors.cpf = 'O CPF deve ser o mesmo informado na proposta';
        }
        if (!parsed.success || Object.keys(errors).length)
          throw new HttpError(400, 'validation', 'Verifique os campos destacados.', errors);
        const values: Record<string, unknown> = { ...parsed.data };

        if (def.key === 'address' && values.same_main_buyer_address === true) {
          const main = (await work.sections()).find((r) => r.section === 'address' && r.buyer === 0);
          if (!main?.data) {
            throw new HttpError(400, 'validation', 'Verifique os campos destacados.', {
              same_main_buyer_address: 'O endereço do comprador principal ainda não foi preenchido',
            });
          }
          const {
            same_main_buyer_address: _s,
            user_address: _u,
            ...mainAddress
          } = JSON.parse(main.data) as Record<string, unknown>;
          Object.assign(values, mainAddress);
        }

        const row = await work.writeSection({
          proposal_id: proposalId,
          section: def.key,
          buyer: position,
          status: 'done',
          data: JSON.stringify(values),
          submitted_at: Date.now(),
          draft: null,
          draft_updated_at: null,
          review_note: null,
          updated_by: user.id,
        });
        if (def.key === 'seller') {
          await inviteMember(work.tx, {
            proposalId,
            proposalCode: loaded.proposal.code,
            role: 'seller',
            position: 0,
            name: String(values.sellerName),
            email: String(values.sellerEmail),
            cpf: null,
            publicUrl: deps.publicUrl,
            invitedBy: user.id,
          });
          work.membersChanged();
          work.mailQueued();
        }
        work.audit({
          action: 'section.submitted',
          subject: `proposal:${proposalId}/${def.key}${def.scope === 'buyer' ? `/${position}` : ''}`,
        });
        return view(loaded, def, position, row);
      });
      return { view: shown, fillingStatus: progress!.percent };
    },
  };
}
export type SectionsService = ReturnType<typeof createSectionsService>;

/** The property's CEP, state and city as the proposal was opened, in the forms' field names. */
function proposalPropertyValues(propertyJson: string): Record<string, unknown> | null {
  try {
    const p = JSON.parse(propertyJson) as { zipCode?: string; uf?: string; city?: string };
    return { cep: p.zipCode ? formatCep(p.zipCode) : null, state: p.uf ?? null, city: p.city ?? null };
  } catch {
    return null;
  }
}
