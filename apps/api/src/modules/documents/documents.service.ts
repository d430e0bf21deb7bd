import type { Readable } from 'node:stream';
import type { DocumentFile, DocumentItem } from '@portal/domain/documents-views';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '@portal/domain/auth';
import { issueDateError, type DocumentItemDef } from '@portal/domain/documents';
import { PROPOSAL_CLOSED_MESSAGE } from '@portal/domain/proposal-status';
import { API_MESSAGES } from '@portal/domain/api-error';
import type { Database } from '../../db/schema';
import { HttpError, notFound, serviceUnavailable } from '../../errors';
import { newId } from '../../crypto';
import { recordAudit } from '../audit/audit';
import type { Mailer } from '../mail/outbox';
import type { ProposalsService } from '../proposals/proposals.service';
import type { DocumentsConfig } from './documents.config';
import { createDocumentAccess, type DocumentsProposal } from './document-access';
import { createDocumentsRepository } from './documents.repository';
import { assertRoom, recordUpload } from './record-upload';
import { takeBackFile } from './take-back-file';
import { createClamavScanner, ScannerUnavailableError, type ClamavScanner, type StreamScan } from './clamav';
import { sanitizeFileName } from './file-names';
import { stagedHeicAsJpeg, withoutHeicExtension } from './heic-upload';
import { createUploadInspector } from './inspect';
import { newFileKey, StorageNotFoundError, type ObjectStorage } from './storage';
import { assertQuota, clearPending, markPending, sweepPending } from './upload-housekeeping';

type Loaded = DocumentsProposal;

export type FileView = DocumentFile;
export type ItemView = DocumentItem;

/** What prepareUpload checked, handed to storeUpload once the body starts. */
export interface UploadContext {
  loaded: Loaded;
  item: DocumentItemDef;
  user: SessionUser;
  /** The document's issue date the uploader gave (AAAA-MM-DD), checked; null when not given. */
  issuedOn: string | null;
}

export function createDocumentsService(deps: {
  db: Kysely<Database>;
  storage: ObjectStorage;
  scanner: ClamavScanner | null;
  mailer: Mailer;
  config: DocumentsConfig;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The one proposals service (services.ts). */
  proposals: ProposalsService;
  /** Test seam: runs after the object is under its final key, before its row is written (a crash there). */
  faults?: { afterStorageWrite?: () => Promise<void> };
}) {
  const { db, storage, config } = deps;
  const repo = createDocumentsRepository(db);

  const access = createDocumentAccess({
    db,
    config,
    proposals: deps.proposals,
  });
  const { load, visibleItem, visibleFile, fileView, isOpen, listDocuments, maxBytes } = access;
  const record = recordUpload({ access, repo, config });

  return {
    maxBytes,
    listDocuments,

    /**
     * That this person is one of the proposal's and sends this item (404 otherwise, as for a
     * missing one): the check on every request of a resumable upload that may not complete it.
     */
    async checkUploader(user: SessionUser, proposalId: string, key: string) {
      const loaded = await load(user, proposalId);
      visibleItem(loaded, key);
      if (!loaded.me) throw notFound();
    },

    /** Checks, before any byte is read, that this user may send a file to this item now. */
    async prepareUpload(
      user: SessionUser,
      proposalId: string,
      key: string,
      issuedOn: string | null = null,
    ): Promise<UploadContext> {
      const loaded = await load(user, proposalId);
      const item = visibleItem(loaded, key);
      if (!loaded.me) throw notFound();
      if (!isOpen(loaded)) throw new HttpError(409, 'proposal_closed', PROPOSAL_CLOSED_MESSAGE);
      if (issuedOn !== null) {
        const error = issueDateError(issuedOn, item.validity ? config.validityDays[item.validity] : null, Date.now());
        if (error) throw new HttpError(400, 'invalid_issue_date', error, { issuedOn: error });
      }
      await assertRoom(repo, proposalId, item.key);
      // Already at the quota: refused before any byte is read (the exact check is at the insert).
      await assertQuota(db, { userId: user.id, proposalId, adding: 1, quotaMb: config.quotaMb });
      return { loaded, item, user, issuedOn };
    },

    /**
     * Streams one file (a finished tus upload's bytes, whose size the tus server held to the
     * declared length) to storage while checking it (type by content, virus scan, PDF health), then
     * commits it under a random key and records it. Anything refused or cut off on the way leaves
     * no object and no row.
     */
    async storeUpload(ctx: UploadContext, part: { file: Readable; filename: string }) {
      const { loaded, item, user } = ctx;
      let scan: StreamScan | null = null;
      if (deps.scanner) scan = deps.scanner.start();
      const inspector = createUploadInspector(scan);
      // The first failure is the one to answer with (the storage side may only see "premature close");
      // listening from the start also keeps a refusal that comes before storage is ready from going unhandled.
      let failure: Error | null = null;
      inspector.stream.on('error', (err) => {
        failure ??= err;
      });
      part.file.once('error', (err) => inspector.stream.destroy(err));
      part.file.pipe(inspector.stream);

      let staged: { tempKey: string; size: number };
      try {
        staged = await storage.stage(inspector.stream, { contentType: 'application/octet-stream' });
      } catch (err) {
        scan?.abort();
        part.file.unpipe();
        part.file.resume();
        const cause = failure ?? err;
        if (cause instanceof ScannerUnavailableError) throw scannerDown(deps.log, cause);
        throw cause;
      }
      const discard = () =>
        storage.remove(staged.tempKey).catch((e) => deps.log.warn({ err: e }, 'could not remove a staged upload'));
      let inspection = inspector.result();
      const sentAs = inspection.kind;
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
      // Every upload ends here: a HEIC photo is stored as an upright JPEG, without its EXIF.
      if (sentAs === 'heic') ({ staged, inspection } = await stagedHeicAsJpeg(storage, staged));

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
        await record(user, {
          id,
          proposal_id: loaded.proposal.id,
          item: item.key,
          storage_key: key,
          name: sanitizeFileName(
            sentAs === 'heic' ? withoutHeicExtension(part.filename || 'foto') : part.filename || 'arquivo',
            inspection.kind,
          ),
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
          issued_on: ctx.issuedOn,
        });
      } catch (err) {
        await removeObject().catch((e) =>
          deps.log.warn({ err: e }, 'could not remove a refused upload; the sweep will'),
        );
        throw err;
      }
      const row = await repo.findFile(id);
      return fileView(loaded, row, new Map());
    },

    deleteFile: takeBackFile({ db, storage, log: deps.log, access, repo }),

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

    /**
     * Staged objects older than an hour are uploads a crash cut off; pending keys older than that
     * no document claims are objects a crash or a storage error left behind.
     */
    sweep: async (olderThanMs = 3_600_000) =>
      (await storage.sweepStaging(olderThanMs)) + (await sweepPending({ db, storage, olderThanMs, log: deps.log })),
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsServiceFromConfig>;

function scannerDown(log: FastifyBaseLogger, err: Error) {
  log.error({ err }, 'virus scanner unavailable');
  return serviceUnavailable('scanner_unavailable', API_MESSAGES.scannerUnavailable);
}

/** The service as the configuration describes it: the app's storage and, when set, the virus scanner. */
export function createDocumentsServiceFromConfig(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  storage: ObjectStorage;
  config: DocumentsConfig;
  publicUrl: string;
  log: FastifyBaseLogger;
  proposals: ProposalsService;
}) {
  const scanner = deps.config.clamav ? createClamavScanner(deps.config.clamav) : null;
  return createDocumentsService({ ...deps, scanner });
}
