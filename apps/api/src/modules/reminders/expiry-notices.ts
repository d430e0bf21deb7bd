import type { Kysely } from 'kysely';
import { formatInstantDate } from '@portal/domain/dates';
import {
  DEFAULT_VALIDITY_DAYS,
  DOCUMENT_ITEMS,
  isDocumentItemKey,
  itemState,
  type DocumentItemDef,
  type ValidityKind,
} from '@portal/domain/documents';
import { OPEN_STATUSES } from '@portal/domain/proposal-status';
import { isQuietTime, REMINDER_OPT_OUT_PATH, type ReminderSettings } from '@portal/domain/reminders';
import type { Database } from '../../db/schema';
import { issueOptOutToken } from './opt-out-token';
import { recordAudit } from '../audit/audit';
import { enqueueMail, type MailMessage } from '../mail/outbox';
import { findAgingFiles, findMembersWithAccount } from '../proposals/queries/reminders';
import { OPT_OUT_API_PATH } from './reminder-mail';
import { firstName } from '../mail/greeting';

const DAY_MS = 86_400_000;

/** The checklist items that age (a proof of address, the property's registration, an FGTS statement). */
const AGING_ITEMS = Object.values(DOCUMENT_ITEMS)
  .filter((item) => item.validity !== null)
  .map((item) => item.key);

/** Where the person sends a new copy: the buyers' documents screen (for this proposal) or the seller's. */
export function documentsUrl(publicUrl: string, proposalId: string, item: DocumentItemDef): string {
  const id = encodeURIComponent(proposalId);
  return item.uploader === 'seller'
    ? `${publicUrl}/seller/proposals/${id}/documents`
    : `${publicUrl}/buyer/documents/upload?proposta=${id}`;
}

