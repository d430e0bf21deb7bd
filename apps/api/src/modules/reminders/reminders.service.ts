import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import type { ProposalRemindersView, ReminderOptOutView } from '@portal/domain/reminders';
import type { Database } from '../../db/schema';
import { sha256 } from '../../crypto';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../audit/audit';
import { findProposalId } from '../proposals/queries/proposal-id';
import { findRemindersSent } from '../proposals/queries/reminders';
import { firstName } from '../mail/greeting';

/** A reminder's opt-out link that is not (or no longer) one of ours. */
export const REMINDER_LINK_INVALID = 'Este link não é válido. Confira se copiou o endereço inteiro do e-mail.';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * The switches of the reminders (docs/decisions/049-reminders-and-metrics.md): the person's own
 * (the e-mail's one-click link, no login; the privacy page) and an operator's per proposal.
 * Every change is idempotent and recorded in the audit log.
 */
export function createRemindersService(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  async function userOfToken(token: string) {
    const row = await db
      .selectFrom('reminder_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['u.id', 'u.name'])
      .where('t.id', '=', sha256(token))
      .executeTakeFirst();
    if (!row) throw new HttpError(400, 'invalid_token', REMINDER_LINK_INVALID, { token: REMINDER_LINK_INVALID });
    return row;
  }

  async function isOptedOut(userId: string) {
    return !!(await db
      .selectFrom('reminder_opt_outs')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst());
  }

  /** Turns a person's reminders on or off; a no-op (and no audit line) when already so. */
  async function setPersonal(userId: string, enabled: boolean, via: string, ip: string | null) {
    await db.transaction().execute(async (tx) => {
      if (enabled) {
        const r = await tx.deleteFrom('reminder_opt_outs').where('user_id', '=', userId).executeTakeFirst();
        if (Number(r.numDeletedRows) === 0) return;
      } else {
        const r = await tx
          .insertInto('reminder_opt_outs')
          .values({ user_id: userId, at: Date.now() })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .executeTakeFirst();
        if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) return;
      }
      await recordAudit(tx, {
        actorId: userId,
        action: enabled ? 'reminders.enabled' : 'reminders.disabled',
        ip,
        detail: via,
      });
    });
  }

  const view = (user: { name: string }, enabled: boolean): ReminderOptOutView => ({
    firstName: firstName(user.name),
    enabled,
  });

  async function proposalOr404(proposalId: string) {
    const p = await findProposalId(db, proposalId);
    if (!p) throw notFound();
  }

  /** The back office's switch and the reminders each person got on the proposal. */
  async function ofProposal(proposalId: string): Promise<ProposalRemindersView> {
    await proposalOr404(proposalId);
    const [off, sent] = await Promise.all([
      db.selectFrom('reminder_proposals_off').select('at').where('proposal_id', '=', proposalId).executeTakeFirst(),
      findRemindersSent(db, proposalId),
    ]);
    return {
      enabled: !off,
      changedAt: off ? iso(off.at) : null,
      sent: sent.map((s) => ({ name: s.name, role: s.role, seq: Number(s.seq), sentAt: iso(s.sent_at) })),
    };
  }

  return {
    /** What the link's landing shows first: whose link, and whether reminders are still on. */
    async readLink(token: string): Promise<ReminderOptOutView> {
      const user = await userOfToken(token);
      return view(user, !(await isOptedOut(user.id)));
    },

    /** The link's one click (or the mail client's RFC 8058 POST), and its undo. */
    async setByLink(token: string, enabled: boolean, ip: string | null): Promise<ReminderOptOutView> {
      const user = await userOfToken(token);
      await setPersonal(user.id, enabled, 'link', ip);
      return view(user, enabled);
    },

    async mine(user: SessionUser) {
      return { enabled: !(await isOptedOut(user.id)) };
    },

    async setMine(user: SessionUser, enabled: boolean, ip: string | null) {
      await setPersonal(user.id, enabled, 'privacy page', ip);
      return { enabled };
    },

    ofProposal,

    async setProposal(operator: SessionUser, proposalId: string, enabled: boolean, ip: string | null) {
      await proposalOr404(proposalId);
      await db.transaction().execute(async (tx) => {
        if (enabled) {
          const r = await tx
            .deleteFrom('reminder_proposals_off')
            .where('proposal_id', '=', proposalId)
            .executeTakeFirst();
          if (Number(r.numDeletedRows) === 0) return;
        } else {
          const r = await tx
            .insertInto('reminder_proposals_off')
            .values({ proposal_id: proposalId, at: Date.now(), by: operator.id })
            .onConflict((oc) => oc.column('proposal_id').doNothing())
            .executeTakeFirst();
          if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) return;
        }
        await recordAudit(tx, {
          actorId: operator.id,
          action: enabled ? 'proposal.reminders_enabled' : 'proposal.reminders_disabled',
          subject: proposalId,
          ip,
        });
      });
      return ofProposal(proposalId);
    },
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;
