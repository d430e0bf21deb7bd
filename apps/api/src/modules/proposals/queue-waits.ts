import type { Kysely, Transaction } from 'kysely';
import {
  DEFAULT_QUEUE_EXPIRING_DAYS,
  DEFAULT_QUEUE_INVITATION_DAYS,
  QUEUE_REASONS,
  type QueueReason,
} from '@portal/domain/backoffice-queue';
import { DEFAULT_VALIDITY_DAYS, DOCUMENT_ITEMS, isDocumentItemKey, itemState } from '@portal/domain/documents';
import type { ValidityKind } from '@portal/domain/documents';
import { isOpenStatus } from '@portal/domain/proposal-status';
import type { Database } from '../../db/schema';
import {
  findFirstPendingInvitation,
  findProposalIdsOfUser,
  findWaitingState,
  setWaitingPlace,
} from './queries/queue-waits';

type Db = Kysely<Database> | Transaction<Database>;
const DAY_MS = 86_400_000;

/** The statuses in which the proposal itself waits on the team, with their queue reason. */
const STATUS_REASONS: Partial<Record<string, QueueReason>> = {
  under_review: 'under_review',
  correction_answered: 'correction_answered',
};

function positiveDays(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** QUEUE_INVITATION_DAYS and QUEUE_EXPIRING_DAYS (checked at start by config.ts). */
export function queueSettings(env: NodeJS.ProcessEnv = process.env) {
  return {
    invitationDays: positiveDays(env.QUEUE_INVITATION_DAYS, DEFAULT_QUEUE_INVITATION_DAYS),
    expiringDays: positiveDays(env.QUEUE_EXPIRING_DAYS, DEFAULT_QUEUE_EXPIRING_DAYS),
  };
}

/**
 * Keeps a proposal's place in the operators' queue (docs/decisions/050-operator-queue.md): one
 * proposal_waits row per reason it waits on the team, with the moment that reason began, and the
 * oldest of them copied to proposals.waiting_since / waiting_reason (what the queue sorts on).
 * Called in the transaction of every change that can start or end a wait (a document sent or
 * reviewed, a status change, an invitation accepted): the stored moments are those of the changes,
 * never recomputed from the history when the queue is read.
 * - documents_sent: since the oldest document still waiting for review was sent;
 * - under_review / correction_answered: since the proposal entered that status (kept while it stays);
 * - invitation_pending: a party invited and without a password, from N days after the invitation;
 * - document_expiring: an accepted document whose validity ends, from N days before it ends.
 * The last two begin at a known future moment: the row is written with that moment and the queue
 * shows only rows whose moment has come, so no job has to wake up when it does.
 */
export async function refreshQueueWaits(
  db: Db,
  proposalId: string,
  options: { now?: number; validityDays?: Record<ValidityKind, number>; backfill?: boolean } = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  const settings = queueSettings();
  const proposal = await findWaitingState(db, proposalId);
  if (!proposal) return;
  const existing = await db
    .selectFrom('proposal_waits')
    .select(['reason', 'since', 'owner_id'])
    .where('proposal_id', '=', proposalId)
    .execute();
  const wanted = new Map<QueueReason, number>();

  if (isOpenStatus(proposal.status)) {
    const files = await db
      .selectFrom('document_files')
      .select(['item', 'status', 'uploaded_at', 'review_reason', 'issued_on'])
      .where('proposal_id', '=', proposalId)
      .execute();
    const sent = files.filter((f) => f.status === 'sent').map((f) => Number(f.uploaded_at));
    if (sent.length) wanted.set('documents_sent', Math.min(...sent));

    const statusReason = STATUS_REASONS[proposal.status];
    if (statusReason) {
      const kept = existing.find((w) => w.reason === statusReason);
      wanted.set(statusReason, kept ? Number(kept.since) : await statusStart(db, proposalId, proposal, options, now));
    }

    const invited = await findFirstPendingInvitation(db, proposalId);
    if (invited?.first !== null && invited?.first !== undefined)
      wanted.set('invitation_pending', Number(invited.first) + settings.invitationDays * DAY_MS);

    const validity = options.validityDays ?? DEFAULT_VALIDITY_DAYS;
    let expiring: number | null = null;
    for (const item of new Set(files.map((f) => f.item))) {
      const kind = isDocumentItemKey(item) ? DOCUMENT_ITEMS[item].validity : null;
      if (!kind) continue;
      const state = itemState(
        files
          .filter((f) => f.item === item)
          .map((f) => ({
            status: f.status,
            uploadedAt: Number(f.uploaded_at),
            reviewReason: f.review_reason,
            issuedOn: f.issued_on,
          })),
        validity[kind],
        now,
      );
      if ((state.state === 'accepted' || state.state === 'expired') && state.expiresAt !== null) {
        const start = state.expiresAt - settings.expiringDays * DAY_MS;
        expiring = expiring === null ? start : Math.min(expiring, start);
      }
    }
    if (expiring !== null) wanted.set('document_expiring', expiring);
  }

  const gone = existing.filter((w) => !wanted.has(w.reason as QueueReason)).map((w) => w.reason);
  if (gone.length)
    await db.deleteFrom('proposal_waits').where('proposal_id', '=', proposalId).where('reason', 'in', gone).execute();
  for (const [reason, since] of wanted) {
    const row = existing.find((w) => w.reason === reason);
    if (!row)
      await db
        .insertInto('proposal_waits')
        .values({ proposal_id: proposalId, reason, since, owner_id: proposal.owner_id })
        .execute();
    else if (Number(row.since) !== since || row.owner_id !== proposal.owner_id)
      await db
        .updateTable('proposal_waits')
        .set({ since, owner_id: proposal.owner_id })
        .where('proposal_id', '=', proposalId)
        .where('reason', '=', reason)
        .execute();
  }
  // The oldest reason is the proposal's place in the queue; ties go by the reasons' order.
  let first: [QueueReason, number] | null = null;
  for (const reason of QUEUE_REASONS) {
    const since = wanted.get(reason);
    if (since !== undefined && (!first || since < first[1])) first = [reason, since];
  }
  const [reason, since] = first ?? [null, null];
  if (
    reason !== proposal.waiting_reason ||
    since !== (proposal.waiting_since === null ? null : Number(proposal.waiting_since))
  )
    await setWaitingPlace(db, { proposalId, reason, since });
}

/**
 * When the proposal entered its current status: the moment of this change (now), except when the
 * queue is first built for proposals that were already waiting (the migration), where the history's
 * last move to that status tells it.
 */
async function statusStart(
  db: Db,
  proposalId: string,
  proposal: { status: string; updated_at: number },
  options: { backfill?: boolean },
  now: number,
): Promise<number> {
  if (!options.backfill) return now;
  const moved = await db
    .selectFrom('proposal_history')
    .select((eb) => eb.fn.max<number | string>('at').as('at'))
    .where('proposal_id', '=', proposalId)
    .where('kind', '=', 'status')
    .where('to_value', '=', proposal.status)
    .executeTakeFirst();
  return moved?.at !== null && moved?.at !== undefined ? Number(moved.at) : Number(proposal.updated_at);
}

/** The proposals a person is a party of: accepting an invitation ends their "invitation" waits. */
export async function refreshQueueWaitsOfUser(
  db: Db,
  userId: string,
  validityDays: Record<ValidityKind, number>,
): Promise<void> {
  const rows = await findProposalIdsOfUser(db, userId);
  for (const r of rows) await refreshQueueWaits(db, r.proposal_id, { validityDays });
}
