import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Server } from '@tus/server';
import type { SessionUser } from '@portal/domain/auth';
import { ACCEPTED_TYPES_MESSAGE, FILE_KIND_MIME, fileTooLargeMessage } from '@portal/domain/documents';
import type { Database, ResumableUploadsTable } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import type { DocumentsConfig } from './documents.config';
import type { DocumentsService, UploadContext } from './documents.service';
import type { ResumableStore } from './resumable-store';
import { assertQuota } from './upload-housekeeping';

/** The prefix the routes are mounted at (app.ts registers the API under /api/v3). */
export const RESUMABLE_PATH = '/api/v3/uploads';
/** The stored document's id, on the answer of the request that completed the upload (and later HEADs). */
export const DOCUMENT_FILE_HEADER = 'Upload-Document-File';
const TUS_VERSION = '1.0.0';
/** Rows of finished, refused or expired uploads are kept this long (a late HEAD still gets its answer). */
const ROW_RETENTION_MS = 30 * 24 * 3_600_000;

type Row = ResumableUploadsTable;

/** What the route checked before handing a request to the tus server. */
interface Checked {
  create?: Omit<Row, 'id' | 'state' | 'document_file_id'>;
  row?: Row;
  ctx?: UploadContext;
  /** A refusal thrown inside a tus hook, answered in the API's own error shape. */
  error?: unknown;
}

/** Types a browser may declare for an accepted file (HEIC photos are often declared as HEIF or not at all). */
const DECLARED_TYPES = new Set([...Object.values(FILE_KIND_MIME), 'image/heif', 'image/jpg', '']);

export const uploadExpired = () =>
  new HttpError(410, 'upload_expired', 'Este envio não pode mais ser continuado. Envie o arquivo de novo.');

/**
 * tus's Upload-Metadata: comma-separated `key base64value` pairs. Unknown keys are ignored; a
 * malformed header is the client's error (400).
 */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (!key) continue;
    if (extra !== undefined || !/^[\w.-]+$/.test(key) || (value && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)))
      throw new HttpError(400, 'invalid_metadata', 'Os dados do envio estão incompletos. Tente enviar de novo.');
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/**
 * Resumable uploads on tus 1.0 (docs/decisions/053-resumable-uploads.md), the only way a file
 * reaches the portal: @tus/server keeps the bytes; this service decides who may send them and hands
 * the finished file to the documents' storeUpload, which checks and stores it as a document.
 */