/** The notice: which document, of which proposal, ages when, and a link straight to sending a new copy. */
export function expiryNoticeMail(args: {
  publicUrl: string;
  to: { name: string; email: string };
  proposal: { id: string; code: string };
  item: DocumentItemDef;
  validityDays: number;
  expiresAt: number;
  now: number;
  optOutToken: string;
}): MailMessage {
  const first = firstName(args.to.name);
  const expired = args.now >= args.expiresAt;
  const when = `${expired ? 'venceu' : 'vence'} em ${formatInstantDate(args.expiresAt)}`;
  const text = [
    `Olá, ${first}.`,
    '',
    `O documento "${args.item.title}" enviado para a proposta ${args.proposal.code} ${when}.`,
    `O banco só aceita este documento por ${args.validityDays} dias a partir da data de emissão.`,
    '',
    'Para a proposta seguir sem atraso, envie uma cópia emitida recentemente:',
    '',
    documentsUrl(args.publicUrl, args.proposal.id, args.item),
    '',
    'Portal de Propostas',
    '',
    '—',
    `Não quero mais lembretes: ${args.publicUrl}${REMINDER_OPT_OUT_PATH}?token=${args.optOutToken}`,
    'Você pode voltar a recebê-los quando quiser, na página Privacidade do portal.',
  ];
  return {
    to: args.to.email,
    kind: 'document_expiry',
    subject: `Proposta ${args.proposal.code}: ${args.item.title} ${when}`,
    text: text.join('\n'),
    headers: {
      'List-Unsubscribe': `<${args.publicUrl}${OPT_OUT_API_PATH}?token=${args.optOutToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * One pass of the document-expiry notices (docs/product/reminders.md): on every open proposal, each
 * aging checklist item whose newest copy ends its validity within `noticeDays` (or already ended
 * it) is told once to whoever sent that copy — or, when that person is no longer on the proposal,
 * to the main buyer or the seller whose item it is. Same switches as the reminders: none when they
 * are off, during the quiet hours, to a person who said "Não quero mais lembretes" or on a proposal
 * an operator turned them off on. The notice's key is the copy, so several instances sweeping at
 * once send one e-mail, and a new copy gets a notice of its own when it ages in turn.
 */
export async function runExpiryNoticeSweep(args: {
  db: Kysely<Database>;
  now: number;
  settings: ReminderSettings;
  noticeDays: number;
  publicUrl: string;
  validityDays?: Record<ValidityKind, number>;
  log?: { warn(obj: object, msg: string): void };
}): Promise<{ sent: number }> {
  const { db, now, settings } = args;
  if (!settings.enabled || isQuietTime(now, settings)) return { sent: 0 };
  const validity = args.validityDays ?? DEFAULT_VALIDITY_DAYS;

  const files = await findAgingFiles(db, { statuses: OPEN_STATUSES, items: AGING_ITEMS });

  // The newest copy of each item of each proposal, when its notice is due.
  const newest = new Map<string, (typeof files)[number]>();
  for (const f of files) {
    const key = `${f.proposal_id}\u0000${f.item}`;
    const kept = newest.get(key);
    if (!kept || Number(f.uploaded_at) > Number(kept.uploaded_at)) newest.set(key, f);
  }
  const due: { file: (typeof files)[number]; item: DocumentItemDef; days: number; expiresAt: number }[] = [];
  for (const file of newest.values()) {
    if (!isDocumentItemKey(file.item)) continue;
    const item = DOCUMENT_ITEMS[file.item];
    const days = validity[item.validity!];
    const copies = files.filter((f) => f.proposal_id === file.proposal_id && f.item === file.item);
    const state = itemState(
      copies.map((f) => ({
        status: f.status,
        uploadedAt: Number(f.uploaded_at),
        reviewReason: null,
        issuedOn: f.issued_on,
      })),
      days,
      now,
    );
    if (state.expiresAt === null || now < state.expiresAt - args.noticeDays * DAY_MS) continue;
    due.push({ file, item, days, expiresAt: state.expiresAt });
  }
  if (due.length === 0) return { sent: 0 };

  const told = new Set(
    (
      await db
        .selectFrom('document_expiry_notices')
        .select('file_id')
        .where(
          'file_id',
          'in',
          due.map((d) => d.file.id),
        )
        .execute()
    ).map((r) => r.file_id),
  );
  let sent = 0;
  for (const { file, item, days, expiresAt } of due) {
    if (told.has(file.id)) continue;
    try {
      const members = await findMembersWithAccount(db, file.proposal_id);
      const to =
        members.find((m) => m.user_id === file.uploaded_by) ??
        members.find((m) => m.role === item.uploader && (item.uploader === 'seller' || m.position === 0));
      if (!to?.user_id) continue;
      const optedOut = await db
        .selectFrom('reminder_opt_outs')
        .select('user_id')
        .where('user_id', '=', to.user_id)
        .executeTakeFirst();
      if (optedOut) continue;
      const userId = to.user_id;
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('document_expiry_notices')
          .values({ file_id: file.id, proposal_id: file.proposal_id, user_id: userId, sent_at: now })
          .execute();
        const optOutToken = await issueOptOutToken(tx, userId, now);
        await enqueueMail(
          tx,
          expiryNoticeMail({
            publicUrl: args.publicUrl,
            to: { name: to.name, email: to.email },
            proposal: { id: file.proposal_id, code: file.code },
            item,
            validityDays: days,
            expiresAt,
            now,
            optOutToken,
          }),
        );
        await recordAudit(tx, {
          actorId: null,
          action: 'document.expiry_notice',
          subject: file.proposal_id,
          detail: `${item.key}: ${file.id}`,
        });
      });
      sent++;
    } catch (err) {
      // Another instance told this copy first (the notice's key), or one proposal's data failed:
      // the others still get theirs.
      args.log?.warn(
        { proposalId: file.proposal_id, err: err instanceof Error ? err.message : String(err) },
        'document expiry notice not sent',
      );
    }
  }
  return { sent };
}
