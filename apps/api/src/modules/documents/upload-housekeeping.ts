import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import type { ObjectStorage } from './storage';

/**
 * Upload quotas and the objects that must not outlive their documents
 * (docs/decisions/015-abuse-limits.md).
 */
type Executor = Kysely<Database> | Transaction<Database>;

const MB = 1024 * 1024;
const formatMb = (mb: number) => `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(mb)} MB`;

export const userQuotaMessage = (mb: number) =>
  `Você atingiu o limite de ${formatMb(mb)} em documentos enviados. Exclua arquivos que não são mais necessários antes de enviar outros.`;
export const proposalQuotaMessage = (mb: number) =>
  `Esta proposta atingiu o limite de ${formatMb(mb)} em documentos. Exclua arquivos que não são mais necessários antes de enviar outros.`;

/**
 * Refuses (413) when the uploader's or the proposal's documents plus `adding` bytes would pass the
 * quota. Files the back office refused do not count: the uploader cannot delete them.
 */
export async function assertQuota(
  tx: Executor,
  args: { userId: string; proposalId: string; adding: number; quotaMb: { user: number; proposal: number } },
) {
  const used = (column: 'uploaded_by' | 'proposal_id', value: string) =>
    tx
      .selectFrom('document_files')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
      .where(column, '=', value)
      .where('status', '!=', 'rejected')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.bytes));
  if ((await used('uploaded_by', args.userId)) + args.adding > args.quotaMb.user * MB) {
    throw new HttpError(413, 'quota_exceeded', userQuotaMessage(args.quotaMb.user));
  }
  if ((await used('proposal_id', args.proposalId)) + args.adding > args.quotaMb.proposal * MB) {
    throw new HttpError(413, 'quota_exceeded', proposalQuotaMessage(args.quotaMb.proposal));
  }
}

/** Records that the object under `key` must go unless a document row claims it. */
export async function markPending(db: Executor, key: string, now = Date.now()) {
  await db
    .insertInto('pending_storage')
    .values({ storage_key: key, created_at: now })
    .onConflict((oc) => oc.column('storage_key').doNothing())
    .execute();
}

export async function clearPending(db: Executor, key: string) {
  await db.deleteFrom('pending_storage').where('storage_key', '=', key).execute();
}

/**
 * Removes the objects of pending keys older than `olderThanMs` that no document row holds (an upload
 * cut off between the storage write and the row, a delete whose object removal failed), then forgets
 * the keys. Returns how many objects it removed.
 */
export async function sweepPending(deps: {
  db: Kysely<Database>;
  storage: ObjectStorage;
  olderThanMs: number;
  now?: number;
  log: FastifyBaseLogger;
}): Promise<number> {
  const before = (deps.now ?? Date.now()) - deps.olderThanMs;
  const rows = await deps.db
    .selectFrom('pending_storage')
    .select('storage_key')
    .where('created_at', '<=', before)
    .limit(1000)
    .execute();
  let removed = 0;
  for (const { storage_key: key } of rows) {
    const live = await deps.db
      .selectFrom('document_files')
      .select('id')
      .where('storage_key', '=', key)
      .executeTakeFirst();
    try {
      if (!live) {
        await deps.storage.remove(key);
        removed++;
      }
      await clearPending(deps.db, key);
    } catch (err) {
      deps.log.warn({ err }, 'could not remove a pending storage object; next sweep retries');
    }
  }
  return removed;
}
