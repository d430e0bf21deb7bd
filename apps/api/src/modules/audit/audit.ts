import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../crypto';

/** Appends to the audit log: who did what to which subject. Never holds personal data itself. */
export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  entry: {
    actorId: string | null;
    action: string;
    subject?: string | null;
    ip?: string | null;
    detail?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      at: Date.now(),
      actor_id: entry.actorId,
      action: entry.action,
      subject: entry.subject ?? null,
      ip: entry.ip ?? null,
      detail: entry.detail ?? null,
    })
    .execute();
}
