import type { Kysely } from 'kysely';
import type { ValidityKind } from '@portal/domain/documents';
import type { ProposalProgress } from '@portal/domain/next-step';
import { isPartOpen } from '@portal/domain/proposal-status';
import { STATUS_LABELS, type ProposalStatus } from '@portal/domain/proposal';
import { decideReminder, isQuietTime, type ReminderSettings } from '@portal/domain/reminders';
import type { Database } from '../../db/schema';
import { newId } from '../../crypto';
import { issueOptOutToken } from './opt-out-token';
import { recordAudit } from '../audit/audit';
import { loadProposalProgress } from '../proposals/proposal-progress';
import { reissueInvitationToken } from '../invitations/accounts';
import { enqueueMail } from '../mail/outbox';
import { findLastSectionSave, findReminderCandidates } from '../proposals/queries/reminders';
import { viewerOf } from '../mail/progress-text';
import { reminderMail } from './reminder-mail';

/** The statuses in which some party still has a part open: the only proposals a sweep looks at. */
const OPEN_FOR_SOMEONE = (Object.keys(STATUS_LABELS) as ProposalStatus[]).filter(
  (s) => isPartOpen(s, 'buyer') || isPartOpen(s, 'seller'),
);

export interface ReminderSweepResult {
  /** People on an open proposal who could be reminded (not opted out, proposal not turned off). */
  considered: number;
  sent: number;
}

/**
 * A person's last activity on a proposal (docs/decisions/049-reminders-and-metrics.md): joining it
 * (the invitation), anything they did that the audit log records (logins, the invitation accepted,
 * sending, completing), their last request in a session still kept, and their saves (drafts and
 * submits), uploads and health answers on this proposal.
 */
export async function lastActivityOf(
  db: Kysely<Database>,
  args: { userId: string; proposalId: string; joinedAt: number },
): Promise<number> {
  const { userId, proposalId } = args;
  const [audit, session, section, upload, health] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('at').as('at'))
      .where('actor_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.max('last_seen_at').as('at'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    findLastSectionSave(db, { proposalId, userId }),
    db
      .selectFrom('document_files')
      .select((eb) => eb.fn.max('uploaded_at').as('at'))
      .where('proposal_id', '=', proposalId)
      .where('uploaded_by', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('health_answers')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .where('proposal_id', '=', proposalId)
      .where('updated_by', '=', userId)
      .executeTakeFirst(),
  ]);
  return Math.max(args.joinedAt, ...[audit, session, section, upload, health].map((r) => Number(r?.at ?? 0)));
}

/**
 * One pass of the reminders: every buyer and seller of a proposal with a part still open who, by
 * the rules of packages/domain/src/reminders.ts, is due one now gets one e-mail through the outbox.
 * Safe to run on several instances at once: each reminder has its number per person and proposal,
 * unique in the database, so only one instance's insert (and e-mail) commits. `now` is injected
 * (tests run days in a few calls); the caller kicks the mailer.
 */
export async function runReminderSweep(args: {
  db: Kysely<Database>;
  now: number;
  settings: ReminderSettings;
  publicUrl: string;
  validityDays?: Record<ValidityKind, number>;
  log?: { warn(obj: object, msg: string): void };
}): Promise<ReminderSweepResult> {
  const { db, now, settings } = args;
  const result: ReminderSweepResult = { considered: 0, sent: 0 };
  if (!settings.enabled || settings.max === 0 || isQuietTime(now, settings)) return result;

  const people = await findReminderCandidates(db, OPEN_FOR_SOMEONE);
  if (people.length === 0) return result;
  const sentRows = await db
    .selectFrom('reminders_sent')
    .select((eb) => ['proposal_id', 'user_id', eb.fn.countAll<number>().as('count'), eb.fn.max('sent_at').as('last')])
    .where('proposal_id', 'in', [...new Set(people.map((p) => p.proposal_id))])
    .groupBy(['proposal_id', 'user_id'])
    .execute();
  const progressCache = new Map<string, Promise<ProposalProgress | null>>();

  for (const person of people) {
    const userId = person.user_id!;
    result.considered++;
    const sent = sentRows.find((r) => r.proposal_id === person.proposal_id && r.user_id === userId);
    const sentCount = Number(sent?.count ?? 0);
    const lastSentAt = sent?.last == null ? null : Number(sent.last);
    // Cheap refusals first: the counts and the interval need no progress and no activity.
    if (sentCount >= settings.max) continue;
    if (lastSentAt !== null && now < lastSentAt + settings.intervalMs) continue;
    const status = person.status as ProposalStatus;
    const viewer = viewerOf(person);
    if (!isPartOpen(status, viewer.role)) continue;
    try {
      const lastActivityAt = await lastActivityOf(db, {
        userId,
        proposalId: person.proposal_id,
        joinedAt: Number(person.created_at),
      });
      if (now < lastActivityAt + settings.idleMs) continue;
      let loading = progressCache.get(person.proposal_id);
      if (!loading) {
        loading = loadProposalProgress(db, person.proposal_id, { validityDays: args.validityDays, now });
        progressCache.set(person.proposal_id, loading);
      }
      const progress = await loading;
      if (!progress) continue;
      const decision = decideReminder(
        {
          now,
          status,
          viewer,
          steps: progress.steps,
          sentCount,
          lastSentAt,
          lastActivityAt,
          optedOut: false,
          proposalOff: false,
        },
        settings,
      );
      if (!decision.send) continue;
      const seq = sentCount + 1;
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('reminders_sent')
          .values({
            id: newId(),
            proposal_id: person.proposal_id,
            user_id: userId,
            seq,
            step: decision.next.id,
            sent_at: now,
          })
          .execute();
        const optOutToken = await issueOptOutToken(tx, userId, now);
        let inviteToken: string | null = null;
        if (!person.password_hash) {
          // Never opened the invitation: the reminder carries a new link (the first may have expired).
          inviteToken = await reissueInvitationToken(tx, { userId, proposalId: person.proposal_id });
        }
        await enqueueMail(
          tx,
          reminderMail({
            publicUrl: args.publicUrl,
            to: { name: person.name, email: person.email },
            viewer,
            proposal: { id: person.proposal_id, code: person.code },
            progress,
            next: decision.next,
            pending: decision.pending,
            inviteToken,
            optOutToken,
          }),
        );
        await recordAudit(tx, {
          actorId: null,
          action: 'reminder.sent',
          subject: person.proposal_id,
          detail: `${viewer.role === 'seller' ? 'seller' : `buyer ${person.position}`} #${seq}: ${decision.next.id}`,
        });
      });
      result.sent++;
    } catch (err) {
      // Another instance sent this one first (the unique number), or one person's data failed:
      // the others still get theirs.
      args.log?.warn(
        { proposalId: person.proposal_id, err: err instanceof Error ? err.message : String(err) },
        'reminder not sent',
      );
    }
  }
  return result;
}
