import { clearPending, markPending } from '../documents/upload-housekeeping';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { DOCUMENT_ITEMS, isDocumentItemKey } from '@portal/domain/documents';
import { findSection } from '@portal/domain/sections-registry';
import { PRIVACY_MESSAGES } from '@portal/domain/privacy';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { newId } from '../../crypto';
import { recordAudit } from '../audit/audit';
import { enqueueMail, type Mailer } from '../mail/outbox';
import { syncProposalIndex } from '../proposals/search-index';
import { eraseProposalNotes } from '../backoffice/notes.service';
import type { ObjectStorage } from '../documents/storage';
import type { InsuranceService } from '../insurance/insurance.service';
import { findRemindersSentTo } from '../proposals/queries/privacy';
import { createPrivacyRepository } from './privacy.repository';

interface Deps {
  db: Kysely<Database>;
  storage: ObjectStorage;
  insurance: InsuranceService;
  mailer: Mailer;
  outboxDir: string;
}

const parse = (json: string | null) => (json ? (JSON.parse(json) as unknown) : null);

/**
 * LGPD self-service: a person downloads everything the portal holds about them, and asks for its
 * deletion, which an operator completes (docs/decisions/006-privacy.md).
 */
export function createPrivacyService(deps: Deps) {
  const { db } = deps;
  const repo = createPrivacyRepository(db);

  /** The sections that hold this member's data: their own per-buyer ones, the main buyer's investment, the seller's. */
  function ownsSection(member: { role: string; position: number }, section: { section: string; buyer: number }) {
    const def = findSection(section.section);
    if (!def) return false;
    if (member.role === 'seller') return def.scope === 'seller' || section.section === 'seller';
    if (def.scope === 'buyer') return section.buyer === member.position;
    return member.position === 0 && section.section === 'investment';
  }

  function ownsDocument(member: { role: string; position: number }, item: string, uploadedBy: string, userId: string) {
    if (uploadedBy === userId) return true;
    if (!isDocumentItemKey(item)) return false;
    const def = DOCUMENT_ITEMS[item];
    return member.role === 'seller' ? def.uploader === 'seller' : def.buyer === member.position;
  }

  return {
    async status(user: SessionUser) {
      const request = await repo.findLatestRequest(user.id);
      return request
        ? {
            deletion: {
              status: request.status as 'pending' | 'completed',
              requestedAt: new Date(request.requested_at).toISOString(),
            },
          }
        : { deletion: null };
    },

    /** Everything about the caller, as JSON (LGPD art. 18, II and V). Reading one's own data is not an access to log. */
    async exportData(user: SessionUser, ip: string | null) {
      const account = await repo.findAccount(user.id);
      const proposals = [];
      for (const m of await repo.findMemberships(user.id)) {
        const sections = (await repo.findSections(m.proposal_id))
          .filter((s) => ownsSection(m, s))
          .map((s) => ({
            section: s.section,
            buyer: s.buyer < 0 ? null : s.buyer,
            status: s.status,
            values: parse(s.data),
            draft: parse(s.draft),
            submittedAt: s.submitted_at ? new Date(s.submitted_at).toISOString() : null,
          }));
        const documents = (await repo.findFiles(m.proposal_id))
          .filter((f) => ownsDocument(m, f.item, f.uploaded_by, user.id))
          .map((f) => ({
            item: f.item,
            name: f.name,
            type: f.mime,
            size: f.size,
            status: f.status,
            reason: f.review_reason,
            uploadedAt: new Date(f.uploaded_at).toISOString(),
          }));
        let health = null;
        if (m.role === 'buyer') {
          const consents = await repo.findHealthConsents(m.proposal_id, m.position);
          const answers = await deps.insurance.readAnswers(user, m.proposal_id, m.position, ip).catch(() => null);
          health = {
            consents: consents.map((c) => ({
              version: c.version,
              insurer: c.insurance_name,
              grantedAt: new Date(c.granted_at).toISOString(),
              revokedAt: c.revoked_at ? new Date(c.revoked_at).toISOString() : null,
            })),
            answers: answers?.answers ?? [],
            completed: answers?.completed ?? false,
          };
        }
        proposals.push({ code: m.code, role: m.role, position: m.position, sections, documents, health });
      }
      // The reminders the person got and whether they still want them (docs/decisions/049).
      const [optOut, reminders] = await Promise.all([
        db.selectFrom('reminder_opt_outs').select('at').where('user_id', '=', user.id).executeTakeFirst(),
        findRemindersSentTo(db, user.id),
      ]);
      await recordAudit(db, { actorId: user.id, action: 'privacy.exported', subject: `user:${user.id}`, ip });
      return {
        generatedAt: new Date().toISOString(),
        account: {
          ...account,
          created_at: new Date(account.created_at).toISOString(),
          updated_at: new Date(account.updated_at).toISOString(),
        },
        proposals,
        reminders: {
          enabled: !optOut,
          sent: reminders.map((r) => ({
            proposal: r.code,
            number: Number(r.seq),
            sentAt: new Date(Number(r.sent_at)).toISOString(),
          })),
        },
      };
    },

    /** A buyer's or seller's own request (the route's access: operators' accounts are removed by another operator). */
    async requestDeletion(user: SessionUser, ip: string | null) {
      const pending = await repo.findPendingRequest(user.id);
      if (pending) throw new HttpError(409, 'already_requested', PRIVACY_MESSAGES.deletionAlreadyPending);
      const id = newId();
      await db.transaction().execute(async (tx) => {
        await repo.insertRequest({ id, userId: user.id, role: user.role, at: Date.now() }, tx);
        await recordAudit(tx, { actorId: user.id, action: 'privacy.deletion_requested', subject: `privacy:${id}`, ip });
      });
      return { id, message: PRIVACY_MESSAGES.deletionRequested };
    },

    async listRequests() {
      const rows = await repo.listRequests();
      return rows.map((r) => ({
        id: r.id,
        role: r.role,
        status: r.status,
        name: r.name,
        email: r.email,
        requestedAt: new Date(r.requested_at).toISOString(),
        completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
      }));
    },

    /**
     * Erases the person: their sections, health data, documents (rows and stored files), e-mails,
     * sessions and tokens go; their account and memberships stay as anonymous shells so the
     * proposal's history still adds up. One transaction for the database; files after commit.
     */
    async completeRequest(operator: SessionUser, requestId: string, ip: string | null) {
      const request = await repo.findRequest(requestId);
      if (!request) throw notFound();
      if (request.status !== 'pending') throw new HttpError(409, 'already_completed', 'Este pedido já foi concluído.');
      const user = await repo.findUser(request.user_id);
      const storageKeys: string[] = [];
      await db.transaction().execute(async (tx) => {
        // Inside the transaction, every query goes through tx (SQLite has one connection).
        for (const m of await repo.findMemberships(user.id, tx)) {
          const sections = await repo.findSectionKeys(m.proposal_id, tx);
          const own = sections.filter((s) => ownsSection(m, s)).map((s) => s.id);
          if (own.length) await repo.deleteSections(own, tx);
          if (m.role === 'buyer') await repo.deleteHealthData(m.proposal_id, m.position, tx);
          const files = (await repo.findFileKeys(m.proposal_id, tx)).filter((f) =>
            ownsDocument(m, f.item, f.uploaded_by, user.id),
          );
          if (files.length) {
            storageKeys.push(...files.map((f) => f.storage_key));
            // Kept until the objects are gone: a crash or storage error below leaves them to the documents sweep.
            for (const f of files) await markPending(tx, f.storage_key);
            await repo.deleteFiles(
              files.map((f) => f.id),
              tx,
            );
          }
          await repo.anonymiseMember(m.id, tx);
          // The team's notes may name the person anywhere in their text (docs/decisions/051).
          await eraseProposalNotes(tx, m.proposal_id);
          await syncProposalIndex(tx, m.proposal_id);
        }
        await repo.deleteUserTraces(user, tx);
        await repo.anonymiseUser(user.id, Date.now(), tx);
        await repo.markCompleted(requestId, operator.id, Date.now(), tx);
        await recordAudit(tx, {
          actorId: operator.id,
          action: 'privacy.deletion_completed',
          subject: `privacy:${requestId}`,
          ip,
        });
        // The confirmation goes out, and is the only mail left for that address.
        await enqueueMail(tx, {
          to: user.email,
          kind: 'privacy',
          subject: 'Seus dados foram apagados — Portal de Propostas',
          text: 'Concluímos o seu pedido: os seus dados pessoais foram apagados do Portal de Propostas, como prevê a LGPD (art. 18, VI).',
        });
      });
      for (const key of storageKeys) {
        await deps.storage.remove(key);
        await clearPending(deps.db, key);
      }
      await removeOutboxFiles(deps.outboxDir, user.email);
      deps.mailer.kick();
      return { message: PRIVACY_MESSAGES.deletionCompleted };
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;

/** E-mails already written as .eml files to that address are removed too. */
async function removeOutboxFiles(dir: string, email: string) {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const text = await readFile(join(dir, name), 'utf8');
    if (new RegExp(`^To: .*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(text))
      await rm(join(dir, name), { force: true });
  }
}
