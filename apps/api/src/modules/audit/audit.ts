import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../crypto';

type AuditEntry = {
  actorId: string | null;
  action: string;
  subject?: string | null;
  ip?: string | null;
  detail?: string | null;
};

/** The audit_log row of an entry, as recordAudit inserts it (and a one-statement change, queries/sections.ts). */
export function auditRow(entry: AuditEntry) {
  return {
    id: newId(),
    at: Date.now(),
    actor_id: entry.actorId,
    action: entry.action,
    subject: entry.subject ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? null,
  };
}

/** Appends to the audit log: who did what to which subject. Never holds personal data itself. */
export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(entry)).execute();
}
