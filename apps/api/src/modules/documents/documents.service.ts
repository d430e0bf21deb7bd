import type { Readable } from 'node:stream';
import type { DocumentFile, DocumentItem } from '@portal/domain/documents-views';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '@portal/domain/auth';
import {
  checklistFrom,
  CHECKLIST_KEYS,
  deriveDocumentItems,
  DOCUMENT_ITEMS,
  fileTooLargeMessage,
  isDocumentItemKey,
  itemState,
  MAX_FILES_PER_ITEM,
  sanitizeFileName,
  type ChecklistKey,
  type DocumentItemDef,
  type DocumentItemKey,
  type FileFlag,
  type FileStatus,
} from '@portal/domain/documents';
import { isOpenStatus, PROPOSAL_CLOSED_MESSAGE } from '@portal/domain/proposal-status';
import type { Database, DocumentFilesTable, ProposalMembersTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { HttpError, notFound } from '../../errors';
import { newId } from '../../crypto';
import { recordAudit } from '../audit/audit';
import { loadProposalFacts } from '../proposals/proposal-facts';
import { createProposalsService, type LoadedProposal } from '../proposals/proposals.service';
import { enqueueMail } from '../mail/outbox';
import type { Mailer } from '../mail/outbox';
import type { DocumentsConfig } from './documents.config';
import { refreshProposalProgress } from '../financing/proposal-progress';
import { createClamavScanner, ScannerUnavailableError, type ClamavScanner, type StreamScan } from './clamav';
import { createUploadInspector } from './inspect';
import { newFileKey, StorageNotFoundError, type ObjectStorage } from './storage';
import { assertQuota, clearPending, markPending, sweepPending } from './upload-housekeeping';

interface Loaded extends LoadedProposal {
  items: DocumentItemDef[];
}

export type FileView = DocumentFile;
export type ItemView = DocumentItem;

/** What prepareUpload checked, handed to storeUpload once the body starts. */
export interface UploadContext {
  loaded: Loaded;
  item: DocumentItemDef;
  user: SessionUser;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function createDocumentsService(deps: {
  db: Kysely<Database>;
  storage: ObjectStorage;
  scanner: ClamavScanner | null;
  mailer: Mailer;
  config: DocumentsConfig;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Test seam: runs after the object is under its final key, before its row is written (a crash there). */
  faults?: { afterStorageWrite?: () => Promise<void> };
}) {
  const { db, storage, config } = deps;

  const proposals = createProposalsService({ db });

  /** The proposal as this user may see it, with the items it needs; anyone else gets 404. */
  async function load(user: SessionUser, proposalId: string, tx: Executor = db): Promise<Loaded> {
    const loaded = await proposals.loadProposalFor(user, proposalId, tx);
    const rows = await tx
      .selectFrom('proposal_sections')
      .select(['section', 'buyer', 'data'])
      .where('proposal_id', '=', proposalId)
      .execute();
    const facts = await loadProposalFacts(tx, { proposal: loaded.proposal, buyers: loaded.buyers.length, rows });
    return { ...loaded, items: deriveDocumentItems(facts) };
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
      files.map((f) => ({ status: f.status, uploadedAt: f.uploaded_at, reviewReason: f.review_reason })),
      validityDaysOf(item),
      now,
    );
  }

  function fileView(loaded: Loaded, f: DocumentFilesTable, names: Map<string, string>): FileView {
    return {
      id: f.id,
      item: f.item as DocumentItemKey,
      name: f.name,
      mime: f.mime,
      size: Number(f.size),
      status: f.status,
      flags: JSON.parse(f.flags) as FileFlag[],
      uploadedAt: new Date(f.uploaded_at).toISOString(),
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
    const items: ItemView[] = loaded.items
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

  /** Who hears about a rejected item: the people who send it, and whoever sent the file. */
  async function recipientsFor(tx: Executor, loaded: Loaded, item: DocumentItemDef, uploaders: string[]) {
    let members: ProposalMembersTable[];
    if (item.uploader === 'seller') members = loaded.members.filter((m) => m.role === 'seller');
    else if (item.buyer === null) members = loaded.buyers;
    else {
      const owner = loaded.buyers.find((b) => b.position === item.buyer);
      members = owner?.user_id ? [owner] : loaded.buyers.filter((b) => b.position === 0);
    }
    const people = new Map<string, { name: string; role: 'buyer' | 'seller' }>();
    for (const m of members) people.set(m.email.toLowerCase(), { name: m.name, role: m.role });
    if (uploaders.length) {
      const users = await tx
        .selectFrom('users')
        .select(['email', 'name', 'role'])
        .where('id', 'in', [...new Set(uploaders)])
        .execute();
      for (const u of users)
        if (u.role !== 'operator') people.set(u.email.toLowerCase(), { name: u.name, role: u.role });
    }
    return [...people.entries()].map(([email, p]) => ({ email, ...p }));
  }

  async function notifyRejection(
    tx: Transaction<Database>,
    loaded: Loaded,
    item: DocumentItemDef,
    reason: string,
    uploaders: string[],
  ) {
    for (const r of await recipientsFor(tx, loaded, item, uploaders)) {
      const path = r.role === 'seller' ? `/seller/proposals/${loaded.proposal.id}/upload` : '/buyer/documents/upload';
      await enqueueMail(tx, {
        to: r.email,
        kind: 'document_rejected',
        subject: `Documento recusado — proposta ${loaded.proposal.code}`,
        text: [
          `Olá, ${r.name.split(' ')[0]}.`,
          '',
          `O documento "${item.title}" da proposta ${loaded.proposal.code} foi recusado na análise.`,
          `Motivo: ${reason}`,
          '',
          `Envie um novo arquivo em: ${deps.publicUrl}${path}`,
          '',
          'Portal de Propostas',
        ].join('\n'),
      });
    }
  }

  async function event(
    tx: Executor,
    e: {
      proposalId: string;
      item: string;
      fileId: string | null;
      action: 'uploaded' | 'deleted' | 'accepted' | 'rejected';
      reason?: string | null;
      actorId: string;
    },
  ) {
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
    await recordAudit(tx, {
      actorId: e.actorId,
      action: `document.${e.action}`,
      subject: `proposal:${e.proposalId}/documents/${e.item}${e.fileId ? `/${e.fileId}` : ''}`,
    });
    // A document sent, taken back or reviewed moves the documents step of its party.
    await refreshProposalProgress(tx, e.proposalId, { validityDays: config.validityDays, touch: false });
  }

  const maxBytes = () => Math.floor(config.maxMb * 1024 * 1024);

  async function listDocuments(user: SessionUser, proposalId: string) {
    const loaded = await load(user, proposalId);
    const { items, checklist, sellerItems } = await itemsView(loaded);
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
    maxBytes,
    listDocuments,

    /** Checks, before any byte is read, that this user may send a file to this item now. */
    async prepareUpload(user: SessionUser, proposalId: string, key: string): Promise<UploadContext> {
      const loaded = await load(user, proposalId);
      const item = visibleItem(loaded, key);
      if (!loaded.me) throw notFound();
      if (!isOpen(loaded)) throw new HttpError(409, 'proposal_closed', PROPOSAL_CLOSED_MESSAGE);
      await assertRoom(db, proposalId, item.key);
      // Already at the quota: refused before any byte is read (the exact check is at the insert).
      await assertQuota(db, { userId: user.id, proposalId, adding: 1, quotaMb: config.quotaMb });
      return { loaded, item, user };
    },

    /**
     * Streams one file to storage while checking it (type by content, size, virus scan, PDF
     * health), then commits it under a random key and records it. Anything refused or cut off on
     * the way leaves no object and no row.
     */
    async storeUpload(ctx: UploadContext, part: { file: Readable & { truncated?: boolean }; filename: string }) {
      const { loaded, item, user } = ctx;
      const tooLarge = new HttpError(413, 'file_too_large', fileTooLargeMessage(config.maxMb));
      let scan: StreamScan | null = null;
      if (deps.scanner) scan = deps.scanner.start();
      const inspector = createUploadInspector(scan);
      // The first failure is the one to answer with (the storage side may only see "premature close");
      // listening from the start also keeps a refusal that comes before storage is ready from going unhandled.
      let failure: Error | null = null;
      inspector.stream.on('error', (err) => {
        failure ??= err;
      });
      part.file.once('limit', () => inspector.stream.destroy(tooLarge));
      part.file.once('error', (err) => inspector.stream.destroy(err));
      part.file.pipe(inspector.stream);

      let staged: { tempKey: string; size: number };
      try {
        staged = await storage.stage(inspector.stream, { contentType: 'application/octet-stream' });
      } catch (err) {
        scan?.abort();
        part.file.resume();
        const cause = failure ?? err;
        if (cause instanceof ScannerUnavailableError) throw scannerDown(deps.log, cause);
        throw cause;
      }
      const discard = () =>
        storage.remove(staged.tempKey).catch((e) => deps.log.warn({ err: e }, 'could not remove a staged upload'));
      // busboy may end a file at the limit without the 'limit' event reaching us first.
      if (part.file.truncated) {
        scan?.abort();
        await discard();
        throw tooLarge;
      }
      const inspection = inspector.result();
      if (scan) {
        let verdict;
        try {
          verdict = await scan.finish();
        } catch (err) {
          await discard();
          throw scannerDown(deps.log, err as Error);
        }
        if (verdict.infected) {
          await discard();
          await recordAudit(db, {
            actorId: user.id,
            action: 'document.infected',
            subject: `proposal:${loaded.proposal.id}/documents/${item.key}`,
            detail: verdict.signature,
          });
          throw new HttpError(422, 'infected', 'O arquivo foi recusado pela verificação de antivírus.');
        }
      }

      const key = newFileKey();
      const id = newId();
      // Written before the object exists under its key: if the process dies before the row below,
      // the sweep finds the key unclaimed and removes the object.
      await markPending(db, key);
      const removeObject = async () => {
        await storage.remove(key);
        await clearPending(db, key);
      };
      try {
        await storage.commit(staged.tempKey, key, { contentType: inspection.mime });
      } catch (err) {
        await discard();
        await removeObject().catch((e) =>
          deps.log.warn({ err: e }, 'could not remove a failed upload; the sweep will'),
        );
        throw err;
      }
      await deps.faults?.afterStorageWrite?.();
      const now = Date.now();
      try {
        await db.transaction().execute(async (tx) => {
          await assertRoom(tx, loaded.proposal.id, item.key);
          await assertQuota(tx, {
            userId: user.id,
            proposalId: loaded.proposal.id,
            adding: staged.size,
            quotaMb: config.quotaMb,
          });
          await clearPending(tx, key);
          await tx
            .insertInto('document_files')
            .values({
              id,
              proposal_id: loaded.proposal.id,
              item: item.key,
              storage_key: key,
              name: sanitizeFileName(part.filename || 'arquivo', inspection.kind),
              mime: inspection.mime,
              size: staged.size,
              sha256: inspection.sha256,
              flags: JSON.stringify(inspection.flags),
              status: 'sent',
              review_reason: null,
              reviewed_by: null,
              reviewed_at: null,
              uploaded_by: user.id,
              uploaded_at: now,
            })
            .execute();
          await event(tx, {
            proposalId: loaded.proposal.id,
            item: item.key,
            fileId: id,
            action: 'uploaded',
            actorId: user.id,
          });
        });
      } catch (err) {
        await removeObject().catch((e) =>
          deps.log.warn({ err: e }, 'could not remove a refused upload; the sweep will'),
        );
        throw err;
      }
      const row = await db.selectFrom('document_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return fileView(loaded, row, new Map());
    },

    /** The uploader takes a file back before it is reviewed. */
    async deleteFile(user: SessionUser, proposalId: string, fileId: string) {
      const key = await db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        const { file, item } = await visibleFile(loaded, fileId, tx);
        if (!loaded.me) throw notFound();
        if (!isOpen(loaded)) throw new HttpError(409, 'proposal_closed', PROPOSAL_CLOSED_MESSAGE);
        if (file.status !== 'sent')
          throw new HttpError(409, 'already_reviewed', 'Este arquivo já foi analisado e não pode ser excluído.');
        await tx.deleteFrom('document_files').where('id', '=', file.id).execute();
        // A deleted document must not survive in storage: if the removal below fails, the sweep retries.
        await markPending(tx, file.storage_key);
        await event(tx, { proposalId, item: item.key, fileId: file.id, action: 'deleted', actorId: user.id });
        return file.storage_key;
      });
      await storage
        .remove(key)
        .then(() => clearPending(db, key))
        .catch((err) => deps.log.warn({ err }, 'could not remove a deleted file from storage; the sweep will'));
    },

    /** The file's bytes, for someone who may see its item. */
    async openFile(user: SessionUser, proposalId: string, fileId: string) {
      const loaded = await load(user, proposalId);
      const { file } = await visibleFile(loaded, fileId);
      try {
        const { body, size } = await storage.read(file.storage_key);
        return { body, size, name: file.name, mime: file.mime };
      } catch (err) {
        if (err instanceof StorageNotFoundError) throw notFound();
        throw err;
      }
    },

    /** The operator accepts or rejects one file; a rejection reopens the item and e-mails its people. */
    async reviewFile(
      user: SessionUser,
      proposalId: string,
      fileId: string,
      decision: { decision: 'accept' | 'reject'; reason?: string },
    ) {
      const reason = reviewReason(decision);
      await db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        const { file, item } = await visibleFile(loaded, fileId, tx);
        const status: FileStatus = decision.decision === 'accept' ? 'accepted' : 'rejected';
        const now = Date.now();
        await tx
          .updateTable('document_files')
          .set({ status, review_reason: reason, reviewed_by: user.id, reviewed_at: now })
          .where('id', '=', file.id)
          .execute();
        await event(tx, { proposalId, item: item.key, fileId: file.id, action: status, reason, actorId: user.id });
        if (reason) await notifyRejection(tx, loaded, item, reason, [file.uploaded_by]);
      });
      if (reason) deps.mailer.kick();
      return listDocuments(user, proposalId);
    },

    /** The operator decides a whole item: every file waiting (accept) or every current file (reject). */
    async reviewItem(
      user: SessionUser,
      proposalId: string,
      key: string,
      decision: { decision: 'accept' | 'reject'; reason?: string },
    ) {
      const reason = reviewReason(decision);
      await db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        const item = visibleItem(loaded, key);
        const targets = decision.decision === 'accept' ? ['sent'] : ['sent', 'accepted'];
        const files = await tx
          .selectFrom('document_files')
          .selectAll()
          .where('proposal_id', '=', proposalId)
          .where('item', '=', item.key)
          .where('status', 'in', targets as FileStatus[])
          .execute();
        if (!files.length) throw new HttpError(409, 'nothing_to_review', 'Não há arquivos para analisar neste item.');
        const status: FileStatus = decision.decision === 'accept' ? 'accepted' : 'rejected';
        const now = Date.now();
        await tx
          .updateTable('document_files')
          .set({ status, review_reason: reason, reviewed_by: user.id, reviewed_at: now })
          .where(
            'id',
            'in',
            files.map((f) => f.id),
          )
          .execute();
        for (const f of files)
          await event(tx, { proposalId, item: item.key, fileId: f.id, action: status, reason, actorId: user.id });
        if (reason)
          await notifyRejection(
            tx,
            loaded,
            item,
            reason,
            files.map((f) => f.uploaded_by),
          );
      });
      if (reason) deps.mailer.kick();
      return listDocuments(user, proposalId);
    },

    /** The documents' history (back office): who did what, when. */
    async listEvents(user: SessionUser, proposalId: string) {
      await load(user, proposalId);
      const rows = await db
        .selectFrom('document_events')
        .leftJoin('users', 'users.id', 'document_events.actor_id')
        .leftJoin('document_files', 'document_files.id', 'document_events.file_id')
        .select([
          'document_events.id',
          'document_events.at',
          'document_events.item',
          'document_events.file_id',
          'document_events.action',
          'document_events.reason',
          'users.name as actor',
          'document_files.name as file_name',
        ])
        .where('document_events.proposal_id', '=', proposalId)
        .orderBy('document_events.at', 'desc')
        .orderBy('document_events.id')
        .limit(500)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        at: new Date(r.at).toISOString(),
        item: r.item,
        itemTitle: isDocumentItemKey(r.item) ? DOCUMENT_ITEMS[r.item].title : r.item,
        fileId: r.file_id,
        fileName: r.file_name ?? null,
        action: r.action,
        reason: r.reason,
        actor: r.actor ?? null,
      }));
    },

    /**
     * Staged objects older than an hour are uploads a crash cut off; pending keys older than that
     * no document claims are objects a crash or a storage error left behind.
     */
    sweep: async (olderThanMs = 3_600_000) =>
      (await storage.sweepStaging(olderThanMs)) + (await sweepPending({ db, storage, olderThanMs, log: deps.log })),
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsServiceFromConfig>;