export function createResumableUploadsService(deps: {
  db: Kysely<Database>;
  documents: DocumentsService;
  store: ResumableStore;
  config: DocumentsConfig;
  log: FastifyBaseLogger;
}) {
  const { db, documents, store, config, log } = deps;
  const expiryMs = config.resumable.expirySeconds * 1000;
  const checked = new WeakMap<Request, Checked>();

  const findRow = (id: string) =>
    db.selectFrom('resumable_uploads').selectAll().where('id', '=', id).executeTakeFirst();
  const setState = (id: string, state: Row['state'], from?: Row['state']) => {
    let q = db.updateTable('resumable_uploads').set({ state }).where('id', '=', id);
    if (from) q = q.where('state', '=', from);
    return q.executeTakeFirst();
  };

  let server: Promise<Server> | null = null;
  const tus = () =>
    // @tus/server and its store load on the first resumable upload, not at start (as storage.ts's S3 client).
    (server ??= Promise.all([import('@tus/server'), store.datastore()]).then(
      ([{ Server }, datastore]) =>
        new Server({
          path: RESUMABLE_PATH,
          datastore,
          relativeLocation: true,
          maxSize: documents.maxBytes(),
          // Same-origin only: no CORS header is ever sent.
          allowedOrigins: () => false,
          namingFunction: () => randomBytes(16).toString('hex'),
          async onUploadCreate(req, upload) {
            const plan = checked.get(req as unknown as Request)?.create;
            if (!plan) throw notFound();
            await db
              .insertInto('resumable_uploads')
              .values({ ...plan, id: upload.id, state: 'uploading', document_file_id: null })
              .execute();
            return {};
          },
          async onUploadFinish(req) {
            const state = checked.get(req as unknown as Request);
            if (!state?.row || !state.ctx) throw notFound();
            try {
              const fileId = await complete(state.row, state.ctx);
              return { headers: { [DOCUMENT_FILE_HEADER]: fileId } };
            } catch (err) {
              state.error = err;
              throw { status_code: err instanceof HttpError ? err.statusCode : 500, body: '' };
            }
          },
        }),
    ));

  /**
   * Hands the finished file to storeUpload once: the first caller moves the row from 'uploading'
   * to 'completing', so a repeated or concurrent completion never stores a second document. A
   * refusal (type, virus, quota…) ends the upload; an outage (503) lets it be completed again.
   */
  async function complete(row: Row, ctx: UploadContext): Promise<string> {
    const claim = await setState(row.id, 'completing', 'uploading');
    if (Number(claim.numUpdatedRows) !== 1) {
      const now = await findRow(row.id);
      if (now?.state === 'done' && now.document_file_id) return now.document_file_id;
      throw new HttpError(409, 'upload_completing', 'Este arquivo ainda está sendo processado. Aguarde um instante.');
    }
    let fileId: string;
    try {
      const body = await store.read(row.id);
      fileId = (await documents.storeUpload(ctx, { file: body, filename: row.file_name })).id;
    } catch (err) {
      const refused = err instanceof HttpError && err.statusCode < 500;
      await setState(row.id, refused ? 'refused' : 'uploading');
      if (refused) await store.remove(row.id).catch((e) => log.warn({ err: e }, 'could not remove a refused upload'));
      throw err;
    }
    // Outside the catch: a document exists now, so a failure below must not let the upload complete again.
    await db
      .updateTable('resumable_uploads')
      .set({ state: 'done', document_file_id: fileId })
      .where('id', '=', row.id)
      .execute();
    await store
      .remove(row.id)
      .catch((e) => log.warn({ err: e }, 'could not remove a completed upload; the sweep will'));
    return fileId;
  }

  /** The answer tus would give for an upload already stored as a document. */
  const doneHeaders = (row: Row) => ({
    'tus-resumable': TUS_VERSION,
    'upload-offset': String(row.size),
    'upload-length': String(row.size),
    [DOCUMENT_FILE_HEADER.toLowerCase()]: row.document_file_id ?? '',
    'cache-control': 'no-store',
  });

  return {
    /**
     * Creation: the person may send this item now (role, membership, open proposal, room in the
     * item, quota counted with the declared length), and the declared size and type are acceptable.
     */
    async checkCreate(
      user: SessionUser,
      headers: { metadata: string | undefined; length: string | undefined },
    ): Promise<Checked> {
      const meta = parseUploadMetadata(headers.metadata);
      if (!meta.proposal || !meta.item) throw notFound();
      if (headers.length === undefined || !/^\d{1,15}$/.test(headers.length))
        throw new HttpError(400, 'missing_length', 'Informe o tamanho do arquivo para enviá-lo.');
      const size = Number(headers.length);
      const ctx = await documents.prepareUpload(user, meta.proposal, meta.item, meta.issuedOn || null);
      if (size > documents.maxBytes()) throw new HttpError(413, 'file_too_large', fileTooLargeMessage(config.maxMb));
      if (size === 0) throw new HttpError(400, 'empty_file', 'O arquivo está vazio.');
      const declared = (meta.filetype ?? '').toLowerCase();
      if (!DECLARED_TYPES.has(declared)) throw new HttpError(415, 'unsupported_type', ACCEPTED_TYPES_MESSAGE);
      await assertQuota(db, { userId: user.id, proposalId: meta.proposal, adding: size, quotaMb: config.quotaMb });
      const now = Date.now();
      return {
        create: {
          user_id: user.id,
          proposal_id: ctx.loaded.proposal.id,
          item: ctx.item.key,
          // Control characters go now (PostgreSQL's text refuses NUL); storeUpload makes the final label.
          file_name: ((meta.filename ?? '').replace(/\p{Cc}/gu, '') || 'arquivo').slice(0, 255),
          declared_type: declared,
          size,
          issued_on: ctx.issuedOn,
          created_at: now,
          expires_at: now + expiryMs,
        },
      };
    },

    /**
     * Any request on an upload URL: it must be this person's (another's answers 404, as a missing
     * one), they must still be on the proposal and send its item, and it must not have expired (410).
     * A PATCH, which may complete the upload, is checked as a new upload would be.
     */
    async checkExisting(user: SessionUser, id: string, method: 'HEAD' | 'PATCH' | 'DELETE'): Promise<Checked> {
      const row = await findRow(id);
      if (!row || row.user_id !== user.id) throw notFound();
      if (method === 'PATCH' && row.state !== 'done') {
        const ctx = await documents.prepareUpload(user, row.proposal_id, row.item, row.issued_on);
        if (row.state === 'completing')
          throw new HttpError(
            409,
            'upload_completing',
            'Este arquivo ainda está sendo processado. Aguarde um instante.',
          );
        if (row.state !== 'uploading' || row.expires_at <= Date.now()) throw uploadExpired();
        return { row, ctx };
      }
      await documents.checkUploader(user, row.proposal_id, row.item);
      if (row.state === 'done') return { row };
      if (row.state !== 'uploading' && row.state !== 'completing') throw uploadExpired();
      if (row.expires_at <= Date.now()) throw uploadExpired();
      return { row };
    },

    /**
     * Answers for an upload that is already a document, without the tus server (its bytes are
     * gone): HEAD and a repeated last PATCH say it is complete and name the document; DELETE does
     * nothing (the document has its own delete).
     */
    answerDone(row: Row, method: string): { status: number; headers: Record<string, string> } | null {
      if (row.state !== 'done') return null;
      return {
        status: method === 'HEAD' ? 200 : 204,
        headers: method === 'DELETE' ? { 'tus-resumable': TUS_VERSION } : doneHeaders(row),
      };
    },

    /** Passes the checked request to the tus server; a refusal from its hooks comes back as thrown. */
    async forward(request: Request, state: Checked): Promise<Response> {
      checked.set(request, state);
      const response = await (await tus()).handleWeb(request);
      if (state.error) throw state.error;
      if (request.method === 'DELETE' && response.status === 204 && state.row)
        await setState(state.row.id, 'expired', 'uploading');
      return response;
    },

    /**
     * A HEAD on an upload whose bytes all arrived but whose completion failed for an outage: the
     * client takes it for finished, so the completion is retried here.
     */
    async completeIfDue(user: SessionUser, row: Row, offset: number): Promise<string | null> {
      if (row.state !== 'uploading' || offset !== row.size) return null;
      const ctx = await documents.prepareUpload(user, row.proposal_id, row.item, row.issued_on);
      return complete(row, ctx);
    },

    /**
     * Unfinished uploads past their expiry lose their bytes; rows older than the retention go.
     * Returns how many uploads it removed (the uploads.sweep job adds it to its count).
     */
    async sweep(now = Date.now()): Promise<number> {
      const due = await db
        .selectFrom('resumable_uploads')
        .select('id')
        .where('state', 'in', ['uploading', 'completing'])
        .where('expires_at', '<=', now)
        .limit(1000)
        .execute();
      let removed = 0;
      for (const { id } of due) {
        try {
          await store.remove(id);
          await setState(id, 'expired');
          removed++;
        } catch (err) {
          log.warn({ err }, 'could not remove an expired resumable upload; next sweep retries');
        }
      }
      await db
        .deleteFrom('resumable_uploads')
        .where('expires_at', '<=', now - ROW_RETENTION_MS)
        .execute();
      return removed;
    },
  };
}
export type ResumableUploadsService = ReturnType<typeof createResumableUploadsService>;
