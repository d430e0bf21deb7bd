import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import {
  checklistFrom,
  CHECKLIST_KEYS,
  deriveDocumentItems,
  DOCUMENT_ITEMS,
  isDocumentItemKey,
  itemState,
  type ChecklistKey,
  type DocumentItemDef,
  type DocumentItemKey,
  type FileFlag,
} from '@portal/domain/documents';
import type { DocumentFile, DocumentItem } from '@portal/domain/documents-views';
import { isOpenStatus } from '@portal/domain/proposal-status';
import type { Database, DocumentFilesTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { notFound } from '../../errors';
import { newId } from '../../crypto';
import { loadProposalFacts } from '../proposals/proposal-facts';
import { findSectionsForDocuments } from '../proposals/queries/documents';
import type { LoadedProposal, ProposalsService } from '../proposals/proposals.service';
import type { ProposalRead } from '../proposals/unit-of-work';
import type { DocumentsConfig } from './documents.config';

/** A proposal as the documents module reads it: its parties and the items it needs. */
export interface DocumentsProposal extends LoadedProposal {
  items: DocumentItemDef[];
}
type Loaded = DocumentsProposal;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Who sees which document item and file of a proposal, the list as each party reads it, and the
 * event log every change writes: shared by the uploads (documents.service.ts) and the back
 * office's review (operator-review.service.ts).
 */
export function createDocumentAccess(deps: {
  db: Kysely<Database>;
  config: DocumentsConfig;
  /** The one proposals service (services.ts): its access rule and its unit of work. */
  proposals: ProposalsService;
}) {
  const { db, config, proposals } = deps;

  /** The proposal as this user may see it, with the items it needs; anyone else gets 404. */
  async function load(user: SessionUser, proposalId: string, tx: Executor = db): Promise<Loaded> {
    const loaded = await proposals.loadProposalFor(user, proposalId, tx);
    const rows = await findSectionsForDocuments(tx, proposalId);
    const facts = await loadProposalFacts(tx, { proposal: loaded.proposal, buyers: loaded.buyers.length, rows });
    return { ...loaded, items: deriveDocumentItems(facts) };
  }

  /** The same, from what the proposal core has loaded (no statement when it read the progress's data). */
  async function documentsProposal(read: ProposalRead): Promise<Loaded> {
    return { ...read.loaded, items: deriveDocumentItems(await read.facts()) };
  }

  /**
   * Who sees which item (docs/decisions/005): the operator every item; a seller the seller's
   * items; the main buyer every buyer item; the second buyer their own and the shared ones.
   */
  function canSee(loaded: Loaded, item: DocumentItemDef): boolean {
    const me = loaded.me;
    if (!me) return true;
    if (me.role === 'seller') return item.uploader === 'seller';
    if (item.uploader !== 'buyer') return false;
    return me.position === 0 || item.buyer === null || item.buyer === me.position;
  }

  /** Uploads are taken while the proposal is open, including during review (rejected items reopen). */
  const isOpen = (loaded: Loaded) => isOpenStatus(loaded.proposal.status);
  const canUpload = (loaded: Loaded, item: DocumentItemDef) =>
    loaded.me !== null && canSee(loaded, item) && isOpen(loaded);

  /** The item if it applies to this proposal and the user may see it; 404 otherwise. */
  function visibleItem(loaded: Loaded, key: string): DocumentItemDef {
    const item = isDocumentItemKey(key) ? loaded.items.find((i) => i.key === key) : undefined;
    if (!item || !canSee(loaded, item)) throw notFound();
    return item;
  }

  /** A file of this proposal whose item the user may see; 404 for anything else (no enumeration). */
  async function visibleFile(
    loaded: Loaded,
    fileId: string,
    tx: Executor = db,
  ): Promise<{ file: DocumentFilesTable; item: DocumentItemDef }> {
    const file = await tx
      .selectFrom('document_files')
      .selectAll()
      .where('id', '=', fileId)
      .where('proposal_id', '=', loaded.proposal.id)
      .executeTakeFirst();
    if (!file || !isDocumentItemKey(file.item)) throw notFound();
    const item = DOCUMENT_ITEMS[file.item];
    if (!canSee(loaded, item)) throw notFound();
    return { file, item };
  }

  const validityDaysOf = (item: DocumentItemDef) => (item.validity ? config.validityDays[item.validity] : null);

  function stateOf(item: DocumentItemDef, files: DocumentFilesTable[], now: number) {
    return itemState(
      files.map((f) => ({
        status: f.status,
        uploadedAt: f.uploaded_at,
        reviewReason: f.review_reason,
        issuedOn: f.issued_on,
      })),
      validityDaysOf(item),
      now,
    );
  }

  function fileView(loaded: Loaded, f: DocumentFilesTable, names: Map<string, string>): DocumentFile {
    return {
      id: f.id,
      item: f.item as DocumentItemKey,
      name: f.name,
      mime: f.mime,
      size: Number(f.size),
      status: f.status,
      flags: JSON.parse(f.flags) as FileFlag[],
      uploadedAt: new Date(f.uploaded_at).toISOString(),
      issuedOn: f.issued_on,
      // Who sent it is back-office information.
      uploadedBy: loaded.me ? null : (names.get(f.uploaded_by) ?? null),
      reviewReason: f.review_reason,
      reviewedAt: iso(f.reviewed_at),
      canDelete: f.status === 'sent' && canUpload(loaded, DOCUMENT_ITEMS[f.item as DocumentItemKey]),
    };
  }

  async function userNames(ids: string[], tx: Executor = db) {
    if (!ids.length) return new Map<string, string>();
    const rows = await tx
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async function itemsView(loaded: Loaded, tx: Executor = db) {
    const files = await tx
      .selectFrom('document_files')
      .selectAll()
      .where('proposal_id', '=', loaded.proposal.id)
      .orderBy('uploaded_at')
      .orderBy('id')
      .execute();
    const names = loaded.me
      ? new Map<string, string>()
      : await userNames(
          files.map((f) => f.uploaded_by),
          tx,
        );
    const now = Date.now();
    const items: DocumentItem[] = loaded.items
      .filter((item) => canSee(loaded, item))
      .map((item) => {
        const own = files.filter((f) => f.item === item.key);
        const s = stateOf(item, own, now);
        return {
          key: item.key,
          title: item.title,
          hint: item.hint,
          uploader: item.uploader,
          buyer: item.buyer,
          state: s.state,
          reason: s.reason,
          validityDays: validityDaysOf(item),
          expiresAt: iso(s.expiresAt),
          canUpload: canUpload(loaded, item),
          files: own.map((f) => fileView(loaded, f, names)),
        };
      });
    const all = checklistFrom(items);
    // Only the booleans of items this user may see: a seller learns nothing about the buyers.
    const checklist: Partial<Record<ChecklistKey, boolean>> = {};
    for (const key of CHECKLIST_KEYS) {
      const item = DOCUMENT_ITEMS[key];
      if (canSee(loaded, item)) checklist[key] = all[key];
    }
    // Buyers follow the seller's items read-only: title and state, nothing of the files.
    const sellerItems =
      loaded.me?.role === 'buyer'
        ? loaded.items
            .filter((item) => item.uploader === 'seller')
            .map((item) => {
              const { state } = stateOf(
                item,
                files.filter((f) => f.item === item.key),
                now,
              );
              return { key: item.key, title: item.title, hint: item.hint, state };
            })
        : [];
    return { items, checklist, sellerItems };
  }

  /** A document event logged (the documents' history); its audit entry is eventAudit's. */
  async function logEvent(tx: Executor, e: DocumentEvent) {
    await tx
      .insertInto('document_events')
      .values({
        id: newId(),
        proposal_id: e.proposalId,
        item: e.item,
        file_id: e.fileId,
        action: e.action,
        reason: e.reason ?? null,
        actor_id: e.actorId,
        at: Date.now(),
      })
      .execute();
  }

  const maxBytes = () => Math.floor(config.maxMb * 1024 * 1024);

  async function listDocuments(user: SessionUser, proposalId: string) {
    return documentsView(await load(user, proposalId));
  }

  /** The documents' list as this caller reads it, of a proposal already loaded. */
  async function documentsView(loaded: Loaded, tx: Executor = db) {
    const { items, checklist, sellerItems } = await itemsView(loaded, tx);
    return {
      proposal: { id: loaded.proposal.id, code: loaded.proposal.code, status: loaded.proposal.status },
      canUpload: loaded.me !== null && isOpen(loaded),
      maxMb: config.maxMb,
      checklist,
      items,
      sellerItems,
    };
  }

  return {
    proposals,
    load,
    documentsProposal,
    canSee,
    isOpen,
    canUpload,
    visibleItem,
    visibleFile,
    fileView,
    logEvent,
    listDocuments,
    documentsView,
    maxBytes,
  };
}

export type DocumentAccess = ReturnType<typeof createDocumentAccess>;

/** A change of a document item, as its history and the audit log record it. */
export interface DocumentEvent {
  proposalId: string;
  item: string;
  fileId: string | null;
  action: 'uploaded' | 'deleted' | 'accepted' | 'rejected';
  reason?: string | null;
  actorId: string;
}

/** The audit entry of a document event. */
export function eventAudit(e: DocumentEvent) {
  return {
    action: `document.${e.action}`,
    subject: `proposal:${e.proposalId}/documents/${e.item}${e.fileId ? `/${e.fileId}` : ''}`,
  };
}