function reviewReason(decision: { decision: 'accept' | 'reject'; reason?: string }): string | null {
  if (decision.decision === 'accept') return null;
  const reason = decision.reason?.trim() ?? '';
  if (!reason) throw new HttpError(400, 'validation', 'Informe o motivo da recusa.', { reason: 'Obrigatório' });
  return reason;
}

async function assertRoom(tx: Executor, proposalId: string, item: string) {
  const { count } = await tx
    .selectFrom('document_files')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('proposal_id', '=', proposalId)
    .where('item', '=', item)
    .where('status', '!=', 'rejected')
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_FILES_PER_ITEM) {
    throw new HttpError(
      409,
      'too_many_files',
      `Este item já tem ${MAX_FILES_PER_ITEM} arquivos. Exclua um antes de enviar outro.`,
    );
  }
}

function scannerDown(log: FastifyBaseLogger, err: Error) {
  log.error({ err }, 'virus scanner unavailable');
  return new HttpError(
    503,
    'scanner_unavailable',
    'Não foi possível verificar o arquivo agora. Tente novamente em instantes.',
  );
}

/** The service as the configuration describes it: the app's storage and, when set, the virus scanner. */
export function createDocumentsServiceFromConfig(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  storage: ObjectStorage;
  config: DocumentsConfig;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const scanner = deps.config.clamav ? createClamavScanner(deps.config.clamav) : null;
  return createDocumentsService({ ...deps, scanner });
}
